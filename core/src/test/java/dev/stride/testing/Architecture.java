package dev.stride.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.classfile.Attributes;
import java.lang.classfile.ClassFile;
import java.lang.classfile.ClassModel;
import java.lang.classfile.FieldModel;
import java.lang.classfile.MethodModel;
import java.lang.classfile.attribute.SignatureAttribute;
import java.lang.classfile.constantpool.ClassEntry;
import java.lang.classfile.constantpool.MemberRefEntry;
import java.lang.classfile.constantpool.NameAndTypeEntry;
import java.lang.classfile.constantpool.PoolEntry;
import java.lang.reflect.AccessFlag;
import java.net.URISyntaxException;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Stride's layering, checked on compiled classes: which package may use which, no cycles between packages, no
 * internal type in the signatures of the public API, and no public type in the API packages that the API itself never
 * reaches. Works on any set of classes, so its own test can feed it classes that break each rule.
 */
public final class Architecture {

    /** The packages users and plugins see; every other {@code dev.stride.internal} package is hidden. */
    public static final Set<String> API = Set.of("dev.stride", "dev.stride.model", "dev.stride.spi");

    /**
     * Where the API starts: every public type of {@code dev.stride} (what a user calls), the services a plug-in
     * provides (what a plug-in author implements first), and the model's static factories, which a user calls though
     * no signature names them ({@code CodecChain}'s entries go to {@code ArraySpec.codecs}).
     */
    private static final String ENTRY_PACKAGE = "dev.stride";
    private static final Set<String> ROOTS = Set.of("dev.stride.spi.CodecProvider", "dev.stride.spi.StoreProvider",
            "dev.stride.model.CodecChain");

    /** The modules of Stride beside core, each named as its package: those a qualified export may name. */
    private static final List<String> SIBLINGS = List.of("dev.stride.arrow", "dev.stride.azure", "dev.stride.cli",
            "dev.stride.codecs", "dev.stride.http", "dev.stride.s3", "dev.stride.spark");

    /**
     * What each package may depend on, first matching prefix wins. Bottom to top: internal.base (leaf helpers),
     * model (values of the API, on nothing of Stride's), spi (what plugins implement, in model's values), the
     * internals, the entry points in dev.stride; the codecs and http modules are plugins and see model and spi only,
     * the s3 and azure modules those and http's engine; the arrow and spark modules are users of the API; the command
     * line sees the API and the arrow module. Each sibling module may also use the internal packages core's module-info exports to it by
     * name ({@link #exportsTo}), and no other.
     */
    private static final List<Rule> RULES = List.of(
            new Rule("dev.stride.internal.base", Set.of()),
            new Rule("dev.stride.model", Set.of()),
            new Rule("dev.stride.spi", Set.of("dev.stride.model")),
            new Rule("dev.stride.internal.", Set.of("dev.stride.model", "dev.stride.spi", "dev.stride.internal.")),
            new Rule("dev.stride.codecs", Set.of("dev.stride.model", "dev.stride.spi")),
            new Rule("dev.stride.http", Set.of("dev.stride.model", "dev.stride.spi")),
            new Rule("dev.stride.s3", Set.of("dev.stride.model", "dev.stride.spi", "dev.stride.http")),
            new Rule("dev.stride.azure", Set.of("dev.stride.model", "dev.stride.spi", "dev.stride.http")),
            new Rule("dev.stride.arrow", API),
            new Rule("dev.stride.spark", API),
            new Rule("dev.stride.cli", union(API, Set.of("dev.stride.arrow"))),
            new Rule("dev.stride", Set.of("dev.stride.model", "dev.stride.spi", "dev.stride.internal.")));

    private static Set<String> union(Set<String> a, Set<String> b) {
        Set<String> out = new java.util.HashSet<>(a);
        out.addAll(b);
        return Set.copyOf(out);
    }

    private record Rule(String prefix, Set<String> allowed) {
        boolean covers(String pkg) {
            return prefix.endsWith(".") ? pkg.startsWith(prefix) : pkg.equals(prefix) || pkg.startsWith(prefix + ".");
        }

        boolean allows(String pkg) {
            return allowed.stream().anyMatch(a -> a.endsWith(".") ? pkg.startsWith(a) : pkg.equals(a));
        }
    }

    /**
     * One compiled class: whether it is public, what it refers to anywhere, and what its public signatures mention
     * (supertypes, permitted subtypes, generic signature, and the types of its public and protected members, thrown
     * ones included; nothing for a class that is not public).
     */
    public record ClassInfo(String name, boolean isPublic, Set<String> uses, Set<String> exposes) {
        String pkg() {
            return packageOf(name);
        }
    }

    private static final Pattern TYPE_IN_DESCRIPTOR = Pattern.compile("L([\\w/$]+)[;<]");

    private final Map<String, ClassInfo> classes = new TreeMap<>();
    /** Per module, the packages a module-info read exports to it by name. */
    private final Map<String, Set<String>> qualifiedExports = new TreeMap<>();

    public void add(ClassInfo info) {
        classes.put(info.name(), info);
    }

