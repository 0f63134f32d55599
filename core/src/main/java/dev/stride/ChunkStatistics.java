package dev.stride;

import dev.stride.internal.store.Keys;
import dev.stride.internal.where.Source;
import dev.stride.internal.where.StatisticsBuilder;
import dev.stride.internal.where.StatisticsLink;
import dev.stride.internal.where.StatisticsTable;
import dev.stride.model.FieldAccessor;
import dev.stride.model.ScanOptions;
import dev.stride.model.ZarrException;
import dev.stride.spi.WritableStore;

import java.lang.foreign.MemorySegment;
import java.time.Duration;
import java.util.List;
import java.util.function.Consumer;

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
    private final long read;
    private final long kept;

    private ChunkStatistics(ZarrArray array, StatisticsTable table, long read, long kept) {
        this.array = array;
        this.table = table;
        this.read = read;
        this.kept = kept;
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
        return update(array, null, Long.MAX_VALUE, options, null, null);
    }

    /**
     * Brings statistics up to date reading only what they do not cover: an entry of {@code previous} whose chunk is
     * still the stored value it was computed from (the same size and version tag) is kept unread, and the other stored
     * chunks are read, at most {@code mostRead} of them. An index that was interrupted, or one of an array written to
     * since, so goes on where it was; {@code checkpoint} receives the statistics so far every {@code every}, so that one
     * killed midway leaves what it had finished.
     *
     * @param array the array, open
     * @param previous statistics of the array computed before, or null for none
     * @param mostRead how many chunks to read at most, at least 0 ({@link Long#MAX_VALUE}: all); the others stored have
     *        no entry until a later update reads them
     * @param options the threads to read on and a progress callback (counting chunks read), null for the defaults
     * @param every how often the statistics so far go to {@code checkpoint}; null for never
     * @param checkpoint receives the statistics so far (to store them where the next update finds them); null for none
     * @return the statistics, with how many chunks they read and kept
     * @throws ZarrException.BadRequest when {@code mostRead} is negative
     * @throws ZarrException.CorruptChunk when a chunk does not decode (naming its key)
     * @throws ZarrException.StoreFailure when the store cannot read or list
     * @throws ZarrException.Closed when the array is closed
     */
    public static ChunkStatistics update(ZarrArray array, ChunkStatistics previous, long mostRead, ScanOptions options,
                                         Duration every, Consumer<ChunkStatistics> checkpoint) {
        ScanOptions o = options == null ? ScanOptions.defaults() : options;
        List<FieldAccessor> fields = ZarrException.BadRequest.requireNonNull(array, "array").layout().fields().stream()
                .filter(f -> Source.of(f) != null).toList();
        if (mostRead < 0) {
            throw new ZarrException.BadRequest(array.path(), "cannot read at most " + mostRead + " chunks; give 0 or more");
        }
        StatisticsBuilder.Result result = new StatisticsBuilder(array.reader(), fields, array.layout().recordSize())
                .build(previous == null ? null : previous.table, mostRead, o.threads(), o.progress(), every,
                        checkpoint == null ? null : soFar -> checkpoint.accept(new ChunkStatistics(array, soFar, 0, 0)));
        return new ChunkStatistics(array, result.table(), result.read(), result.kept());
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
        return new ChunkStatistics(array, table, 0, 0);
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
        String path = sidecarPath(array);
        String key = array.reader().prefix() + path;
        byte[] json = array.reader().store().readBytes(key);
        return json == null ? null : parse(array, json, key);
    }

    /**
     * Where {@link #sidecar} and {@link #storeBeside} keep an array's statistics, relative to the array: the path its
     * {@code stride.statistics} attribute names, else {@value #SIDECAR}.
     *
     * @param array the array
     * @return the key relative to the array's own
     * @throws ZarrException.InvalidMetadata when the attribute names a path that leaves the array ({@code ../x},
     *         {@code /x}), naming the member
     */
    public static String sidecarPath(ZarrArray array) {
        ZarrException.BadRequest.requireNonNull(array, "array");
        String path = StatisticsLink.path(array.metadata().attributes());
        if (!Keys.valid(path)) {
            throw new ZarrException.InvalidMetadata(array.path(), "/attributes/" + StatisticsLink.ATTRIBUTE + "/path",
                    "'" + path + "' is not a path inside the array (relative, without empty, '.' or '..' segments)");
        }
        return path;
    }

    /**
     * Stores these statistics beside the array, where {@link #sidecar} finds them, in one atomic write of its store:
     * readers see the old document or the new one. For an array on an object store (S3, Azure) or in a writable
     * directory; an array whose store cannot be written keeps its statistics wherever the user names.
     *
     * @throws ZarrException.Unsupported when the array's store cannot be written (an HTTP server, a zip file)
     * @throws ZarrException.StoreFailure naming the key when the store refuses the write
     */
    public void storeBeside() {
        String key = array.reader().prefix() + sidecarPath(array);
        if (!(array.reader().store() instanceof WritableStore store)) {
            throw new ZarrException.Unsupported(array.path(), null, "its store (" + array.reader().store().descriptor()
                    + ") cannot be written: keep the statistics elsewhere");
        }
        store.write(key, MemorySegment.ofArray(toJson()));
    }

    /** {@return the statistics as their JSON document, UTF-8} */
    public byte[] toJson() {
        return table.toJson(path -> array.layout().fieldOrNull(path));
    }

    /** {@return how many chunks computing these statistics read: 0 for statistics parsed or gathered elsewhere} */
    public long chunksRead() {
        return read;
    }

    /** {@return how many entries of earlier statistics these kept unread ({@link #update})} */
    public long chunksKept() {
        return kept;
    }

    /** {@return how many chunks (inner chunks, when sharded) have statistics} */
    public int chunks() {
        return table.size();
    }

    StatisticsTable table() {
        return table;
    }
}
