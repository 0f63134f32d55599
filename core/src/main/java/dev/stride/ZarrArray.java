package dev.stride;

import dev.stride.internal.codec.CodecPipeline;
import dev.stride.internal.field.Accessor;
import dev.stride.internal.read.ArrayReader;
import dev.stride.internal.read.FieldScan;
import dev.stride.internal.read.Kernels;
import dev.stride.internal.read.ScanPass;
import dev.stride.internal.read.SequentialReader;
import dev.stride.internal.read.StoredUnits;
import dev.stride.internal.read.UnitGrid;
import dev.stride.model.ArrayMetadata;
import dev.stride.model.ChunkEncoding;
import dev.stride.model.Column;
import dev.stride.model.DataType;
import dev.stride.model.FieldAccessor;
import dev.stride.model.FieldStats;
import dev.stride.model.Json;
import dev.stride.model.Predicate;
import dev.stride.model.RecordVisitor;
import dev.stride.model.Region;
import dev.stride.model.RunVisitor;
import dev.stride.model.ScanOptions;
import dev.stride.model.Selection;
import dev.stride.model.ZarrException;
import dev.stride.spi.Store;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * An open Zarr v3 array: its metadata, its compiled record layout, and reads of fields, records and statistics
 * over the whole array or a region. Many threads may read at once; {@link #close()} ends every read.
 *
 * <p>A region given as null is the whole array, a null selection all of it, null options {@link ScanOptions#defaults()};
 * any other null argument is a {@link ZarrException.BadRequest} naming it. Every read fails with
 * {@link ZarrException.BadRequest} for an unknown field or a region outside the array,
 * {@link ZarrException.CorruptChunk} for a chunk that does not decode (naming its key),
 * {@link ZarrException.StoreFailure} when the store cannot read, and {@link ZarrException.Closed} once closed.
 */
public final class ZarrArray implements AutoCloseable {
    private final ArrayReader reader;
    private final ArrayMetadata meta;
    private final RecordLayout layout;

    ZarrArray(Store store, String prefix, ArrayMetadata meta) {
        this.reader = new ArrayReader(store, prefix, meta);
        this.meta = meta;
        this.layout = RecordLayout.compile(meta.dataType(), reader.order());
    }

    /** {@return the array's path from the root of its hierarchy} */
    public String path() {
        return meta.path();
    }

    /** {@return the array's parsed and validated {@code zarr.json}} */
    public ArrayMetadata metadata() {
        return meta;
    }

    /** {@return the array's size along each dimension, in elements} */
    public long[] shape() {
        return meta.shape();
    }

    /** {@return the data type of one element: a struct of fields, or a plain type} */
    public DataType dataType() {
        return meta.dataType();
    }

    /** {@return the data type compiled for the stored byte order: packed layout and one accessor per leaf field} */
    public RecordLayout layout() {
        return layout;
    }

    /** {@return the array's user attributes (empty when its {@code zarr.json} has none)} */
    public Json.JObject attributes() {
        return meta.attributes();
    }

    /**
     * The leaf field at a dotted path ({@code point.x}; {@code ""} for a plain array).
     * @param path the dotted path ({@code point.x}), {@code ""} for a plain array
     * @return its accessor
     * @throws ZarrException.BadRequest when there is no such leaf field (the message lists the fields)
     */
    public FieldAccessor field(String path) {
        FieldAccessor f = layout.fieldOrNull(path);
        if (f == null) {
            List<String> known = layout.fields().stream().map(FieldAccessor::path).toList();
            throw new ZarrException.BadRequest(path(), "no field '" + path + "'; the fields are " + known);
        }
        return f;
    }

    /**
     * The leaf field at a dotted path as the accessor of the kind expected, without a cast:
     * {@code DoubleField lat = array.field("position.lat", DoubleField.class)}. A {@code LongField} also finds a time
     * field (a {@code TimeField} is one).
     * @param path the dotted path ({@code point.x}), {@code ""} for a plain array
     * @param kind the accessor interface expected, such as {@code DoubleField.class}
     * @param <A> the accessor interface
     * @return the accessor as that kind
     * @throws ZarrException.BadRequest when there is no such leaf field, or it is of another kind (naming its type)
     */
    public <A extends FieldAccessor> A field(String path, Class<A> kind) {
        FieldAccessor f = field(path);
        if (!ZarrException.BadRequest.requireNonNull(kind, "kind").isInstance(f)) {
            throw new ZarrException.BadRequest(path(), "field '" + path + "' (" + f.type().describe() + ") is read by "
                    + Accessor.of(f).kind().getSimpleName() + ", not " + kind.getSimpleName());
        }
        return kind.cast(f);
    }

    /** {@return the shape of the units reads work on: the chunk shape, or the inner chunk shape of a sharded array} */
    public long[] readUnitShape() {
        return reader.unitShape().clone();
    }

    /**
     * The stored chunks (whole shards of a sharded array) that meet a region (null: all), found by listing the store
     * once: their numbers, ascending, in C order of the grid of chunks the region meets (the chunk at grid coordinates
     * {@code c} with {@code c[d]} counted from the first chunk along {@code d} that the region meets). Null when the
     * store cannot list. Its cost follows the chunks written, not the shape.
     * @param region the elements, null for the whole array
     * @return the chunk numbers, or null when the store cannot list
     * @throws ZarrException.BadRequest for a region outside the array
     * @throws ZarrException.StoreFailure when the store cannot list the chunk keys
     * @throws ZarrException.Closed when the array is closed
     */
    public long[] storedChunks(Region region) {
        Region r = regionOrAll(region);
        long[] chunkShape = meta.chunkShape();
        reader.ensureOpen();
        return StoredUnits.list(reader.store(), reader.prefix(), meta, chunkShape, new UnitGrid(chunkShape, r));
    }

    /** Bytes the chunk (a shard when sharded) at grid coordinates {@code chunk} takes in the store; 0 when not stored. */
    long storedSize(long[] chunk) {
        return Math.max(0, reader.store().size(reader.prefix() + meta.keyEncoding().key(chunk)));
    }

    /** {@return the codec chain as resolved for reading, and the inner chunk shape when the chunks are sharded} */
    public ChunkEncoding chunkEncoding() {
        return CodecPipeline.of(meta).encoding();
    }

    Region regionOrAll(Region r) {
        return r == null ? Region.all(meta.shape()) : r.within(meta.shape(), path());
    }

    /** Null options are the defaults, as a null region is the whole array. */
    private static ScanOptions orDefaults(ScanOptions options) {
        return options == null ? ScanOptions.defaults() : options;
    }

    private int elementsOf(Region r) {
        long n = r.size();
        if (n > Integer.MAX_VALUE - 8) {
            throw new ZarrException.BadRequest(path(), "a region of " + n + " elements does not fit a Java array; read it in parts or scan it");
        }
        return (int) n;
    }

    /**
     * One field of every element of a region, as doubles (any real field; bool as 0/1, uint64 unsigned). The chunks are
     * read on {@code options.threads()} threads, each filling its own part of the array.
     * @param field the dotted path of a leaf field ({@code ""} for a plain array)
     * @param region the elements, null for the whole array
     * @param options the threads to read on, null for {@link ScanOptions#defaults()}
     * @return one double per element of the region, in C order
     * @throws ZarrException.BadRequest for an unknown field, one that is no real number, a region outside the array or
     *         one of more elements than a Java array holds
     * @throws ZarrException.CorruptChunk when a chunk does not decode to what the metadata promises (names the key)
     * @throws ZarrException.StoreFailure when the store cannot read a chunk
     * @throws ZarrException.Closed when the array is closed, also while the read runs
     */
    public double[] readDoubles(String field, Region region, ScanOptions options) {
        double[] out = new double[elementsOf(regionOrAll(region))];
        readDoubles(field, region, out, options);
        return out;
    }

    /**
     * As {@link #readDoubles(String, Region, ScanOptions)}, into the start of {@code out}: an array reused from call to
     * call spares allocating (and the JVM zeroing) a new one each time.
     * @param field the dotted path of a leaf field ({@code ""} for a plain array)
     * @param region the elements, null for the whole array
     * @param out receives the values from index 0, one per element of the region in C order
     * @param options the threads to read on, null for {@link ScanOptions#defaults()}
     * @throws ZarrException.BadRequest as {@link #readDoubles(String, Region, ScanOptions)}, and when {@code out} is
     *         shorter than the region
     * @throws ZarrException.CorruptChunk when a chunk does not decode to what the metadata promises (names the key)
     * @throws ZarrException.StoreFailure when the store cannot read a chunk
     * @throws ZarrException.Closed when the array is closed, also while the read runs
     */
    public void readDoubles(String field, Region region, double[] out, ScanOptions options) {
        FieldAccessor f = field(field);
        Region r = regionOrAll(region);
        if (ZarrException.BadRequest.requireNonNull(out, "out").length < r.size()) {
            throw new ZarrException.BadRequest(path(), "the array holds " + out.length + " doubles, the region has " + r.size() + " elements");
        }
        long recordSize = layout.recordSize();
        ScanOptions o = orDefaults(options);
        forEachRun(r, o.threads(), o.progress(),
                (unit, first, n, at) -> Kernels.toDoubles(f, unit, recordSize, first, n, out, (int) at));
    }

    /**
     * {@link #readDoubles(String, Region, ScanOptions)} on one thread per processor.
     * @param field the dotted path of a leaf field ({@code ""} for a plain array)
     * @param region the elements, null for the whole array
     * @return one double per element of the region, in C order
     */
    public double[] readDoubles(String field, Region region) {
        return readDoubles(field, region, ScanOptions.defaults());
    }

    /**
     * One field of every element as doubles (see {@link #readDoubles(String, Region, ScanOptions)}), on one thread per
     * processor.
     * @param field the dotted path of a leaf field ({@code ""} for a plain array)
     * @return one double per element, in C order
     */
    public double[] readDoubles(String field) {
        return readDoubles(field, null);
    }

    /**
     * One field of a region as a typed {@link Column}: take its kind with {@code asDoubles()}, {@code asLongs()}, ...
     * or pattern-match on it; {@link Column} says how unsigned integers, float16, complex, times and raw bytes are held.
     * The chunks are read on {@code options.threads()} threads, each filling its own part of the column.
     * @param field the dotted path of a leaf field ({@code ""} for a plain array)
     * @param region the elements, null for the whole array
     * @param options the threads to read on, null for {@link ScanOptions#defaults()}
     * @return the column, one record per element of the region in C order
     * @throws ZarrException.BadRequest for an unknown field, a region outside the array or one of more elements than a
     *         Java array holds
     * @throws ZarrException.CorruptChunk when a chunk does not decode to what the metadata promises (names the key)
     * @throws ZarrException.StoreFailure when the store cannot read a chunk
     * @throws ZarrException.Closed when the array is closed, also while the read runs
     */
    public Column read(String field, Region region, ScanOptions options) {
        return read(List.of(field(field)), regionOrAll(region), options).get(field);
    }

    /**
     * {@link #read(String, Region, ScanOptions)} on one thread per processor.
     * @param field the dotted path of a leaf field ({@code ""} for a plain array)
     * @param region the elements, null for the whole array
     * @return the column, one record per element of the region in C order
     */
    public Column read(String field, Region region) {
        return read(field, region, ScanOptions.defaults());
    }

    /**
     * {@link #read(Selection, ScanOptions)} on one thread per processor.
     * @param selection the fields and the region, null for all of both
     * @return one column per field, keyed by dotted path
     */
    public Map<String, Column> read(Selection selection) {
        return read(selection, ScanOptions.defaults());
    }

    /**
     * Several fields of a region (all leaf fields when the selection names none) as columns keyed by path, in the
     * order asked, read in one pass over the chunks (see {@link #read(String, Region, ScanOptions)}).
     * @param selection the fields and the region, null for all of both
     * @param options the threads to read on, null for {@link ScanOptions#defaults()}
     * @return one column per field, keyed by dotted path in the order asked
     * @throws ZarrException.BadRequest for an unknown field, a region outside the array or one of more elements than a
     *         Java array holds
     * @throws ZarrException.CorruptChunk when a chunk does not decode to what the metadata promises (names the key)
     * @throws ZarrException.StoreFailure when the store cannot read a chunk
     * @throws ZarrException.Closed when the array is closed, also while the read runs
     */
    public Map<String, Column> read(Selection selection, ScanOptions options) {
        Selection chosen = selection == null ? Selection.all() : selection;
        Region r = regionOrAll(chosen.region());
        List<FieldAccessor> fields = new ArrayList<>();
        if (chosen.fields().isEmpty()) {
            fields.addAll(layout.fields());
        } else {
            for (String path : chosen.fields()) {
                fields.add(field(path));
            }
        }
        return read(fields, r, options);
    }

    private Map<String, Column> read(List<FieldAccessor> fields, Region r, ScanOptions options) {
        int n = elementsOf(r);
        Map<String, Column> columns = new LinkedHashMap<>();
        for (FieldAccessor f : fields) {
            columns.computeIfAbsent(f.path(), p -> f.newColumn(n));
        }
        FieldAccessor[] distinct = columns.keySet().stream().map(layout::fieldOrNull).toArray(FieldAccessor[]::new);
        Column[] targets = columns.values().toArray(Column[]::new);
        ScanOptions o = orDefaults(options);
        forEachRun(r, o.threads(), o.progress(), (unit, first, count, at) -> {
            for (int k = 0; k < distinct.length; k++) {
                distinct[k].copyTo(unit, first, (int) count, targets[k], (int) at);
            }
        });
        return Collections.unmodifiableMap(columns);
    }

    /**
     * Copies one field of a region into {@code dst} packed ({@code field.byteSize()} bytes each, in {@code layout().order()}).
     * @param field the dotted path of a leaf field ({@code ""} for a plain array)
     * @param region the elements, null for the whole array
     * @param dst receives the region's values packed, at least {@code field.byteSize()} bytes per element
     * @throws ZarrException.BadRequest for an unknown field, a region outside the array or a {@code dst} too small
     * @throws ZarrException.CorruptChunk when a chunk does not decode to what the metadata promises (names the key)
     * @throws ZarrException.StoreFailure when the store cannot read a chunk
     * @throws ZarrException.Closed when the array is closed, also while the read runs
     */
    public void readField(String field, Region region, MemorySegment dst) {
        FieldAccessor f = field(field);
        Region r = regionOrAll(region);
        long size = f.byteSize();
        long recordSize = layout.recordSize();
        requireRoom(dst, r.size() * size, "the field needs");
        forEachRun(r, 1, null, (unit, first, n, at) -> {
            for (long i = 0; i < n; i++) {
                MemorySegment.copy(unit, (first + i) * recordSize + f.offset(), dst, (at + i) * size, size);
            }
        });
    }

    /**
     * Whole records of a region, packed in C order and {@code layout().order()}, in a segment of {@code arena}.
     * @param region the elements, null for the whole array
     * @param arena where the segment is allocated (and freed, when the arena closes)
     * @return the records, packed
     * @throws ZarrException.BadRequest for a region outside the array
     * @throws ZarrException.CorruptChunk when a chunk does not decode to what the metadata promises (names the key)
     * @throws ZarrException.StoreFailure when the store cannot read a chunk
     * @throws ZarrException.Closed when the array is closed, also while the read runs
     */
    public MemorySegment readRecords(Region region, Arena arena) {
        long bytes = regionOrAll(region).size() * layout.recordSize();
        MemorySegment out = ZarrException.BadRequest.requireNonNull(arena, "arena").allocate(Math.max(1, bytes)).asSlice(0, bytes);
        readRecords(region, out);
        return out;
    }

    /**
     * Whole records of a region, packed in C order and {@code layout().order()}, into {@code dst}: for a caller that
     * reads many regions into one buffer rather than allocate (and zero) a segment for each.
     * @param region the elements, null for the whole array
     * @param dst receives the records from its start, at least {@code layout().recordSize()} bytes per element
     * @return the slice of {@code dst} the records fill
     * @throws ZarrException.BadRequest for a region outside the array or a {@code dst} too small or read-only
     * @throws ZarrException.CorruptChunk when a chunk does not decode to what the metadata promises (names the key)
     * @throws ZarrException.StoreFailure when the store cannot read a chunk
     * @throws ZarrException.Closed when the array is closed, also while the read runs
     */
    public MemorySegment readRecords(Region region, MemorySegment dst) {
        Region r = regionOrAll(region);
        long recordSize = layout.recordSize();
        long bytes = r.size() * recordSize;
        requireRoom(dst, bytes, "the records need");
        if (dst.isReadOnly()) {
            throw new ZarrException.BadRequest(path(), "destination is read-only");
        }
        MemorySegment out = dst.asSlice(0, bytes);
        forEachRun(r, 1, null, (unit, first, n, at) ->
                MemorySegment.copy(unit, first * recordSize, out, at * recordSize, n * recordSize));
        return out;
    }

    /** Refuses a null {@code dst}, or one smaller than {@code bytes}, which {@code needs} says what for ("the field needs"). */
    private void requireRoom(MemorySegment dst, long bytes, String needs) {
        if (ZarrException.BadRequest.requireNonNull(dst, "dst").byteSize() < bytes) {
            throw new ZarrException.BadRequest(path(), "destination holds " + dst.byteSize() + " bytes, " + needs + " " + bytes);
        }
    }

    /**
     * Visits every record of a region in place on the calling thread, chunk by chunk (C order within each chunk);
     * the visitor's {@code index} is the record's C-order position in the region.
     * @param region the elements, null for the whole array
     * @param visitor called with each record's index in the region, the records it sits in, and its position there
     * @throws ZarrException.BadRequest for a region outside the array
     * @throws ZarrException.CorruptChunk when a chunk does not decode to what the metadata promises (names the key)
     * @throws ZarrException.StoreFailure when the store cannot read a chunk
     * @throws ZarrException.Closed when the array is closed, also while the read runs
     */
    public void forEachRecord(Region region, RecordVisitor visitor) {
        ZarrException.BadRequest.requireNonNull(visitor, "visitor");
        Region r = regionOrAll(region);
        forEachRun(r, 1, null, (unit, first, n, at) -> {
            for (long i = 0; i < n; i++) {
                visitor.visit(at + i, unit, first + i);
            }
        });
    }

    /**
     * The units of a region (null: all) one at a time, for readers that pull: each unit is decoded once, and its runs
     * inside the region are read in place. Units come in C order of the unit grid.
     * @param region the elements, null for the whole array
     * @return a cursor over the units, to be closed
     * @throws ZarrException.BadRequest for a region outside the array
     * @throws ZarrException.Closed when the array is closed
     */
    public UnitCursor units(Region region) {
        return new UnitCursor(new SequentialReader(reader, regionOrAll(region)));
    }

    /**
     * Count, sum, min, max and mean of a field of numbers, bools or times over a region (null: all), in parallel across
     * chunks; exact, see {@link FieldStats}. Of text and byte strings: count, empty values, least and greatest; of a
     * field with a shape, those of all its elements.
     * @param field the dotted path of a leaf field ({@code ""} for a plain array)
     * @param region the elements, null for the whole array
     * @param options the threads to read on, null for {@link ScanOptions#defaults()}
     * @return the field's statistics
     */
    public FieldStats scan(String field, Region region, ScanOptions options) {
        return scan(List.of(ZarrException.BadRequest.requireNonNull(field, "field")), region, options).getFirst();
    }

    /**
     * The statistics of several fields (in the order given) in one pass: each chunk is read and decoded once for all
     * of them, so on a compressed array they cost about what one field does. The results are the same on any number
     * of threads and whichever fields share the pass. Chunks never written count as fill values without being
     * visited; a grid of more than {@value StoredUnits#LIST_ABOVE} units in a store that can list is listed first, so
     * only the chunks written are read.
     * @param fields dotted paths of leaf fields
     * @param region the elements, null for the whole array
     * @param options the threads to read on, null for {@link ScanOptions#defaults()}
     * @return the statistics of each field, in the order given
     * @throws ZarrException.BadRequest for no field, an unknown one, one that is no real number, time or string (nor
     *         a shaped field of those), or a region outside the array
     * @throws ZarrException.CorruptChunk when a chunk does not decode to what the metadata promises (names the key)
     * @throws ZarrException.StoreFailure when the store cannot read or list a chunk
     * @throws ZarrException.Closed when the array is closed, also while the read runs
     */
    public List<FieldStats> scan(List<String> fields, Region region, ScanOptions options) {
        if (ZarrException.BadRequest.requireNonNull(fields, "fields").isEmpty()) {
            throw new ZarrException.BadRequest(path(), "no field to scan");
        }
        FieldAccessor[] accessors = fields.stream().map(this::scannable).toArray(FieldAccessor[]::new);
        ScanOptions o = orDefaults(options);
        return new ScanPass(reader, regionOrAll(region)).stats(fields, accessors, o.threads(), o.progress());
    }

    FieldAccessor scannable(String field) {
        FieldAccessor f = field(field);
        if (!FieldScan.takes(f.type())) {
            throw new ZarrException.BadRequest(path(), "field '" + field + "' (" + f.type().describe() + ") is not a real number, time or string");
        }
        return f;
    }

    /**
     * The statistics of a field over the whole array, on one thread per processor (see
     * {@link #scan(List, Region, ScanOptions)}).
     * @param field the dotted path of a leaf field ({@code ""} for a plain array)
     * @return the field's statistics
     */
    public FieldStats scan(String field) {
        return scan(field, null, ScanOptions.defaults());
    }

    private void forEachRun(Region r, int threads, ScanOptions.Progress progress, RunVisitor visitor) {
        new ScanPass(reader, r).run(threads, progress, worker -> visitor::run);
    }

    /**
     * The records of this array that satisfy a predicate: scans and reads of them alone, which leave unread the chunks
     * whose statistics ({@link ChunkStatistics#sidecar}, when there are any) prove they hold no match.
     * @param predicate the condition, as {@link Predicate#parse} reads it or built
     * @return the filtered view
     * @throws ZarrException.BadRequest for a field the array lacks, one that cannot be compared, or a literal of the wrong
     *         kind (naming the column)
     */
    public FilteredArray where(Predicate predicate) {
        return where(ZarrException.BadRequest.requireNonNull(predicate, "predicate"), ChunkStatistics.sidecar(this));
    }

    /**
     * As {@link #where(Predicate)}, judged by the statistics given instead of those beside the array, which are not
     * read: statistics kept elsewhere, or null for none (a caller testing the records it reads itself, {@link
     * FilteredArray#matching}).
     * @param predicate the condition
     * @param statistics the statistics to leave chunks unread by, or null for none
     * @return the filtered view
     * @throws ZarrException.BadRequest as {@link #where(Predicate)}
     */
    public FilteredArray where(Predicate predicate, ChunkStatistics statistics) {
        return new FilteredArray(this, ZarrException.BadRequest.requireNonNull(predicate, "predicate"), statistics);
    }

    ArrayReader reader() {
        return reader;
    }

    boolean isClosed() {
        return reader.isClosed();
    }

    /**
     * Ends reading: later calls fail with {@link ZarrException.Closed}; reads in progress stop with it, and what the
     * array mapped is unmapped once the last of them has (other arrays of the hierarchy read on).
     *
     * @throws ZarrException.StoreFailure when its memory cannot be freed
     */
    @Override
    public void close() {
        reader.close();
    }

    @Override
    public String toString() {
        return meta.toString();
    }
}
