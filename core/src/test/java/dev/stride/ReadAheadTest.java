package dev.stride;

import dev.stride.model.CoreType;
import dev.stride.model.FieldStats;
import dev.stride.model.Region;
import dev.stride.model.ScanOptions;
import dev.stride.model.ZarrException;
import dev.stride.spi.Scratch;
import dev.stride.spi.Store;
import dev.stride.spi.ValuePart;
import dev.stride.testing.Doc;
import dev.stride.testing.Enc;
import dev.stride.testing.ForwardingStore;
import dev.stride.testing.Shard;
import dev.stride.testing.Tree;
import org.junit.jupiter.api.Test;

import java.lang.foreign.MemorySegment;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static dev.stride.testing.Refusals.assertContains;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Stores that keep reads in flight are read ahead of the decoders: same values, reads at once, shards in batches. */
class ReadAheadTest {

    /** A store asking for {@code inFlight} reads ahead, remembering each batch of ranges it is given. */
    static class AheadStore extends ForwardingStore {
        final int inFlight;
        final List<String> batches = Collections.synchronizedList(new ArrayList<>());

        AheadStore(Store delegate, int inFlight) {
            super(delegate);
            this.inFlight = inFlight;
        }

        @Override
        public int readAhead() {
            return inFlight;
        }

        @Override
        public MemorySegment[] readRanges(String key, long[] offsets, long[] lengths, Scratch scratch) {
            batches.add(key + " x" + offsets.length);
            return super.readRanges(key, offsets, lengths, scratch);
        }
    }

    @Test
    void shardedArraysReadTheSameInEveryIndexLayout() {
        for (var layout : ShardingTest.layouts().map(a -> (ShardingTest.Layout) a.get()[0]).toList()) {
            Tree t = ShardingTest.sharded(layout.configure(), "[" + Doc.BYTES_LE + "]", b -> b);
            try (Zarr direct = t.open(); Zarr ahead = Zarr.open(new AheadStore(t.memory(), 3))) {
                for (Region r : new Region[] {null, Region.parse("2:4, 2:4", ShardingTest.SHAPE), Region.parse("4:", ShardingTest.SHAPE)}) {
                    assertArrayEquals(direct.array("/").read("", r).asInts().values(), ahead.array("/").read("", r).asInts().values(),
                            layout + " " + r);
                }
            }
        }
    }

    @Test
    void nestedShardingAndMissingShardsReadTheSame() {
        Tree t = Tree.array(Doc.array("'int16'", "[24]", "[8]", "-9", ShardingTest.NESTED_CODEC)).put("c/0", ShardingTest.outer0().bytes());
        try (Zarr direct = t.open(); Zarr ahead = Zarr.open(new AheadStore(t.memory(), 2))) {
            short[] want = direct.array("/").read("", null).asShorts().values();
            assertEquals(-9, want[20], "the last shards were never written");
            assertArrayEquals(want, ahead.array("/").read("", null).asShorts().values());
        }
    }

    /** The inner chunks of one shard reach the store as one batch of ranges, its index read once. */
    /** int64 0 to 31 in four shards of four chunks of two. */
    private static Tree fourShardsOfFourChunks() {
        Tree t = Tree.array(Doc.array("'int64'", "[32]", "[8]", "0", new Shard(4).codec("[2]", "[" + Doc.BYTES_LE + "]")));
        for (int s = 0; s < 4; s++) {
            Shard shard = new Shard(4);
            for (int i = 0; i < 4; i++) {
                shard.put(i, Enc.le().i64(s * 8 + i * 2).i64(s * 8 + i * 2 + 1).bytes());
            }
            t.put("c/" + s, shard.bytes());
        }
        return t;
    }

    @Test
    void aShardsInnerChunksAreFetchedAsOneBatch() {
        Tree t = fourShardsOfFourChunks();
        AheadStore store = new AheadStore(t.memory(), 8);
        try (Zarr z = Zarr.open(store)) {
            FieldStats.Integers x = z.array("/").scan("", null, ScanOptions.threads(2)).asIntegers();
            assertEquals(new FieldStats.Integers("", CoreType.INT64, 32, BigInteger.valueOf(31 * 32 / 2), 0, 31), x);
        }
        assertEquals(List.of("c/0 x4", "c/1 x4", "c/2 x4", "c/3 x4"), store.batches.stream().sorted().toList());
    }

