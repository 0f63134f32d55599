package dev.stride;

import dev.stride.internal.read.ScanPass;
import dev.stride.internal.read.UnitGrid;
import dev.stride.internal.region.COrderBlocks;
import dev.stride.internal.where.Binder;
import dev.stride.internal.where.Condition;
import dev.stride.internal.where.MatchingRuns;
import dev.stride.internal.where.WhereFilter;
import dev.stride.model.FieldAccessor;
import dev.stride.model.FieldStats;
import dev.stride.model.FilteredScan;
import dev.stride.model.Predicate;
import dev.stride.model.RecordVisitor;
import dev.stride.model.Region;
import dev.stride.model.RunVisitor;
import dev.stride.model.ScanOptions;
import dev.stride.model.ZarrException;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.Arrays;
import java.util.List;

/**
 * The records of an open array that satisfy a {@link Predicate} ({@link ZarrArray#where}): scans and visits of those
 * alone. Each record of a chunk read is tested exactly (Spark's semantics, see {@link Predicate}); a chunk is left unread
 * only when its coordinates, or its {@link ChunkStatistics} for a stored value that has not changed since, prove it
 * holds no match. Reads fail as those of {@link ZarrArray} do.
 */
public final class FilteredArray {
    /** Bytes of records a visit in C order gathers at a time: memory stays bounded however large the array is. */
    private static final long BLOCK_BYTES = 32L << 20;

    private final ZarrArray array;
    private final Predicate predicate;
    private final ChunkStatistics statistics;
    private final Condition condition;
    private final boolean usesIndex;

    FilteredArray(ZarrArray array, Predicate predicate, ChunkStatistics statistics) {
        this.array = array;
        this.predicate = predicate;
        this.statistics = statistics;
        Binder binder = new Binder(array.path(), this::field, array.shape());
        this.condition = binder.bind(predicate);
        this.usesIndex = binder.usesIndex();
    }

    /**
     * A leaf field by path, or an element of a field with a shape ({@code pos[1]}); {@code value} is the element of a
     * plain array, as cat's csv header calls it.
     */
    private FieldAccessor field(String path) {
        RecordLayout layout = array.layout();
        if (path.equals("value") && layout.fieldOrNull(path) == null && layout.fieldOrNull("") != null) {
            return array.field("");
        }
        FieldAccessor element = layout.fieldOrNull(path) == null ? layout.elementOrNull(path) : null;
        return element != null ? element : array.field(path);
    }

    /** {@return the predicate} */
    public Predicate predicate() {
        return predicate;
    }

    /** {@return the chunk statistics consulted, or null when there are none} */
    public ChunkStatistics statistics() {
        return statistics;
    }

    /**
     * The same predicate with other statistics (kept elsewhere than beside the array), or none.
     *
     * @param other the statistics, or null to read every chunk
     * @return the filtered view
     */
    public FilteredArray withStatistics(ChunkStatistics other) {
        return new FilteredArray(array, predicate, other);
    }

    private WhereFilter filter(Region region) {
        return new WhereFilter(array.reader(), condition, usesIndex, statistics == null ? null : statistics.table(), region);
    }

    /**
     * The statistics of fields over the matching records of a region (see {@link ZarrArray#scan(List, Region,
     * ScanOptions)}), with how many records matched and how many chunks were read and skipped.
     *
     * @param fields dotted paths of leaf fields; none to count the matches only
     * @param region the elements, null for the whole array
     * @param options the threads to read on and a progress callback, null for {@link ScanOptions#defaults()}
     * @return what the scan found
     * @throws ZarrException.BadRequest as {@link ZarrArray#scan(List, Region, ScanOptions)}
     */
    public FilteredScan scan(List<String> fields, Region region, ScanOptions options) {
        List<String> names = List.copyOf(ZarrException.BadRequest.requireNonNull(fields, "fields"));
        FieldAccessor[] accessors = names.stream().map(array::scannable).toArray(FieldAccessor[]::new);
        Region r = array.regionOrAll(region);
        ScanOptions o = options == null ? ScanOptions.defaults() : options;
        WhereFilter filter = filter(r);
        List<FieldStats> stats = new ScanPass(array.reader(), r).stats(names, accessors, filter, o.threads(), o.progress());
        return new FilteredScan(stats, filter.matches(), filter.unitsRead(), filter.unitsSkipped());
    }

    /**
     * The stored chunks (whole shards when sharded) of a region that may hold a match, numbered as
     * {@link ZarrArray#storedChunks(Region)} numbers them: a chunk is left out only when the coordinates or the trusted
     * statistics of each of its read units rule a match out. For planning reads of only those chunks (Spark's
     * partitions); the records of the chunks kept still need the predicate.
     *
     * @param region the elements, null for the whole array
     * @return the chunk numbers, ascending, or null when the store cannot list
     * @throws ZarrException.BadRequest for a region outside the array
     * @throws ZarrException.StoreFailure when the store cannot list the chunk keys
     */
    public long[] storedChunks(Region region) {
        Region r = array.regionOrAll(region);
        long[] stored = array.storedChunks(r);
        return stored == null ? null : mayMatch(r, stored);
    }

