
import java.io.IOException;
import java.lang.classfile.ClassFile;
import java.lang.classfile.ClassFileVersion;
import java.lang.classfile.ClassHierarchyResolver;
import java.lang.classfile.ClassTransform;
import java.lang.classfile.CodeTransform;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;
import java.util.zip.ZipOutputStream;

/**
 * Rewrites the class files of a jar that are older than Java 6 (class file version 50) as version 52 class files with
 * stack map frames, the same code otherwise, so that a JDK's AOT cache can hold them: it refuses older class files.
 * picocli ships Java 5 class files; loading, verifying and linking its ~230 classes on every start of the command line
 * costs 40-60 ms that the cache saves.
 *
 * <p>Each rewritten class is then loaded and initialized from the new jar, which verifies it; only when all pass does
 * the new jar replace the old one. Run by the cli module's {@code package} phase on {@code cli/target/stride.jar},
 * right after the shade plugin made it (see cli/pom.xml), so the jar the launcher runs and records its AOT cache with
 * is final when the build ends: {@code java build-support/UpgradeOldClasses.java JAR}. Prints what it did; exit code
 * 1 leaves the jar untouched (and fails the build).
 */
public final class UpgradeOldClasses {
    private static final int OLDEST_CACHEABLE = 50;
    private static final int TARGET = 52;

    public static void main(String[] args) throws Exception {
        if (args.length != 1) {
            System.err.println("usage: java UpgradeOldClasses.java JAR");
            System.exit(2);
        }
        Path jar = Path.of(args[0]);
        Path rewritten = jar.resolveSibling(jar.getFileName() + ".upgrading");
        List<String> upgraded = rewrite(jar, rewritten);
        if (upgraded.isEmpty()) {
            Files.delete(rewritten);
            System.out.println(jar + ": no class file older than version " + OLDEST_CACHEABLE);
            return;
        }
        try {
            verify(rewritten, upgraded);
        } catch (Throwable t) {
            Files.delete(rewritten);
            System.err.println(jar + ": left as it was; a rewritten class did not load: " + t);
            System.exit(1);
        }
        Files.move(rewritten, jar, StandardCopyOption.REPLACE_EXISTING);
        System.out.println(jar + ": " + upgraded.size() + " class files rewritten as version " + TARGET);
    }

    /** Copies {@code in} to {@code out}, old class files rewritten; gives the names of the classes rewritten. */
    private static List<String> rewrite(Path in, Path out) throws IOException {
        List<String> upgraded = new ArrayList<>();
        try (URLClassLoader hierarchy = new URLClassLoader(new URL[] {in.toUri().toURL()}, null);
             ZipInputStream from = new ZipInputStream(Files.newInputStream(in));
             ZipOutputStream to = new ZipOutputStream(Files.newOutputStream(out))) {
            // frames merge types, so the rewriter must see the jar's own class hierarchy as well as the JDK's
            ClassFile classFile = ClassFile.of(ClassFile.StackMapsOption.GENERATE_STACK_MAPS,
                    ClassFile.ClassHierarchyResolverOption.of(ClassHierarchyResolver.defaultResolver()
                            .orElse(ClassHierarchyResolver.ofResourceParsing(hierarchy))));
            ClassTransform newVersion = (builder, element) -> {
                if (element instanceof ClassFileVersion) {
                    builder.withVersion(TARGET, 0);
                } else {
                    builder.with(element);
                }
            };
            ClassTransform upgrade = newVersion.andThen(ClassTransform.transformingMethodBodies(CodeTransform.ACCEPT_ALL));
            for (ZipEntry entry; (entry = from.getNextEntry()) != null; ) {
                byte[] bytes = from.readAllBytes();
                if (entry.getName().endsWith(".class") && majorVersion(bytes) < OLDEST_CACHEABLE) {
                    bytes = classFile.transformClass(classFile.parse(bytes), upgrade);
                    upgraded.add(entry.getName().replace('/', '.').substring(0, entry.getName().length() - ".class".length()));
                }
                ZipEntry copy = new ZipEntry(entry.getName());
                copy.setTime(entry.getTime());
                to.putNextEntry(copy);
                to.write(bytes);
                to.closeEntry();
            }
        }
        return upgraded;
    }

    private static int majorVersion(byte[] classFile) {
        return classFile.length < 8 ? Integer.MAX_VALUE : ((classFile[6] & 0xff) << 8) | (classFile[7] & 0xff);
    }

    /** Loads and initializes each class, which makes the JVM verify its code against the new frames. */
    private static void verify(Path jar, List<String> classes) throws Exception {
        try (URLClassLoader loader = new URLClassLoader(new URL[] {jar.toUri().toURL()}, null)) {
            for (String name : classes) {
                Class.forName(name, true, loader);
            }
        }
    }
}