    /**
     * The read-ahead slots fetch with the same sessions pass after pass, never with a decoder's: a session that took
     * both roles in turn would grow buffers for both.
     */
    @Test
    void readAheadSlotsKeepTheirSessionsFromPassToPass() {
        Tree t = fourShardsOfFourChunks();
        Set<Scratch> fetchedWith = Collections.synchronizedSet(Collections.newSetFromMap(new IdentityHashMap<>()));
        AheadStore store = new AheadStore(t.memory(), 2) {
            @Override
            public MemorySegment[] readRanges(String key, long[] offsets, long[] lengths, Scratch scratch) {
                fetchedWith.add(scratch);
                return super.readRanges(key, offsets, lengths, scratch);
            }
        };
        try (Zarr z = Zarr.open(store)) {
            for (int pass = 0; pass < 3; pass++) {
                assertEquals(31 * 32 / 2, z.array("/").scan("", null, ScanOptions.threads(2)).asIntegers().sum().intValue());
            }
        }
        assertEquals(2, fetchedWith.size(), "two slots, each with one session for every pass");
    }

    /** Eight chunks, each read blocking until four are asked for at once: only reads in flight together finish. */
    @Test
    void readsAreInFlightTogether() {
        Tree t = Tree.array(Doc.array("'int32'", "[16]", "[2]", "7", Doc.BYTES_LE));
        for (int c = 0; c < 8; c++) {
            t.put("c/" + c, Enc.le().i32(2 * c).i32(2 * c + 1).bytes());
        }
        CountDownLatch four = new CountDownLatch(4);
        AtomicInteger reading = new AtomicInteger();
        AtomicInteger most = new AtomicInteger();
        Store slow = new AheadStore(t.memory(), 4) {
            @Override
            public ValuePart readPrefix(String key, long length, Scratch scratch) {
                most.accumulateAndGet(reading.incrementAndGet(), Math::max);
                four.countDown();
                try {
                    assertTrue(four.await(10, TimeUnit.SECONDS), "four reads at once");
                    return super.readPrefix(key, length, scratch);
                } catch (InterruptedException e) {
                    throw new AssertionError(e);
                } finally {
                    reading.decrementAndGet();
                }
            }
        };
        try (Zarr z = Zarr.open(slow)) {
            int[] want = new int[16];
            for (int i = 0; i < 16; i++) {
                want[i] = i;
            }
            assertArrayEquals(want, z.array("/").read("", null, ScanOptions.threads(1)).asInts().values());
        }
        assertEquals(4, most.get(), "no more than the store asked for");
    }

    /** A chunk that cannot be read fails the pass naming it; the array reads again afterwards. */
    @Test
    void aFailedFetchNamesItsKeyAndLeavesTheArrayUsable() {
        Tree t = Tree.array(Doc.array("'int32'", "[16]", "[2]", "7", Doc.BYTES_LE));
        for (int c = 0; c < 8; c++) {
            t.put("c/" + c, Enc.le().i32(c).i32(c).bytes());
        }
        AtomicInteger failures = new AtomicInteger(1);
        Store flaky = new AheadStore(t.memory(), 3) {
            @Override
            public ValuePart readPrefix(String key, long length, Scratch scratch) {
                if (key.equals("c/5") && failures.getAndDecrement() > 0) {
                    throw new ZarrException.StoreFailure(key, "connection reset (a test)", null);
                }
                return super.readPrefix(key, length, scratch);
            }
        };
        try (Zarr z = Zarr.open(flaky)) {
            ZarrArray a = z.array("/");
            var e = assertThrows(ZarrException.StoreFailure.class, () -> a.scan("", null, ScanOptions.threads(2)));
            assertEquals("c/5", e.chunkKey());
            assertContains(e.getMessage(), "connection reset (a test)");
            assertEquals(BigInteger.valueOf(2 * 28), a.scan("", null, ScanOptions.threads(2)).asIntegers().sum());
        }
    }
}
