package dev.stride.internal.file;

import dev.stride.model.ZarrException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class WholeFileTest {
    @TempDir
    Path dir;

    private static void writeText(Path file, String text) throws IOException {
        WholeFile.write(file, out -> out.write(ByteBuffer.wrap(text.getBytes(StandardCharsets.UTF_8))));
    }

    @Test
    void replacesAFileWholeAndLeavesNothingBeside() throws IOException {
        Path file = dir.resolve("out.csv");
        Files.writeString(file, "old");
        writeText(file, "new");
        assertEquals("new", Files.readString(file));
        assertEquals(List.of(file), Files.list(dir).toList());
    }

    @Test
    void aLinkIsFollowedToTheFileItNamesAndKept() throws IOException {
        Path target = Files.createDirectory(dir.resolve("big")).resolve("out.csv");
        Path link = Files.createSymbolicLink(dir.resolve("link.csv"), Path.of("big", "out.csv"));
        writeText(link, "through the dangling link");
        assertEquals("through the dangling link", Files.readString(target));
        writeText(link, "over the file it names");
        assertTrue(Files.isSymbolicLink(link));
        assertEquals("over the file it names", Files.readString(target));
    }

    @Test
    void aPipeIsRefusedUntouched() throws IOException, InterruptedException {
        Path fifo = dir.resolve("out.csv");
        assertEquals(0, new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor());
        ZarrException.BadRequest e = assertThrows(ZarrException.BadRequest.class, () -> writeText(fifo, "x"));
        assertEquals("'" + fifo + "' is not a regular file (a pipe, a device or a socket); give the path of a file to write",
                e.getMessage());
        assertTrue(Files.exists(fifo) && !Files.isRegularFile(fifo), "still the pipe");
        assertEquals(List.of(fifo), Files.list(dir).toList());
    }

    @Test
    void aDirectoryIsRefused() {
        ZarrException.BadRequest e = assertThrows(ZarrException.BadRequest.class, () -> writeText(dir, "x"));
        assertEquals("'" + dir + "' is a directory; give the file to write", e.getMessage());
    }

    @Test
    void aLoopOfLinksIsRefused() throws IOException {
        Path a = dir.resolve("a");
        Files.createSymbolicLink(a, Path.of("b"));
        Files.createSymbolicLink(dir.resolve("b"), Path.of("a"));
        IOException e = assertThrows(IOException.class, () -> writeText(a, "x"));
        assertEquals(a + ": too many levels of symbolic links", e.getMessage());
        assertEquals(List.of(a, dir.resolve("b")), Files.list(dir).sorted().toList());
    }
}