    /** Records that {@code pkg} is exported to {@code module} by name, as a module-info's {@code exports ... to}. */
    public void exportsTo(String module, String pkg) {
        qualifiedExports.computeIfAbsent(module, m -> new TreeSet<>()).add(pkg);
    }

    /** The qualified exports of a compiled module-info. */
    private void addModuleInfo(byte[] classFile) {
        ClassFile.of().parse(classFile).findAttribute(Attributes.module()).ifPresent(m -> m.exports().forEach(e ->
                e.exportsTo().forEach(to -> exportsTo(to.name().stringValue(), e.exportedPackage().name().stringValue().replace('/', '.')))));
    }

    /** Every class file under a directory of classes or in a jar. */
    public void addClassesAt(Path location) {
        try {
            if (Files.isDirectory(location)) {
                addTree(location);
            } else {
                try (FileSystem jar = FileSystems.newFileSystem(location)) {
                    addTree(jar.getPath("/"));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The classes of the jar or directory {@code type} was loaded from. */
    public void addClassesOf(Class<?> type) {
        try {
            addClassesAt(Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI()));
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    private void addTree(Path root) throws IOException {
        try (Stream<Path> files = Files.walk(root)) {
            for (Path f : files.filter(p -> p.toString().endsWith(".class")).toList()) {
                if (f.endsWith("module-info.class")) {
                    addModuleInfo(Files.readAllBytes(f));
                } else {
                    add(read(Files.readAllBytes(f)));
                }
            }
        }
    }

    public static ClassInfo read(byte[] classFile) {
        ClassModel model = ClassFile.of().parse(classFile);
        Set<String> uses = new TreeSet<>();
        for (PoolEntry e : model.constantPool()) {
            switch (e) {
                case ClassEntry c -> typesIn(c.asInternalName().startsWith("[") ? c.asInternalName() : "L" + c.asInternalName() + ";", uses);
                case MemberRefEntry m -> typesIn(m.type().stringValue(), uses);
                case NameAndTypeEntry n -> typesIn(n.type().stringValue(), uses);
                default -> {
                }
            }
        }
        model.superclass().ifPresent(c -> uses.add(c.asInternalName().replace('/', '.')));
        model.findAttribute(Attributes.signature()).ifPresent(s -> typesIn(s.signature().stringValue(), uses));
        Set<String> exposes = new TreeSet<>();
        boolean api = model.flags().has(AccessFlag.PUBLIC);
        if (api) {
            model.superclass().ifPresent(c -> exposes.add(c.asInternalName().replace('/', '.')));
            model.interfaces().forEach(i -> exposes.add(i.asInternalName().replace('/', '.')));
            model.findAttribute(Attributes.signature()).ifPresent(s -> typesIn(s.signature().stringValue(), exposes));
            model.findAttribute(Attributes.permittedSubclasses())
                    .ifPresent(p -> p.permittedSubclasses().forEach(c -> exposes.add(c.asInternalName().replace('/', '.'))));
        }
        for (MethodModel m : model.methods()) {
            boolean shown = api && visible(m.flags().flags());
            member(m.methodType().stringValue(), m.findAttribute(Attributes.signature()), shown, uses, exposes);
            if (shown) {
                m.findAttribute(Attributes.exceptions())
                        .ifPresent(x -> x.exceptions().forEach(c -> exposes.add(c.asInternalName().replace('/', '.'))));
            }
        }
        for (FieldModel f : model.fields()) {
            member(f.fieldType().stringValue(), f.findAttribute(Attributes.signature()), api && visible(f.flags().flags()), uses, exposes);
        }
        String name = model.thisClass().asInternalName().replace('/', '.');
        uses.remove(name);
        return new ClassInfo(name, api, uses, exposes);
    }

    /** A member's types are used by its class; those of a visible member of a public class are shown too. */
    private static void member(String descriptor, Optional<SignatureAttribute> signature, boolean shown,
                               Set<String> uses, Set<String> exposes) {
        for (Set<String> into : shown ? List.of(uses, exposes) : List.of(uses)) {
            typesIn(descriptor, into);
            signature.ifPresent(s -> typesIn(s.signature().stringValue(), into));
        }
    }

    private static boolean visible(Set<AccessFlag> flags) {
        return (flags.contains(AccessFlag.PUBLIC) || flags.contains(AccessFlag.PROTECTED)) && !flags.contains(AccessFlag.SYNTHETIC);
    }

    private static void typesIn(String descriptor, Set<String> into) {
        Matcher m = TYPE_IN_DESCRIPTOR.matcher(descriptor);
        while (m.find()) {
            into.add(m.group(1).replace('/', '.'));
        }
    }

    static String packageOf(String className) {
        int dot = className.lastIndexOf('.');
        return dot < 0 ? "" : className.substring(0, dot);
    }

    private static boolean ours(String pkg) {
        return pkg.equals("dev.stride") || pkg.startsWith("dev.stride.");
    }

    public int size() {
        return classes.size();
    }

    /** Uses of a package its layer may not use, one line per class and package used. */
    public List<String> layerViolations() {
        List<String> out = new ArrayList<>();
        for (ClassInfo c : classes.values()) {
            Rule rule = RULES.stream().filter(r -> r.covers(c.pkg())).findFirst().orElse(null);
            if (rule == null) {
                continue;
            }
            Set<String> exported = SIBLINGS.stream().filter(m -> new Rule(m, Set.of()).covers(c.pkg())).findFirst()
                    .map(m -> qualifiedExports.getOrDefault(m, Set.of())).orElse(Set.of());
            Set<String> bad = new TreeSet<>();
            for (String used : c.uses()) {
                String pkg = packageOf(used);
                if (ours(pkg) && !pkg.equals(c.pkg()) && !rule.allows(pkg) && !exported.contains(pkg)) {
                    bad.add(pkg);
                }
            }
            Set<String> allowed = new TreeSet<>(rule.allowed());
            allowed.addAll(exported);
            bad.forEach(pkg -> out.add(c.name() + " uses " + pkg + " (" + rule.prefix() + " may use only " + allowed + ")"));
        }
        return out;
    }

    /** Internal types that public signatures of the API packages mention. */
    public List<String> leaks() {
        List<String> out = new ArrayList<>();
        for (ClassInfo c : classes.values()) {
            if (API.contains(c.pkg())) {
                for (String t : c.exposes()) {
                    if (t.startsWith("dev.stride.internal.")) {
                        out.add(c.name() + " shows internal type " + t + " in its public signatures");
                    }
                }
            }
        }
        return out;
    }

    /**
     * Public types of the API packages that no public signature reaches from where the API starts ({@link #ROOTS} and
     * the public types of {@code dev.stride}), nor membership of a reached public type: public only so that another module of Stride could use them, which is
     * what the qualified exports of {@code dev.stride.internal} packages are for.
     */
    public List<String> publicForSiblingsOnly() {
        Set<String> reached = new TreeSet<>();
        Deque<String> next = new ArrayDeque<>();
        classes.values().stream().filter(c -> c.isPublic() && (c.pkg().equals(ENTRY_PACKAGE) || ROOTS.contains(c.name())))
                .forEach(c -> next.push(c.name()));
        while (!next.isEmpty()) {
            String name = next.pop();
            ClassInfo c = classes.get(name);
            if (reached.add(name) && c != null) {
                c.exposes().forEach(next::push);
                // a public type's public member types are its API too (FieldAccessor.TimeField, asked for by class)
                classes.values().stream().filter(m -> m.isPublic() && isMemberOf(m.name(), name)).forEach(m -> next.push(m.name()));
            }
        }
        List<String> out = new ArrayList<>();
        for (ClassInfo c : classes.values()) {
            if (c.isPublic() && API.contains(c.pkg()) && !reached.contains(c.name())) {
                out.add(c.name() + " is public, but no public signature of the API reaches it");
            }
        }
        return out;
    }

    private static boolean isMemberOf(String type, String outer) {
        return type.startsWith(outer + "$") && type.indexOf('$', outer.length() + 1) < 0;
    }

    /** Each cycle between packages (a strongly connected group of two or more), as the sorted package names. */
    public List<Set<String>> packageCycles() {
        Map<String, Set<String>> graph = new TreeMap<>();
        for (ClassInfo c : classes.values()) {
            Set<String> edges = graph.computeIfAbsent(c.pkg(), k -> new TreeSet<>());
            for (String used : c.uses()) {
                String pkg = packageOf(used);
                if (ours(pkg) && !pkg.equals(c.pkg())) {
                    edges.add(pkg);
                }
            }
        }
        return new Tarjan(graph).components().stream().filter(g -> g.size() > 1).toList();
    }

    /** Tarjan's strongly connected components over a package graph. */
    private static final class Tarjan {
        private final Map<String, Set<String>> graph;
        private final Map<String, Integer> index = new HashMap<>();
        private final Map<String, Integer> low = new HashMap<>();
        private final Deque<String> stack = new ArrayDeque<>();
        private final Set<String> onStack = new TreeSet<>();
        private final List<Set<String>> components = new ArrayList<>();

        Tarjan(Map<String, Set<String>> graph) {
            this.graph = graph;
        }

        List<Set<String>> components() {
            graph.keySet().forEach(v -> {
                if (!index.containsKey(v)) {
                    visit(v);
                }
            });
            return components;
        }

        private void visit(String v) {
            index.put(v, index.size());
            low.put(v, index.get(v));
            stack.push(v);
            onStack.add(v);
            for (String w : graph.getOrDefault(v, Set.of())) {
                if (!index.containsKey(w)) {
                    visit(w);
                    low.put(v, Math.min(low.get(v), low.get(w)));
                } else if (onStack.contains(w)) {
                    low.put(v, Math.min(low.get(v), index.get(w)));
                }
            }
            if (low.get(v).equals(index.get(v))) {
                Set<String> component = new TreeSet<>();
                String w;
                do {
                    w = stack.pop();
                    onStack.remove(w);
                    component.add(w);
                } while (!w.equals(v));
                components.add(component);
            }
        }
    }
}
