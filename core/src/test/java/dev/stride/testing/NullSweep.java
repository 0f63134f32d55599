package dev.stride.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Constructor;
import java.lang.reflect.Executable;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.Proxy;
import java.net.URISyntaxException;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Calls every public constructor and method of the public types of some packages once for each of its reference
 * parameters, with null there and a value of the parameter's type everywhere else, and collects the calls from which
 * a {@link NullPointerException} escaped. Values (and the receivers of instance methods) come from suppliers given per
 * type, made afresh for each call and closed after it when they are {@link AutoCloseable}; an interface without one
 * (not sealed) gets a stand-in that refuses every call, an enum its first constant, a primitive 1 or true. A type may
 * have several suppliers (a path that names a node, and one that names none): each call is made once with each, so
 * a refusal of one value cannot hide a null another would reach. A method needing a value of another type is not
 * called: {@link Result#unreached} names those types, so a test gives them values (or leaves
 * the method's type out of the sweep, saying why).
 */
public final class NullSweep {
    private final Map<Class<?>, List<Supplier<?>>> values = new HashMap<>();
    private final List<AutoCloseable> made = new ArrayList<>();

    /** Where the values of {@code type} come from, for arguments and receivers; each further supplier adds a round. */
    @SafeVarargs
    public final <T> NullSweep value(Class<T> type, Supplier<? extends T>... suppliers) {
        values.put(type, List.of(suppliers));
        return this;
    }

    /** What a sweep found: the calls a NullPointerException escaped from, and the types no value was given for. */
    public record Result(List<String> escaped, Set<String> unreached, int calls) {
    }

    /** Sweeps the public constructors and methods of {@code types}. */
    public Result sweep(List<Class<?>> types) {
        List<String> escaped = new ArrayList<>();
        Set<String> unreached = new TreeSet<>();
        int calls = 0;
        for (Class<?> type : types) {
            for (Executable e : members(type)) {
                Class<?>[] params = e.getParameterTypes();
                for (int i = 0; i < params.length; i++) {
                    if (params[i].isPrimitive()) {
                        continue;
                    }
                    String missing = missingType(e, i);
                    if (missing != null) {
                        unreached.add(missing + " (for " + describe(e) + ")");
                        continue;
                    }
                    for (int round = 0; round < rounds(e); round++) {
                        calls++;
                        if (call(e, i, round) instanceof NullPointerException npe) {
                            escaped.add(describe(e) + " with null as argument " + i + " (round " + round + "): " + npe.getMessage()
                                    + " at " + (npe.getStackTrace().length > 0 ? npe.getStackTrace()[0] : "?"));
                            break;
                        }
                    }
                }
            }
        }
        return new Result(escaped, unreached, calls);
    }

    private static List<Executable> members(Class<?> type) {
        List<Executable> out = new ArrayList<>();
        if (!Modifier.isAbstract(type.getModifiers()) && !type.isEnum()) {
            out.addAll(Arrays.asList(type.getConstructors()));
        }
        for (Method m : type.getDeclaredMethods()) {
            boolean implementedHere = !Modifier.isAbstract(m.getModifiers());
            if (Modifier.isPublic(m.getModifiers()) && !m.isSynthetic() && !m.isBridge() && implementedHere
                    && !(type.isEnum() && m.getName().equals("valueOf"))) {
                out.add(m);
            }
        }
        out.sort((a, b) -> describe(a).compareTo(describe(b)));
        return out;
    }

    /** The first type a call with null at {@code nullAt} needs a value of and has none, or null. */
    private String missingType(Executable e, int nullAt) {
        if (e instanceof Method m && !Modifier.isStatic(m.getModifiers()) && !hasValue(m.getDeclaringClass())) {
            return m.getDeclaringClass().getName();
        }
        Class<?>[] params = e.getParameterTypes();
        for (int i = 0; i < params.length; i++) {
            if (i != nullAt && !hasValue(params[i])) {
                return params[i].getName();
            }
        }
        return null;
    }

    private boolean hasValue(Class<?> type) {
        return type.isPrimitive() || type.isEnum() || (type.isInterface() && !type.isSealed()) || values.containsKey(type);
    }

    /** The most suppliers any type of the call (its receiver included) has. */
    private int rounds(Executable e) {
        int rounds = values.getOrDefault(e.getDeclaringClass(), List.of()).size();
        for (Class<?> p : e.getParameterTypes()) {
            rounds = Math.max(rounds, values.getOrDefault(p, List.of()).size());
        }
        return Math.max(1, rounds);
    }

    /** Calls {@code e} with null at {@code nullAt}, each other value from its supplier of this round; returns what it threw, or null. */
    private Throwable call(Executable e, int nullAt, int round) {
        try {
            Class<?>[] params = e.getParameterTypes();
            Object[] args = new Object[params.length];
            for (int i = 0; i < params.length; i++) {
                args[i] = i == nullAt ? null : valueOf(params[i], round);
            }
            try {
                if (e instanceof Constructor<?> c) {
                    close(c.newInstance(args));
                } else {
                    Method m = (Method) e;
                    Object receiver = Modifier.isStatic(m.getModifiers()) ? null : valueOf(m.getDeclaringClass(), round);
                    close(m.invoke(receiver, args));
                }
                return null;
            } catch (InvocationTargetException thrown) {
                return thrown.getCause();
            } catch (ReflectiveOperationException unexpected) {
                throw new AssertionError(describe(e), unexpected);
            }
        } finally {
            closeMade();
        }
    }

    private Object valueOf(Class<?> type, int round) {
        List<Supplier<?>> suppliers = values.get(type);
        if (suppliers != null) {
            Object v = suppliers.get(Math.min(round, suppliers.size() - 1)).get();
            if (v instanceof AutoCloseable c) {
                made.add(c);
            }
            return v;
        }
        if (type.isPrimitive()) {
            return primitive(type);
        }
        if (type.isEnum()) {
            return type.getEnumConstants()[0];
        }
        return refusing(type);
    }

    private static Object primitive(Class<?> type) {
        return switch (type.getName()) {
            case "boolean" -> true;
            case "byte" -> (byte) 1;
            case "short" -> (short) 1;
            case "char" -> 'x';
            case "int" -> 1;
            case "long" -> 1L;
            case "float" -> 1f;
            case "double" -> 1d;
            default -> throw new AssertionError(type);
        };
    }

    /** An implementation of {@code type} that throws on every call but those of Object. */
    private static Object refusing(Class<?> type) {
        InvocationHandler handler = (proxy, method, args) -> switch (method.getName()) {
            case "equals" -> proxy == args[0];
            case "hashCode" -> System.identityHashCode(proxy);
            case "toString" -> "refusing " + type.getSimpleName();
            default -> throw new UnsupportedOperationException("a stand-in " + type.getSimpleName() + " refuses " + method.getName());
        };
        return Proxy.newProxyInstance(type.getClassLoader(), new Class<?>[]{type}, handler);
    }

    private static void close(Object result) {
        if (result instanceof AutoCloseable c) {
            try {
                c.close();
            } catch (Exception ignored) {
                // a result closing badly is no null-argument failure
            }
        }
    }

    private void closeMade() {
        for (AutoCloseable c : made.reversed()) {
            close(c);
        }
        made.clear();
    }

    private static String describe(Executable e) {
        String params = Arrays.stream(e.getParameterTypes()).map(Class::getSimpleName).collect(Collectors.joining(", "));
        String name = e instanceof Constructor<?> ? "new" : e.getName();
        return e.getDeclaringClass().getName().replace("$", ".") + "." + name + "(" + params + ")";
    }

    /**
     * The public types (nested ones too, when all their enclosing types are public) of the packages, found among the
     * compiled classes beside {@code anchor}.
     */
    public static List<Class<?>> publicTypes(Class<?> anchor, String... packages) {
        List<Class<?>> out = new ArrayList<>();
        for (String name : classNames(anchor, packages)) {
            try {
                Class<?> c = Class.forName(name, false, anchor.getClassLoader());
                if (isPublicAllTheWay(c) && !c.isAnnotation() && !c.isSynthetic()) {
                    out.add(c);
                }
            } catch (ClassNotFoundException e) {
                throw new AssertionError(e);
            }
        }
        return out;
    }

    private static boolean isPublicAllTheWay(Class<?> c) {
        for (Class<?> t = c; t != null; t = t.getEnclosingClass()) {
            if (!Modifier.isPublic(t.getModifiers()) || t.isAnonymousClass() || t.isLocalClass()) {
                return false;
            }
        }
        return true;
    }

    private static List<String> classNames(Class<?> anchor, String... packages) {
        try {
            Path location = Path.of(anchor.getProtectionDomain().getCodeSource().getLocation().toURI());
            if (Files.isDirectory(location)) {
                return classNamesUnder(location, packages);
            }
            try (FileSystem jar = FileSystems.newFileSystem(location)) {
                return classNamesUnder(jar.getPath("/"), packages);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (URISyntaxException e) {
            throw new AssertionError(e);
        }
    }

    private static List<String> classNamesUnder(Path root, String... packages) throws IOException {
        List<String> out = new ArrayList<>();
        for (String p : packages) {
            Path dir = root.resolve(p.replace('.', '/'));
            try (Stream<Path> files = Files.list(dir)) {
                files.map(f -> f.getFileName().toString())
                        .filter(f -> f.endsWith(".class") && !f.equals("package-info.class") && !f.equals("module-info.class"))
                        .map(f -> p + "." + f.substring(0, f.length() - ".class".length()))
                        .sorted()
                        .forEach(out::add);
            }
        }
        return out;
    }
}
