package dev.stride.cli;

import dev.stride.ZarrWriter;
import dev.stride.model.ArraySpec;
import dev.stride.model.CodecChain;
import dev.stride.model.CoreType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.lang.foreign.MemorySegment;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Files that are there but cannot be read fail the command naming them (exit 1), never come back as fill values or a
 * missing child: FIFOs (without blocking), directories, {@code c} a plain file, files and folders the user may not read
 * (the command run as nobody in a child JVM, when the tests run as root), and a {@code zarr.json} too large for the heap.
 * The hierarchy holds {@code plain} (int32 [8] in chunks of [4]) and {@code sharded} (shards of [4] holding inner chunks
 * of [2]), values 0..7, the same outcome expected of both.
 */
class UnreadableFilesTest {
    /** Catches a command that blocks; it only passes when one does, so it can be generous for a busy machine. */
    private static final Duration BOUND = Duration.ofSeconds(60);

    @TempDir
    Path dir;
    @TempDir
    static Path shared;
    /** This JVM's classpath copied where nobody may read it, made on first use. */
    private static String nobodyClasspath;

    @ParameterizedTest
    @ValueSource(strings = {"plain", "sharded"})
    void aFifoChunkOrShardFailsCatScanAndCopyWithoutBlocking(String array) throws Exception {
        Path root = hierarchy();
        Files.delete(root.resolve(array + "/c/1"));
        mkfifo(root.resolve(array + "/c/1"));
        String failure = root + "/" + array + "/c/1: is a FIFO, not a regular file\n";
        assertFails(run("cat", root.resolve(array)), "stride cat: " + failure);
        assertFails(run("scan", root.resolve(array)), "stride scan: " + failure);
        assertFails(run("copy", root, dir.resolve("out")), "stride copy: " + failure);
    }

    @ParameterizedTest
    @ValueSource(strings = {"plain", "sharded"})
    void aDirectoryWhereAChunkOrShardShouldBeFailsCat(String array) throws Exception {
        Path root = hierarchy();
        Files.delete(root.resolve(array + "/c/1"));
        Files.createDirectories(root.resolve(array + "/c/1/x"));
        assertFails(run("cat", root.resolve(array)), "stride cat: " + root + "/" + array + "/c/1: is a directory, not a file\n");
    }

    @ParameterizedTest
    @ValueSource(strings = {"plain", "sharded"})
    void cAsAPlainFileFailsCat(String array) throws Exception {
        Path root = hierarchy();
        for (String key : List.of("/c/0", "/c/1", "/c")) {
            Files.delete(root.resolve(array + key));
        }
        Files.write(root.resolve(array + "/c"), new byte[] {1});
        assertFails(run("cat", root.resolve(array)), "stride cat: " + root + "/" + array + "/c/0: a parent of it is a file, not a directory\n");
    }

    @Test
    void aChildWhoseZarrJsonIsAFifoFailsInfoAndCopy() throws Exception {
        Path root = hierarchy();
        Files.delete(root.resolve("sharded/zarr.json"));
        mkfifo(root.resolve("sharded/zarr.json"));
        assertInfoAndCopyFail(UnreadableFilesTest::run, root, root + "/sharded/zarr.json: is a FIFO, not a regular file\n");
    }

    @Test
    void aFolderWithoutZarrJsonIsStillNoChild() throws Exception {
        Path root = hierarchy();
        Files.createDirectories(root.resolve("notes/sub"));
        Files.write(root.resolve("README"), new byte[] {1});
        CliRun info = run("info", root);
        assertEquals(0, info.exitCode(), info.err());
        assertFalse(info.out().contains("notes"), info.out());
        assertTrue(info.out().contains("sharded  array"), info.out());
    }

    @ParameterizedTest
    @ValueSource(strings = {"plain", "sharded"})
    void chunksAndFoldersTheUserMayNotReadFailCat(String array) throws Exception {
        assumeRoot();
        Path root = hierarchy();
        Files.setPosixFilePermissions(root.resolve(array + "/c/1"), PosixFilePermissions.fromString("rw-------"));
        assertFails(asNobody("cat", root.resolve(array)), "stride cat: " + root + "/" + array + "/c/1: permission denied\n");
        Files.setPosixFilePermissions(root.resolve(array + "/c"), PosixFilePermissions.fromString("rwx------"));
        assertFails(asNobody("cat", root.resolve(array)),
                "stride cat: " + root + "/" + array + "/c/0: permission denied\n");
    }

    @Test
    void aChildFolderTheUserMayNotReadFailsInfoAndCopy() throws Exception {
        assumeRoot();
        Path root = hierarchy();
        Files.setPosixFilePermissions(root.resolve("sharded"), PosixFilePermissions.fromString("rwx------"));
        assertInfoAndCopyFail(this::asNobody, root, root + "/sharded/zarr.json: permission denied\n");
    }

    @Test
    void aZarrJsonTooLargeForTheHeapIsACleanError() throws Exception {
        Path root = hierarchy();
        try (RandomAccessFile f = new RandomAccessFile(root.resolve("plain/zarr.json").toFile(), "rw")) {
            f.setLength(250L << 20);
        }
        CliRun huge = childJvm(List.of(), List.of("-Xmx64m"), System.getProperty("java.class.path"), "cat", root.resolve("plain"));
        assertTrue(huge.err().startsWith("stride cat: " + root + "/plain/zarr.json: holds 262144000 bytes, too many for this Java heap of "),
                huge.err());
        assertFails(huge, huge.err());
        // small enough to read, too large to parse: 5 M numbers in the attributes
        String numbers = String.join(",", IntStream.range(0, 5_000_000).mapToObj(i -> "0").toList());
        Files.writeString(root.resolve("sharded/zarr.json"), Files.readString(root.resolve("sharded/zarr.json"))
                .replaceFirst("\\{", "{\"attributes\": {\"n\": [" + numbers + "]}, "));
        CliRun parse = childJvm(List.of(), List.of("-Xmx64m"), System.getProperty("java.class.path"), "info", root.resolve("sharded"));
        assertTrue(parse.err().startsWith("stride info: " + root + "/sharded/zarr.json: holds "), parse.err());
        assertTrue(parse.err().contains("too many to parse in this Java heap"), parse.err());
        assertFails(parse, parse.err());
    }

