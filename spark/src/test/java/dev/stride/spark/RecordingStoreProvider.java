package dev.stride.spark;

import dev.stride.ChunkStatistics;
import dev.stride.spi.Scratch;
import dev.stride.spi.Store;
import dev.stride.spi.StoreDescriptor;
import dev.stride.spi.StoreProvider;
import dev.stride.spi.ValuePart;
import dev.stride.testing.ForwardingStore;

import java.lang.foreign.MemorySegment;
import java.net.URI;
import java.nio.file.Path;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The {@code recording} scheme: {@code recording:///dir} is the directory {@code dir} read through the file store,
 * with every key read remembered in one set for the JVM. The executors of {@code local[2]} run in the test's JVM, so a
 * test sees what its tasks read, not only what the driver read.
 */
public final class RecordingStoreProvider implements StoreProvider {
    /** Every value read, as the store's directory, a slash and the key. */
    private static final Set<String> READS = ConcurrentHashMap.newKeySet();
    /** How often the store of each directory was opened. */
    private static final Map<String, AtomicInteger> OPENS = new ConcurrentHashMap<>();

    @Override
    public String scheme() {
        return "recording";
    }

    @Override
    public Store open(StoreDescriptor where) {
        StoreDescriptor file = new StoreDescriptor(Path.of(where.uri().getPath()).toUri(), where.options());
        Store files = ServiceLoader.load(StoreProvider.class).stream()
                .map(ServiceLoader.Provider::get)
                .filter(p -> p.scheme().equals("file"))
                .findFirst().orElseThrow()
                .open(file);
        OPENS.computeIfAbsent(Path.of(where.uri().getPath()).toString(), k -> new AtomicInteger()).incrementAndGet();
        return new Recording(files, where, Path.of(where.uri().getPath()).toString());
    }

    /** The URI of a directory read through this scheme. */
    static String uri(Path dir) {
        return URI.create("recording://" + dir.toAbsolutePath().toUri().getRawPath()).toString();
    }

    /** The keys of chunks (all but metadata documents and the statistics sidecar) read so far below {@code dir}, sorted. */
    static Set<String> chunksRead(Path dir) {
        String prefix = dir.toAbsolutePath() + "/";
        Set<String> out = new TreeSet<>();
        for (String k : READS) {
            if (k.startsWith(prefix) && !k.endsWith("zarr.json") && !k.endsWith(ChunkStatistics.SIDECAR)) {
                out.add(k.substring(prefix.length()));
            }
        }
        return out;
    }

    /** How often the store of {@code dir} was opened so far, by the driver and the executors. */
    static int opens(Path dir) {
        AtomicInteger n = OPENS.get(dir.toAbsolutePath().toString());
        return n == null ? 0 : n.get();
    }

    static void forget(Path dir) {
        String prefix = dir.toAbsolutePath() + "/";
        READS.removeIf(k -> k.startsWith(prefix));
    }

    private static final class Recording extends ForwardingStore {
        private final StoreDescriptor where;
        private final String root;

        Recording(Store delegate, StoreDescriptor where, String root) {
            super(delegate);
            this.where = where;
            this.root = root;
        }

        private void saw(String key) {
            READS.add(root + "/" + key);
        }

        @Override
        public MemorySegment read(String key, long offset, long length, Scratch scratch) {
            saw(key);
            return delegate.read(key, offset, length, scratch);
        }

        @Override
        public ValuePart readPrefix(String key, long length, Scratch scratch) {
            saw(key);
            return delegate.readPrefix(key, length, scratch);
        }

        @Override
        public ValuePart readSuffix(String key, long length, Scratch scratch) {
            saw(key);
            return delegate.readSuffix(key, length, scratch);
        }

        @Override
        public MemorySegment[] readRanges(String key, long[] offsets, long[] lengths, Scratch scratch) {
            saw(key);
            return delegate.readRanges(key, offsets, lengths, scratch);
        }

        @Override
        public byte[] readBytes(String key) {
            saw(key);
            return delegate.readBytes(key);
        }

        /** Opened again elsewhere (an executor), it records there too. */
        @Override
        public StoreDescriptor descriptor() {
            return where;
        }
    }
}
