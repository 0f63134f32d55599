package dev.stride.internal.where;

import dev.stride.internal.read.UnitGrid;
import dev.stride.model.ArrayMetadata;
import dev.stride.model.FieldAccessor;
import dev.stride.model.Region;
import dev.stride.spi.Store;
import dev.stride.spi.ValueIdentity;

import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.function.Consumer;

/**
 * The statistics a writer gathers of a new array as it stores each chunk, from the decoded records it encodes, read
 * while it encodes and stores them (no read of the stored chunk): one entry per unit (inner chunk, when sharded) of every chunk stored, kept with the stored value's size.
 * When the array is published, each stored value's identity is looked up; an entry is kept only when the size the
 * store reports is the size written, and its tag is whatever the store gives then (none for a file changed in the last
 * seconds). A chunk written twice at once by two threads gets no entry, since either write may be the one stored.
 * Shared by every thread writing the array.
 */
public final class WrittenStatistics {
    /** Starts each chunk's {@link #summarize} on a virtual thread: no pool to size or shut down, whoever writes. */
    private static final Executor SUMMARIZERS = task -> Thread.ofVirtual().name("stride-statistics").start(task);
    private final ArrayMetadata meta;
    private final List<FieldAccessor> fields;
    private final long recordSize;
    private final long[] unitShape;
    private final long[] unitsPerChunk;
    /** Whether units are the inner chunks of shards, which leave out those holding only the fill value. */
    private final boolean sharded;
    private final UnitGrid units;
    private final Map<List<Long>, UnitEntry> entries = new ConcurrentHashMap<>();
    /** The size written of each stored value, by key relative to the array. */
    private final Map<String, Long> sizes = new ConcurrentHashMap<>();
    private final Map<String, Integer> inFlight = new ConcurrentHashMap<>();
    private final Set<String> contested = ConcurrentHashMap.newKeySet();

    private WrittenStatistics(ArrayMetadata meta, List<FieldAccessor> fields, long recordSize, long[] unitShape) {
        this.meta = meta;
        this.fields = fields;
        this.recordSize = recordSize;
        this.unitShape = unitShape.clone();
        long[] chunkShape = meta.chunkShape();
        this.unitsPerChunk = new long[chunkShape.length];
        for (int d = 0; d < chunkShape.length; d++) {
            unitsPerChunk[d] = chunkShape[d] / unitShape[d];
        }
        this.sharded = !Arrays.equals(unitShape, chunkShape);
        this.units = new UnitGrid(unitShape, Region.all(meta.shape()));
    }

    /**
     * Statistics of the fields {@link Source#of} accepts among {@code leaves}, over units of {@code unitShape}; null when
     * none of them has statistics.
     */
    public static WrittenStatistics of(ArrayMetadata meta, List<FieldAccessor> leaves, long recordSize, long[] unitShape) {
        List<FieldAccessor> fields = leaves.stream().filter(f -> Source.of(f) != null).toList();
        return fields.isEmpty() ? null : new WrittenStatistics(meta, fields, recordSize, unitShape);
    }

    /** A write of the chunk at {@code key} (relative to the array) begins; {@link #ended} must follow. */
    public void begins(String key) {
        if (inFlight.merge(key, 1, Integer::sum) > 1) {
            contested.add(key);
        }
    }

    /** The write of {@code key} that {@link #begins} announced is over, stored or not. */
    public void ended(String key) {
        inFlight.computeIfPresent(key, (k, n) -> n == 1 ? null : n - 1);
    }

    /**
     * The statistics of the units of the chunk at grid coordinates {@code chunk}, from {@code records} (decoded, C order
     * over the chunk shape, in the stored byte order), to hand to {@link #stored} once the chunk is. {@code fill} is a
     * chunk of fill values: an inner chunk of a shard that holds only those is left out of the shard, and so has no
     * entry.
     */
    private List<UnitEntry> summarize(long[] chunk, String key, MemorySegment records, MemorySegment fill) {
        List<UnitEntry> found = new ArrayList<>();
        UnitSummaries summaries = new UnitSummaries(fields, recordSize);
        forEachUnit(chunk, unit -> {
            Region inside = unitRegion(unit);
            if (inside != null && !(sharded && onlyFill(chunk, unit, records, fill))) {
                new UnitGrid(meta.chunkShape(), inside).forEachRun(chunk, records, (s, first, n, at) -> summaries.add(s, first, n));
                found.add(new UnitEntry(unit, key, -1, null, units.recordsIn(unit), summaries.finish()));
            }
        });
        return found;
    }

    /**
     * {@link #summarize} on a virtual thread of its own, to run while the caller encodes and stores the chunk: a writer
     * spends much of its time waiting on the store (a local file's fsync, a network's round trips), time in which the
     * statistics are free, where gathering them in line adds their cost to every chunk. The caller must not change or
     * free {@code records} until {@link Pending#await} or {@link Pending#settle} has returned.
     */
    public Pending summarizing(long[] chunk, String key, MemorySegment records, MemorySegment fill) {
        return new Pending(CompletableFuture.supplyAsync(() -> summarize(chunk, key, records, fill), SUMMARIZERS));
    }

    /** The statistics of a chunk that {@link #summarizing} is gathering. */
    public static final class Pending {
        private final CompletableFuture<List<UnitEntry>> entries;

        private Pending(CompletableFuture<List<UnitEntry>> entries) {
            this.entries = entries;
        }

        /** {@return the entries, once gathered, to hand to {@link #stored}} */
        public List<UnitEntry> await() {
            try {
                return entries.join();
            } catch (CompletionException e) {
                switch (e.getCause()) {
                    case RuntimeException r -> throw r;
                    case Error r -> throw r;
                    default -> throw e;
                }
            }
        }