    /**
     * Of the chunks numbered {@code candidates} (as {@link ZarrArray#storedChunks(Region)} numbers them for the same
     * region), those that may hold a match, as {@link #storedChunks(Region)} keeps them: for a caller that has listed
     * the stored chunks already.
     *
     * @param region the elements, null for the whole array
     * @param candidates chunk numbers, ascending
     * @return those of them that may hold a match, ascending
     * @throws ZarrException.BadRequest for a region outside the array
     */
    public long[] mayMatch(Region region, long[] candidates) {
        Region r = array.regionOrAll(region);
        long[] stored = ZarrException.BadRequest.requireNonNull(candidates, "candidates");
        long[] chunkShape = array.metadata().chunkShape();
        UnitGrid chunks = new UnitGrid(chunkShape, r);
        WhereFilter filter = filter(r);
        long[] kept = new long[stored.length];
        int n = 0;
        for (long number : stored) {
            long[] chunk = chunks.unit(number);
            long[] start = new long[chunk.length];
            long[] stop = new long[chunk.length];
            for (int d = 0; d < chunk.length; d++) {
                start[d] = Math.max(r.start()[d], chunk[d] * chunkShape[d]);
                stop[d] = Math.min(r.stop()[d], (chunk[d] + 1) * chunkShape[d]);
            }
            if (filter.select(new UnitGrid(array.readUnitShape(), new Region(start, stop)), null).length > 0) {
                kept[n++] = number;
            }
        }
        return Arrays.copyOf(kept, n);
    }

    /**
     * A visitor of runs of decoded records that hands on to {@code matched} only the records satisfying the predicate,
     * as runs of consecutive matches, each tested exactly as {@link #scan} tests them: for code that decodes units
     * itself ({@link ZarrArray#units}) and wants the matches alone, as Spark's connector does to fill its batches with
     * them. It keeps working arrays between runs, so use one per thread.
     *
     * @param region the region the runs' positions ({@code out}) are C-order positions in, from which index
     *               coordinates are computed; null for the whole array
     * @param matched receives each run of matching records, with its position in {@code region}
     * @return the visitor to hand the runs to
     * @throws ZarrException.BadRequest for a region outside the array
     */
    public RunVisitor matching(Region region, RunVisitor matched) {
        ZarrException.BadRequest.requireNonNull(matched, "matched");
        return new MatchingRuns(condition, usesIndex, array.regionOrAll(region), matched);
    }

    /**
     * Visits the matching records of a region in C order, on the calling thread (the chunks are read on
     * {@code options.threads()} threads, a block of at most a few tens of MiB of records at a time); the visitor's
     * {@code index} is the record's C-order position in the region.
     *
     * @param region the elements, null for the whole array
     * @param limit the most records visited; the visit stops there
     * @param options the threads to read on, null for {@link ScanOptions#defaults()}
     * @param visitor called with each matching record
     * @return the records visited
     * @throws ZarrException.BadRequest for a region outside the array or a negative limit
     */
    public long forEachRecord(Region region, long limit, ScanOptions options, RecordVisitor visitor) {
        ZarrException.BadRequest.requireNonNull(visitor, "visitor");
        if (limit < 0) {
            throw new ZarrException.BadRequest(array.path(), "limit must be 0 or more, not " + limit);
        }
        Region r = array.regionOrAll(region);
        ScanOptions o = options == null ? ScanOptions.defaults() : options;
        long recordSize = array.layout().recordSize();
        long blockElements = Math.max(1, Math.min(BLOCK_BYTES / Math.max(1, recordSize), r.size()));
        COrderBlocks blocks = new COrderBlocks(r, array.readUnitShape(), blockElements);
        long position = 0;
        long visited = 0;
        // shared: the reading threads fill the buffer, the calling thread visits it
        try (Arena arena = Arena.ofShared()) {
            MemorySegment buffer = arena.allocate(Math.max(1, blockElements * recordSize));
            byte[] kept = new byte[(int) blockElements];
            while (visited < limit && blocks.hasNext()) {
                Region block = blocks.next();
                int n = (int) block.size();
                Arrays.fill(kept, 0, n, (byte) 0);
                new ScanPass(array.reader(), block).run(filter(block), o.threads(), null, worker -> (unit, first, count, at) -> {
                    MemorySegment.copy(unit, first * recordSize, buffer, at * recordSize, count * recordSize);
                    Arrays.fill(kept, (int) at, (int) (at + count), (byte) 1);
                });
                for (int i = 0; i < n && visited < limit; i++) {
                    if (kept[i] != 0) {
                        visitor.visit(position + i, buffer, i);
                        visited++;
                    }
                }
                position += n;
            }
        }
        return visited;
    }
}
