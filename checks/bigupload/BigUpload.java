import dev.stride.internal.memory.ThreadScratch;
import dev.stride.spi.StoreDescriptor;
import dev.stride.spi.StoreProvider;
import dev.stride.spi.WritableStore;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.Locale;
import java.util.ServiceLoader;

/**
 * One large value through a store, as a shard of that size would go: made in a file, mapped, written with the store's
 * write (a multipart upload, or blocks, for a value larger than a part), read back in ranges and compared by SHA-256
 * with the file. The value is never on the heap: run it with a small -Xmx. Prints what each step took.
 *
 * usage: java -Xmx256m -cp cli/target/stride.jar checks/bigupload/BigUpload.java STORE-URI KEY FILE BYTES
 */
public final class BigUpload {
    /** What one read asks for. */
    private static final long RANGE = 64L << 20;

    public static void main(String[] args) throws Exception {
        if (args.length != 4) {
            throw new IllegalArgumentException("usage: BigUpload STORE-URI KEY FILE BYTES");
        }
        StoreDescriptor where = StoreDescriptor.parse(args[0]);
        String key = args[1];
        long size = Long.parseLong(args[3]);
        try (Arena arena = Arena.ofShared(); WritableStore store = provider(where).openWritable(where)) {
            long start = System.nanoTime();
            MemorySegment value = noise(Path.of(args[2]), size, arena);
            String expected = sha256(value);
            report("made and hashed the file", size, start);

            start = System.nanoTime();
            store.write(key, value);
            report("wrote " + key + " to " + where.uri(), size, start);

            if (store.size(key) != size) {
                throw new IllegalStateException("the store holds " + store.size(key) + " bytes under " + key + ", not " + size);
            }
            start = System.nanoTime();
            MessageDigest read = MessageDigest.getInstance("SHA-256");
            try (ThreadScratch scratch = new ThreadScratch()) {
                for (long at = 0; at < size; at += RANGE) {
                    read.update(store.read(key, at, Math.min(RANGE, size - at), scratch).asByteBuffer());
                }
            }
            report("read it back in ranges of " + (RANGE >> 20) + " MiB", size, start);
            String actual = HexFormat.of().formatHex(read.digest());
            if (!actual.equals(expected)) {
                throw new IllegalStateException("SHA-256 read back " + actual + ", written " + expected);
            }
            System.out.println("SHA-256 " + actual + " written and read back");
            store.delete(key);
        }
    }

    private static StoreProvider provider(StoreDescriptor where) {
        for (StoreProvider p : ServiceLoader.load(StoreProvider.class)) {
            if (p.scheme().equals(where.uri().getScheme())) {
                return p;
            }
        }
        throw new IllegalArgumentException("no store for " + where.uri());
    }

    /** {@code size} bytes of a xorshift sequence, written to {@code file} through a mapping and mapped read-only. */
    private static MemorySegment noise(Path file, long size, Arena arena) throws Exception {
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.READ, StandardOpenOption.WRITE);
             Arena writing = Arena.ofConfined()) {
            MemorySegment out = channel.map(FileChannel.MapMode.READ_WRITE, 0, size, writing);
            long x = 0x9E3779B97F4A7C15L;
            long at = 0;
            for (; at + 8 <= size; at += 8) {
                x ^= x << 13;
                x ^= x >>> 7;
                x ^= x << 17;
                out.set(ValueLayout.JAVA_LONG_UNALIGNED, at, x);
            }
            for (; at < size; at++) {
                out.set(ValueLayout.JAVA_BYTE, at, (byte) at);
            }
            return channel.map(FileChannel.MapMode.READ_ONLY, 0, size, arena);
        }
    }

    private static String sha256(MemorySegment value) throws Exception {
        MessageDigest digest = MessageDigest.getInstance("SHA-256");
        for (long at = 0; at < value.byteSize(); at += RANGE) {
            digest.update(value.asSlice(at, Math.min(RANGE, value.byteSize() - at)).asByteBuffer());
        }
        return HexFormat.of().formatHex(digest.digest());
    }

    private static void report(String what, long bytes, long start) {
        double seconds = (System.nanoTime() - start) / 1e9;
        System.out.println(String.format(Locale.ROOT, "%-60s %7.1f s  %7.1f MiB/s", what, seconds, bytes / 1048576.0 / seconds));
    }
}
