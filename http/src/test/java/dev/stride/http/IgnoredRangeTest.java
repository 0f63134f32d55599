package dev.stride.http;

import dev.stride.internal.memory.ThreadScratch;
import dev.stride.ArrayWriter;
import dev.stride.Zarr;
import dev.stride.ZarrArray;
import dev.stride.ZarrWriter;
import dev.stride.http.testing.FaultProxy;
import dev.stride.http.testing.Nginx;
import dev.stride.model.ArraySpec;
import dev.stride.model.CodecChain;
import dev.stride.model.CodecChain.IndexLocation;
import dev.stride.model.CoreType;
import dev.stride.model.Region;
import dev.stride.model.StructType;
import dev.stride.model.StructType.Field;
import dev.stride.model.ZarrException;
import dev.stride.internal.memory.DecodeBudget;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import java.util.stream.IntStream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A server that ignores {@code Range} (nginx's {@code /norange/}, as {@code python3 -m http.server}) is read all the
 * same: the store says so once, then GETs whole values, each kept by the reading thread's scratch for the reads of it
 * that follow within the pass, and refuses a whole value the decode budget cannot hold.
 */
class IgnoredRangeTest {
    private static Served served;
    private static FaultProxy proxy;
    private final List<String> notices = new CopyOnWriteArrayList<>();
    private final Logger log = Logger.getLogger(RemoteStore.class.getName());
    private final Handler handler = new Handler() {
        @Override
        public void publish(LogRecord record) {
            notices.add(record.getLevel() + " " + record.getMessage());
        }

        @Override
        public void flush() {
        }

        @Override
        public void close() {
        }
    };

    @BeforeAll
    static void serve() {
        served = new Served();
        proxy = new FaultProxy(served.nginx.port());
    }

    @AfterAll
    static void stop() {
        if (proxy != null) {
            proxy.close();
        }
        if (served != null) {
            served.close();
        }
    }

    @BeforeEach
    void listen() {
        proxy.reset();
        log.addHandler(handler);
    }

    @AfterEach
    void stopListening() {
        log.removeHandler(handler);
    }

    private static byte[] bytes(MemorySegment s) {
        return s.toArray(ValueLayout.JAVA_BYTE);
    }

    @Test
    void rangesAreSlicesOfOneWholeValuePerScratchAndPass() {
        try (HttpStore store = Served.store(proxy.uri("norange"), Map.of()); ThreadScratch scratch = new ThreadScratch(new DecodeBudget(1 << 20));
             ThreadScratch other = new ThreadScratch(new DecodeBudget(1 << 20))) {
            assertArrayEquals(served.slice(Served.SIZE - 64, 64), bytes(store.readSuffix("data.bin", 64, scratch).bytes()));
            assertEquals(List.of("GET /norange/data.bin bytes=-64", "GET /norange/data.bin null"), proxy.log(),
                    "the range answered whole, its body unread, then the whole value");
            MemorySegment[] ranges = store.readRanges("data.bin", new long[] {0, 250_000}, new long[] {100, 2000}, scratch);
            assertArrayEquals(served.slice(0, 100), bytes(ranges[0]));
            assertArrayEquals(served.slice(250_000, 2000), bytes(ranges[1]));
            assertArrayEquals(served.slice(1000, 5), bytes(store.read("data.bin", 1000, 5, scratch)));
            assertArrayEquals(served.slice(0, 10), bytes(store.readPrefix("data.bin", 10, scratch).bytes()));
            assertEquals(2, proxy.requests(), "no more requests for the same value on the same scratch: " + proxy.log());

            assertArrayEquals(served.slice(7, 3), bytes(store.read("data.bin", 7, 3, other)));
            assertEquals(3, proxy.requests(), "another thread's scratch fetches its own");
            scratch.releaseHeld();
            assertArrayEquals(served.slice(9, 1), bytes(store.read("data.bin", 9, 1, scratch)));
            assertEquals(4, proxy.requests(), "a new pass fetches the value again, which may have changed");

            var e = assertThrows(ZarrException.StoreFailure.class, () -> store.read("data.bin", Served.SIZE - 1, 2, scratch));
            assertTrue(e.getMessage().contains("the range bytes=299999-300000 lies past the end of the value of 300000 bytes"), e.getMessage());
            assertEquals(null, store.read("missing.bin", 0, 10, scratch));
        }
        assertEquals(List.of("WARNING stride: " + proxy.uri("norange") + " ignores Range requests; reading whole values (each within the decode budget)"),
                notices, "said once for the store");
    }

    @Test
    void aWholeValueOverTheDecodeBudgetIsRefusedSayingWhy() {
        try (HttpStore store = Served.store(proxy.uri("norange"), Map.of()); ThreadScratch small = new ThreadScratch(new DecodeBudget(100_000))) {
            var e = assertThrows(ZarrException.OverBudget.class, () -> store.read("data.bin", 0, 10, small));
            assertTrue(e.getMessage().startsWith("chunk data.bin: " + proxy.uri("norange") + " ignores Range requests, so reading part of a value "
                    + "reads all of it; decoding needs a buffer of 300000 bytes, more than the 100000 bytes left"), e.getMessage());
            assertEquals(2, proxy.requests(), "refused once the whole value's length came: " + proxy.log());
        }
    }

    @Test
    void aShardedArrayOfLargeShardsReadsWhole(@TempDir Path dir) {
        int n = 300_000;
        double[] xs = IntStream.range(0, n).mapToDouble(i -> i * 0.5).toArray();
        long[] ids = IntStream.range(0, n).mapToLong(i -> i * 7L).toArray();
        StructType record = StructType.of(new Field("x", CoreType.FLOAT64), new Field("id", CoreType.INT64));
        // shards of 2 MiB, beyond the 1 MiB that ranges of one value may be apart and still be read in one request
        try (ZarrWriter out = ZarrWriter.open(dir.toString())) {
            ArrayWriter a = out.createArray("/a", ArraySpec.of(record, n).chunks(131_072)
                    .codecs(CodecChain.sharding(new long[] {8192}, IndexLocation.END, CodecChain.bytes(ByteOrder.LITTLE_ENDIAN))));
            a.write(Region.all(new long[] {n}), Map.of("x", xs, "id", ids));
        }
        try (Nginx nginx = Nginx.serve(dir); Zarr zarr = Zarr.open(nginx.uri("norange/a").toString())) {
            ZarrArray array = zarr.array("/");
            assertArrayEquals(xs, array.readDoubles("x"));
            assertArrayEquals(ids, array.read("id", null).asLongs().values());
        }
        assertEquals(1, notices.size(), notices.toString());
    }
}