        /** Waits for the gathering to end, whatever it gave: for a chunk whose write failed, before its records go. */
        public void settle() {
            entries.handle((done, failure) -> null).join();
        }
    }

    /** The chunk at {@code key} (relative to the array) whose units {@code summarized} describes was stored as {@code storedSize} bytes. */
    public void stored(String key, List<UnitEntry> summarized, long storedSize) {
        sizes.put(key, storedSize);
        for (UnitEntry e : summarized) {
            entries.put(coordinates(e.unit()), new UnitEntry(e.unit(), key, storedSize, null, e.records(), e.fields()));
        }
    }

    /** The chunk at {@code key} was deleted (it held only the fill value): its units have no entries. */
    public void deleted(long[] chunk, String key) {
        sizes.remove(key);
        forEachUnit(chunk, unit -> entries.remove(coordinates(unit)));
    }

    /**
     * The JSON document of the chunks' statistics, each entry with the identity its stored value has now in
     * {@code store} (keys below {@code prefix}), for a writer that has made its chunks durable.
     */
    public byte[] document(Store store, String prefix) {
        List<String> keys = sizes.keySet().stream().filter(k -> !contested.contains(k)).sorted().map(k -> prefix + k).toList();
        Map<String, ValueIdentity> now = Identities.of(store, keys);
        List<UnitEntry> kept = new ArrayList<>();
        for (UnitEntry e : entries.values()) {
            ValueIdentity identity = contested.contains(e.key()) ? null : now.get(prefix + e.key());
            if (identity != null && identity.size() == e.size()) {
                kept.add(new UnitEntry(e.unit(), e.key(), e.size(), identity.versionTag(), e.records(), e.fields()));
            }
        }
        return json(kept);
    }

    /**
     * What a writer of chunks published elsewhere (a worker of a distributed write) gathered: the entries of the chunks
     * it stored, with the sizes written and no version tag yet, as a document for the publisher's {@link #adopt}.
     */
    public byte[] gathered() {
        return json(entries.values().stream().filter(e -> !contested.contains(e.key())).toList());
    }

    /**
     * Takes the entries a worker {@link #gathered} (read from its document) as if this writer had stored those chunks.
     * An entry is refused unless it is for this array's units and covers as many records as the unit holds here: a
     * worker writing before the array's length was known may have summarized an edge chunk's padding too.
     */
    public void adopt(byte[] document, String where) {
        Map<String, FieldAccessor> byPath = byPath();
        StatisticsTable table = StatisticsTable.parse(document, byPath::get, where);
        for (UnitEntry e : table.entries()) {
            if (e.unit().length == unitShape.length && units.number(e.unit()) >= 0 && e.records() == units.recordsIn(e.unit())
                    && e.fields().keySet().equals(byPath.keySet())) {
                sizes.put(e.key(), e.size());
                entries.put(coordinates(e.unit()), e);
            }
        }
    }

    private Map<String, FieldAccessor> byPath() {
        Map<String, FieldAccessor> byPath = new LinkedHashMap<>();
        fields.forEach(f -> byPath.put(f.path(), f));
        return byPath;
    }

    private byte[] json(List<UnitEntry> chosen) {
        List<UnitEntry> sorted = new ArrayList<>(chosen);
        sorted.sort(Comparator.comparingLong(e -> units.number(e.unit())));
        Map<String, String> types = new LinkedHashMap<>();
        fields.forEach(f -> types.put(f.path(), StatisticsTable.typeName(f)));
        return new StatisticsTable(meta, unitShape, types, sorted).toJson(byPath()::get);
    }

    /** Whether the whole of a unit's box in the chunk (the edge's padding too) holds what {@code fill} holds there. */
    private boolean onlyFill(long[] chunk, long[] unit, MemorySegment records, MemorySegment fill) {
        long[] start = new long[unit.length];
        long[] stop = new long[unit.length];
        for (int d = 0; d < unit.length; d++) {
            start[d] = unit[d] * unitShape[d];
            stop[d] = start[d] + unitShape[d];
        }
        boolean[] same = {true};
        new UnitGrid(meta.chunkShape(), new Region(start, stop)).forEachRun(chunk, records, (s, first, n, at) -> {
            long from = first * recordSize;
            same[0] &= MemorySegment.mismatch(s, from, from + n * recordSize, fill, from, from + n * recordSize) < 0;
        });
        return same[0];
    }

    /** The part of the array a unit covers, or null when it lies wholly outside (the edge of a shard). */
    private Region unitRegion(long[] unit) {
        long[] shape = meta.shape();
        long[] start = new long[unit.length];
        long[] stop = new long[unit.length];
        for (int d = 0; d < unit.length; d++) {
            start[d] = unit[d] * unitShape[d];
            stop[d] = Math.min(shape[d], start[d] + unitShape[d]);
            if (start[d] >= stop[d]) {
                return null;
            }
        }
        return new Region(start, stop);
    }

    /** Calls {@code visit} with the grid coordinates of each unit of a chunk, in C order. */
    private void forEachUnit(long[] chunk, Consumer<long[]> visit) {
        int rank = chunk.length;
        long[] k = new long[rank];
        while (true) {
            long[] unit = new long[rank];
            for (int d = 0; d < rank; d++) {
                unit[d] = chunk[d] * unitsPerChunk[d] + k[d];
            }
            visit.accept(unit);
            int d = rank - 1;
            while (d >= 0 && ++k[d] == unitsPerChunk[d]) {
                k[d--] = 0;
            }
            if (d < 0) {
                return;
            }
        }
    }

    private static List<Long> coordinates(long[] unit) {
        return Arrays.stream(unit).boxed().toList();
    }
}
