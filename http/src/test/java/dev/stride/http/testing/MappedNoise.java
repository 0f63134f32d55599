package dev.stride.http.testing;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Random;

/** Values for upload tests as a large shard reaches a store: bytes in a file, mapped, not on the heap. */
public final class MappedNoise {

    private MappedNoise() {
    }

    /** {@code size} bytes of noise from {@code seed}, written to a new file in {@code dir} and mapped into {@code arena}. */
    public static MemorySegment of(Path dir, long size, long seed, Arena arena) throws IOException {
        byte[] bytes = new byte[Math.toIntExact(size)];
        new Random(seed).nextBytes(bytes);
        Path file = Files.write(dir.resolve("noise-" + seed + "-" + size), bytes);
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            return channel.map(FileChannel.MapMode.READ_ONLY, 0, size, arena);
        }
    }
}
