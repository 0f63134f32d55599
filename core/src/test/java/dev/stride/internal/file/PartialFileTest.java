package dev.stride.internal.file;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Partial files of killed writers are removed by the next write to the same file; every other file stays. */
class PartialFileTest {
    @TempDir
    Path dir;

    @Test
    void onlyThePartialFilesOfGoneProcessesOfThisHostAndFileAreRemoved() throws IOException {
        Path out = dir.resolve("out.arrow");
        Path mine = PartialFile.beside(out);
        Files.createFile(mine);
        String name = mine.getFileName().toString();
        assertTrue(name.startsWith(".out.arrow.h-") && name.endsWith(".partial"), name);
        String self = ".p-" + ProcessHandle.current().pid() + "-";
        String host = name.substring(0, name.indexOf(self));
        // no process has pid 2^31-1 (Linux stops at 2^22); the pid of this process with another start was reused
        Path killed = Files.createFile(dir.resolve(host + ".p-2147483647-1733300000000.k1.partial"));
        Path reused = Files.createFile(dir.resolve(host + self + "1.r2.partial"));
        List<Path> kept = List.of(mine,
                Files.createFile(dir.resolve(".out.arrow.h-elsewhere.p-2147483647-1.e3.partial")),
                Files.createFile(dir.resolve(host.replace(".out.arrow.", ".other.arrow.") + ".p-2147483647-1.o4.partial")),
                Files.createFile(dir.resolve(".out.arrow.0b6a3a0e-4f55-4a6e-9d0c-2b1f6a7c9e11.partial")),
                Files.createFile(out));
        PartialFile.removeAbandoned(out);
        try (Stream<Path> left = Files.list(dir)) {
            assertEquals(kept.stream().map(Path::getFileName).sorted().toList(), left.map(Path::getFileName).sorted().toList(),
                    "removed: " + killed.getFileName() + " and " + reused.getFileName());
        }
    }
}
