package dev.stride;

import dev.stride.internal.where.Source;
import dev.stride.internal.where.StatisticsBuilder;
import dev.stride.internal.where.StatisticsLink;
import dev.stride.internal.where.StatisticsTable;
import dev.stride.model.FieldAccessor;
import dev.stride.model.ScanOptions;
import dev.stride.model.ZarrException;

import java.util.List;

/**
 * Per-chunk statistics of an array's numeric, bool and time fields (count, NaN or NaT count, min, max), which let a
 * read with a predicate ({@link ZarrArray#where}) leave unread the chunks that cannot hold a match. Each chunk's entry
 * records the stored value's size and the store's version tag it was computed from; a chunk whose value has changed
 * since, or has no entry, is read. The JSON layout is described in {@code docs/statistics.md}; by default it lives
 * beside the array's {@code zarr.json} as {@value #SIDECAR}, or wherever the user keeps it (a read-only array).
 */
public final class ChunkStatistics {
    /** The key, relative to the array, of the statistics found by default. */
    public static final String SIDECAR = StatisticsLink.SIDECAR;

    private final ZarrArray array;
    private final StatisticsTable table;

    private ChunkStatistics(ZarrArray array, StatisticsTable table) {
        this.array = array;
        this.table = table;
    }

    /**
     * Computes the statistics of every stored chunk (every inner chunk of a sharded array) in one parallel pass.
     *
     * @param array the array, open
     * @param options the threads to read on and a progress callback (counting chunks), null for the defaults
     * @return the statistics
     * @throws ZarrException.CorruptChunk when a chunk does not decode (naming its key)
     * @throws ZarrException.StoreFailure when the store cannot read or list
     * @throws ZarrException.Closed when the array is closed
     */
    public static ChunkStatistics build(ZarrArray array, ScanOptions options) {
        ScanOptions o = options == null ? ScanOptions.defaults() : options;
        List<FieldAccessor> fields = ZarrException.BadRequest.requireNonNull(array, "array").layout().fields().stream()
                .filter(f -> Source.of(f) != null).toList();
        return new ChunkStatistics(array, new StatisticsBuilder(array.reader(), fields, array.layout().recordSize()).build(o.threads(), o.progress()));
    }

    /**
     * Reads statistics from their JSON document, for this array: statistics computed for another shape or chunk shape
     * are ignored whole, those of a field whose type changed or that is gone are ignored.
     *
     * @param array the array they describe
     * @param json the document
     * @param where names the document in errors (a path or URI)
     * @return the statistics
     * @throws ZarrException.InvalidMetadata when the document is not such statistics, naming the member
     * @throws ZarrException.Unsupported for a layout version this Stride does not read
     */
    public static ChunkStatistics parse(ZarrArray array, byte[] json, String where) {
        ZarrException.BadRequest.requireNonNull(array, "array");
        StatisticsTable table = StatisticsTable.parse(ZarrException.BadRequest.requireNonNull(json, "json"),
                path -> array.layout().fieldOrNull(path), where);
        return new ChunkStatistics(array, table);
    }

    /**
     * The statistics kept beside the array: at the path its attribute {@code stride.statistics} names (relative to the
     * array), else as {@value #SIDECAR}; null when there are none.
     *
     * @param array the array
     * @return its statistics, or null
     * @throws ZarrException.InvalidMetadata when the document there is not statistics, naming the member
     * @throws ZarrException.StoreFailure when the store cannot read it, or the link names no key of the store
     */
    public static ChunkStatistics sidecar(ZarrArray array) {
        ZarrException.BadRequest.requireNonNull(array, "array");
        String key = array.reader().prefix() + StatisticsLink.path(array.metadata().attributes());
        byte[] json = array.reader().store().readBytes(key);
        return json == null ? null : parse(array, json, key);
    }

    /** {@return the statistics as their JSON document, UTF-8} */
    public byte[] toJson() {
        return table.toJson(path -> array.layout().fieldOrNull(path));
    }

    /** {@return how many chunks (inner chunks, when sharded) have statistics} */
    public int chunks() {
        return table.size();
    }

    StatisticsTable table() {
        return table;
    }
}
