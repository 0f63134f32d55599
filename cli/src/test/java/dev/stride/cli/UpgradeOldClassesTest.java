package dev.stride.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Element;
import org.w3c.dom.Node;

import java.io.IOException;
import java.lang.classfile.ClassFile;
import java.lang.constant.ClassDesc;
import java.lang.constant.ConstantDescs;
import java.lang.constant.MethodTypeDesc;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import java.util.zip.ZipOutputStream;
import javax.xml.parsers.DocumentBuilderFactory;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * build-support/UpgradeOldClasses.java, which cli's {@code package} phase runs on the command line's jar: run on a jar
 * made here, and bound in cli/pom.xml to run after the shade plugin has made that jar.
 */
class UpgradeOldClassesTest {
    private static final Path TOOL = Path.of(System.getProperty("maven.multiModuleProjectDirectory", ".."))
            .resolve("build-support/UpgradeOldClasses.java");

    @Test
    void rewritesOnlyClassesOlderThanJava6AndTheyStillRun(@TempDir Path dir) throws Exception {
        byte[] recent = signClass("recent/Sign", ClassFile.JAVA_8_VERSION);
        byte[] text = "not a class".getBytes(StandardCharsets.UTF_8);
        Path jar = dir.resolve("app.jar");
        writeJar(jar, Map.of("old/Sign.class", signClass("old/Sign", 49), "recent/Sign.class", recent, "notes.txt", text));

        assertEquals(jar + ": 1 class files rewritten as version 52\n", run(jar));
        Map<String, byte[]> after = readJar(jar);
        assertEquals(52, majorVersion(after.get("old/Sign.class")));
        assertArrayEquals(recent, after.get("recent/Sign.class"), "a Java 8 class is copied as it was");
        assertArrayEquals(text, after.get("notes.txt"));
        try (URLClassLoader loader = new URLClassLoader(new URL[] {jar.toUri().toURL()}, null)) {
            Method sign = loader.loadClass("old.Sign").getMethod("sign", int.class);
            assertEquals(1, sign.invoke(null, 5));
            assertEquals(-1, sign.invoke(null, -5), "the branch still runs after verification with the new frames");
        }

        assertEquals(jar + ": no class file older than version 50\n", run(jar));
    }

    @Test
    void thePackagePhaseRunsItOnTheShadedJarAfterTheShadePlugin() throws Exception {
        // the module's own pom; Surefire runs in the module's directory
        Element project = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(Path.of("pom.xml").toFile())
                .getDocumentElement();
        List<Element> plugins = children(child(child(project, "build"), "plugins"), "plugin");
        List<String> names = plugins.stream().map(p -> text(child(p, "artifactId"))).toList();
        int shade = names.indexOf("maven-shade-plugin");
        int upgrade = names.indexOf("maven-antrun-plugin");
        assertTrue(shade >= 0 && upgrade > shade, "in one phase Maven runs plugins in the pom's order: " + names);

        Element shading = child(child(child(plugins.get(shade), "executions"), "execution"), "configuration");
        String jar = text(child(shading, "outputFile"));
        assertEquals("${project.build.directory}/stride.jar", jar);

        Element execution = child(child(plugins.get(upgrade), "executions"), "execution");
        assertEquals("package", text(child(execution, "phase")));
        Element exec = child(child(child(execution, "configuration"), "target"), "exec");
        assertEquals("true", exec.getAttribute("failonerror"), "a rewritten class that does not load fails the build");
        List<String> args = children(exec, "arg").stream().map(a -> a.getAttribute("file")).toList();
        assertEquals(List.of("${project.basedir}/../build-support/UpgradeOldClasses.java", jar), args);
        assertTrue(Files.isRegularFile(Path.of("..", "build-support", "UpgradeOldClasses.java")), "the tool is where the pom says");
    }

    private static List<Element> children(Element parent, String name) {
        List<Element> out = new java.util.ArrayList<>();
        for (Node n = parent.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element e && e.getTagName().equals(name)) {
                out.add(e);
            }
        }
        return out;
    }

    private static Element child(Element parent, String name) {
        List<Element> found = children(parent, name);
        assertEquals(1, found.size(), () -> "one <" + name + "> in <" + parent.getTagName() + ">");
        return found.get(0);
    }

    private static String text(Element e) {
        return e.getTextContent().trim();
    }

    /** {@code public class NAME { public static int sign(int x) { return x > 0 ? 1 : -1; } }}: a branch needs frames. */
    private static byte[] signClass(String name, int major) {
        return ClassFile.of().build(ClassDesc.ofInternalName(name), c -> c
                .withVersion(major, 0)
                .withFlags(ClassFile.ACC_PUBLIC)
                .withMethodBody("sign", MethodTypeDesc.of(ConstantDescs.CD_int, ConstantDescs.CD_int),
                        ClassFile.ACC_PUBLIC | ClassFile.ACC_STATIC, code -> {
                            var negative = code.newLabel();
                            code.iload(0).ifle(negative).iconst_1().ireturn()
                                    .labelBinding(negative).iconst_m1().ireturn();
                        }));
    }

    private static String run(Path jar) throws IOException, InterruptedException {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        Process p = new ProcessBuilder(java.toString(), TOOL.toString(), jar.toString()).redirectErrorStream(true).start();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "the tool finishes");
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, p.exitValue(), out);
        return out;
    }

    private static void writeJar(Path jar, Map<String, byte[]> entries) throws IOException {
        try (ZipOutputStream out = new ZipOutputStream(Files.newOutputStream(jar))) {
            for (var e : new TreeMap<>(entries).entrySet()) {
                out.putNextEntry(new ZipEntry(e.getKey()));
                out.write(e.getValue());
                out.closeEntry();
            }
        }
    }

    private static Map<String, byte[]> readJar(Path jar) throws IOException {
        Map<String, byte[]> entries = new TreeMap<>();
        try (ZipFile zip = new ZipFile(jar.toFile())) {
            for (var e : Collections.list(zip.entries())) {
                entries.put(e.getName(), zip.getInputStream(e).readAllBytes());
            }
        }
        return entries;
    }

    private static int majorVersion(byte[] classFile) {
        return ((classFile[6] & 0xff) << 8) | (classFile[7] & 0xff);
    }
}