    /** One way of running the command line. */
    private interface Command {
        CliRun run(Object... args) throws IOException, InterruptedException;
    }

    private void assertInfoAndCopyFail(Command command, Path root, String failure) throws IOException, InterruptedException {
        assertFails(command.run("info", root), "stride info: " + failure);
        assertFails(command.run("copy", root, dir.resolve("out")), "stride copy: " + failure);
    }

    private static void assertFails(CliRun run, String err) {
        assertEquals(err, run.err());
        assertEquals(Failures.UNREADABLE, run.exitCode(), run.err());
        assertFalse(run.err().contains("Error") || run.err().contains("\tat "), run.err());
    }

    /** In-process, in bounded time: a command blocked on a FIFO fails the test instead of hanging it. */
    private static CliRun run(Object... args) {
        return assertTimeoutPreemptively(BOUND, () -> CliRun.of(args), "a command that blocks on a FIFO");
    }

    private Path hierarchy() {
        Path root = dir.resolve("data.zarr");
        MemorySegment values = MemorySegment.ofArray(IntStream.range(0, 8).toArray());
        try (ZarrWriter out = ZarrWriter.open(root)) {
            out.createGroup("/");
            out.createArray("/plain", ArraySpec.of(CoreType.INT32, 8).chunks(4)).write(null, values, ByteOrder.nativeOrder());
            out.createArray("/sharded", ArraySpec.of(CoreType.INT32, 8).chunks(4).codecs(CodecChain.sharding(new long[] {2},
                    CodecChain.IndexLocation.END, CodecChain.bytes(ByteOrder.LITTLE_ENDIAN)))).write(null, values, ByteOrder.nativeOrder());
        }
        return root;
    }

    private static void mkfifo(Path path) throws IOException, InterruptedException {
        Process p = new ProcessBuilder("mkfifo", path.toString()).inheritIO().start();
        assertTrue(p.waitFor(10, TimeUnit.SECONDS) && p.exitValue() == 0, "mkfifo " + path);
    }

    private static void assumeRoot() {
        boolean root = "root".equals(System.getProperty("user.name")) && Files.isExecutable(Path.of("/usr/bin/setpriv"));
        if (!root) {
            System.out.println("UnreadableFilesTest: skipped, running as another user needs root and setpriv");
        }
        assumeTrue(root, "needs root to run the command as another user");
    }

    /**
     * The command as user nobody, in a child JVM: root reads any file, so only another user meets permission denied.
     * The data's folders are opened to others first and the classpath copied where nobody may read it.
     */
    private CliRun asNobody(Object... args) throws IOException, InterruptedException {
        if (nobodyClasspath == null) {
            Path classes = Files.createDirectories(shared.resolve("classpath"));
            List<String> entries = new ArrayList<>();
            for (String entry : System.getProperty("java.class.path").split(java.io.File.pathSeparator)) {
                Path from = Path.of(entry);
                Path to = classes.resolve(entries.size() + "-" + from.getFileName());
                copyTree(from, to);
                entries.add(to.toString());
            }
            readableByOthers(classes);
            openToOthers(shared);
            nobodyClasspath = String.join(java.io.File.pathSeparator, entries);
        }
        openToOthers(dir);
        return childJvm(List.of("/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"), List.of(), nobodyClasspath, args);
    }

    private static void copyTree(Path from, Path to) throws IOException {
        if (!Files.exists(from)) {
            return;
        }
        try (Stream<Path> files = Files.walk(from)) {
            for (Path f : files.toList()) {
                Path target = to.resolve(from.relativize(f).toString());
                if (Files.isDirectory(f)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(f, target);
                }
            }
        }
    }

    /** Lets others into a temporary directory, which only its owner may enter; what the writer made there the umask opened. */
    private static void openToOthers(Path temporary) throws IOException {
        Files.setPosixFilePermissions(temporary, PosixFilePermissions.fromString("rwxr-xr-x"));
    }

    private static void readableByOthers(Path tree) throws IOException {
        try (Stream<Path> files = Files.walk(tree)) {
            for (Path f : files.toList()) {
                Files.setPosixFilePermissions(f, PosixFilePermissions.fromString(Files.isDirectory(f) ? "rwxr-xr-x" : "rw-r--r--"));
            }
        }
    }

    /** {@code prefix java options -cp classpath dev.stride.cli.Main args}, with what it printed on stderr. */
    private static CliRun childJvm(List<String> prefix, List<String> options, String classpath, Object... args)
            throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(prefix);
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(List.of("-XX:-UsePerfData", "--enable-native-access=ALL-UNNAMED"));
        command.addAll(options);
        command.addAll(List.of("-cp", classpath, Main.class.getName()));
        for (Object a : args) {
            command.add(a.toString());
        }
        Process p = new ProcessBuilder(command).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        byte[] err = p.getErrorStream().readAllBytes();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "the child JVM finishes");
        return new CliRun(p.exitValue(), "", new String(err, StandardCharsets.UTF_8));
    }
}
