package dev.stride;

import dev.stride.internal.codec.CodecPipeline;
import dev.stride.internal.read.ChunkSource;
import dev.stride.internal.read.UnitGrid;
import dev.stride.internal.where.WrittenStatistics;
import dev.stride.internal.write.ByteSwap;
import dev.stride.internal.write.NodePath;
import dev.stride.internal.write.Publication;
import dev.stride.internal.write.WriteSession;
import dev.stride.model.ArrayMetadata;
import dev.stride.model.ChunkEncoding;
import dev.stride.model.Column;
import dev.stride.model.FieldAccessor;
import dev.stride.model.FieldWriter;
import dev.stride.model.Json;
import dev.stride.model.RecordFiller;
import dev.stride.model.Region;
import dev.stride.model.RunVisitor;
import dev.stride.model.ZarrException;
import dev.stride.spi.WritableStore;

import java.lang.foreign.MemorySegment;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * Writes regions of one array: from Java arrays per field, from packed records, or record by record. Each chunk the
 * region touches is assembled (from the stored chunk when the region covers only part of it, else from the fill
 * value), encoded with the array's codecs and stored atomically, one chunk at a time: a failure leaves the failing
 * chunk as it was and names it; chunks stored before it hold the new values. Chunks that end up all fill value are
 * deleted rather than stored (see {@link #skipFillChunks}).
 *
 * <p>A new array is published last: its {@code zarr.json} is stored by {@link #commit} (or {@link #close}) only after
 * every chunk written is durable (files and directories fsynced), so until then readers find no array there, and a
 * process killed before leaves nothing readable. After a failed write the array cannot be committed: {@link #close}
 * then deletes the chunks written so far, as {@link #abort} does. An array that existed before is rewritten chunk by
 * chunk in place; commit and abort change nothing there.
 *
 * <p>Safe for several threads writing disjoint sets of chunks; two writes touching one chunk at once may lose one.
 */
public final class ArrayWriter implements AutoCloseable {
    private final WritableStore store;
    private final NodePath node;
    private final ArrayMetadata meta;
    private final CodecPipeline codecs;
    private final RecordLayout layout;
    private final Map<String, FieldWriter> fields;
    private final ByteSwap swap;
    private final long[] chunkShape;
    private final long recordSize;
    private final boolean skipFillChunks;
    private final WriteSession.Pool sessions;
    /** The held-back metadata of a new array; null for an array already published. */
    private final Publication publication;
    /** The statistics gathered of a new array's chunks as they are stored; null when it gets none. */
    private final WrittenStatistics statistics;

    ArrayWriter(WritableStore store, NodePath node, ArrayMetadata meta, Publication publication) {
        this(store, node, meta, publication, publication == null ? null : publication.statistics());
    }

    private ArrayWriter(WritableStore store, NodePath node, ArrayMetadata meta, Publication publication, WrittenStatistics statistics) {
        this.store = store;
        this.publication = publication;
        this.node = node;
        this.meta = meta;
        this.codecs = CodecPipeline.of(meta);
        this.layout = RecordLayout.compile(meta.dataType(), codecs.order());
        this.recordSize = layout.recordSize();
        Map<String, FieldWriter> byPath = new LinkedHashMap<>();
        for (FieldAccessor f : layout.fields()) {
            byPath.putIfAbsent(f.path(), new FieldWriter(node.path(), f));
        }
        this.fields = byPath;
        this.swap = new ByteSwap(meta.dataType());
        this.chunkShape = meta.chunkShape();
        this.skipFillChunks = true;
        this.sessions = new WriteSession.Pool(node.path(), codecs.spec().byteSize(), meta.fillValue().bytes(layout.order()));
        this.statistics = statistics;
    }

    /**
     * The first writer of a new array, published as {@code document} once its chunks are durable; with
     * {@code statistics}, it gathers the statistics of every chunk it stores (when the array has fields that have any),
     * stored beside the array as it is published.
     */
    static ArrayWriter ofNewArray(WritableStore store, NodePath node, ArrayMetadata meta, Json.JObject document, boolean statistics) {
        return new ArrayWriter(store, node, meta, new Publication(store, node, document, gathering(store, node, meta, statistics)));
    }

    /**
     * A writer of chunks of an array published elsewhere; with {@code statistics}, it gathers those of the chunks it
     * stores for the publisher ({@link #chunkStatistics}).
     */
    static ArrayWriter ofChunks(WritableStore store, NodePath node, ArrayMetadata meta, boolean statistics) {
        return new ArrayWriter(store, node, meta, null, gathering(store, node, meta, statistics));
    }

    private static WrittenStatistics gathering(WritableStore store, NodePath node, ArrayMetadata meta, boolean statistics) {
        if (!statistics) {
            return null;
        }
        RecordLayout layout = RecordLayout.compile(meta.dataType(), CodecPipeline.of(meta).order());
        return WrittenStatistics.of(meta, layout.fields(), layout.recordSize(), new ChunkSource(store, node.prefix(), meta).unitShape());
    }

    private ArrayWriter(ArrayWriter base, boolean skipFillChunks) {
        this.store = base.store;
        this.node = base.node;
        this.meta = base.meta;
        this.codecs = base.codecs;
        this.layout = base.layout;
        this.recordSize = base.recordSize;
        this.fields = base.fields;
        this.swap = base.swap;
        this.chunkShape = base.chunkShape;
        this.skipFillChunks = skipFillChunks;
        this.sessions = base.sessions;
        this.publication = base.publication;
        this.statistics = base.statistics;
    }

    /**
     * A writer that stores chunks equal to the fill value ({@code false}) or deletes them (true, the default: a missing
     * chunk reads as fill value). Shares this writer's buffers; closing either closes both.
     *
     * @param skip true to delete chunks that hold only the fill value, false to store them
     * @return a writer of the same array with that choice
     */
    public ArrayWriter skipFillChunks(boolean skip) {
        return new ArrayWriter(this, skip);
    }

    /**
     * Where the array is in its hierarchy.
     *
     * @return its path from the root
     */
    public String path() {
        return node.path();
    }

    /**
     * The metadata the array was created with.
     *
     * @return the array's {@code zarr.json}, parsed
     */
    public ArrayMetadata metadata() {
        return meta;
    }

    /**
     * The codec chain chunks are encoded with, and the inner chunk shape when they are sharded.
     *
     * @return the codecs and, when sharded, the inner chunk shape
     */
    public ChunkEncoding chunkEncoding() {
        return codecs.encoding();
    }

    /** The held-back metadata of a new array, shared by its writers; null once it was stored before. */
    Publication publication() {
        return publication;
    }

    /**
     * The data type compiled for the stored byte order, as records given to a {@link RecordFiller} are laid out.
     *
     * @return the layout, one accessor per leaf field
     */
    public RecordLayout layout() {
        return layout;
    }

    /**
     * The setter of the leaf field at a dotted path ({@code point.x}; {@code ""} for a plain array).
     *
     * @param path the dotted path of a leaf field ({@code ""} for a plain array)
     * @return the field's setter
     * @throws ZarrException.BadRequest when there is no such leaf field (the message lists the fields)
     */
    public FieldWriter field(String path) {
        FieldWriter f = fields.get(path);
        if (f == null) {
            throw new ZarrException.BadRequest(path(), "no field '" + path + "'; the fields are " + fields.keySet());
        }
        return f;
    }

    /**
     * Writes a region (null: the whole array) from one column per leaf field, keyed by path, in C order over the region:
     * the {@link Column}s {@code ZarrArray.read} returns, or the Java arrays they hold ({@code double[]} for float64,
     * ...; see {@link Column}). Fields left out keep their stored values.
     *
     * @param region the elements, null for the whole array
     * @param columns one column (or the Java array it holds) per field written, keyed by dotted path
     * @throws ZarrException.BadRequest for an unknown field, a column of the wrong type or length, or a region outside
     *         the array
     * @throws ZarrException.StoreFailure when a chunk cannot be read (to update it) or stored (names the key; the old
     *         value stays readable)
     * @throws ZarrException.CorruptChunk when a stored chunk to be updated does not decode
     * @throws ZarrException.Closed when the writer is closed
     */
    public void write(Region region, Map<String, ?> columns) {
        Region r = regionOrAll(region);
        List<FieldWriter> writers = new ArrayList<>();
        List<Column> checked = new ArrayList<>();
        ZarrException.BadRequest.requireNonNull(columns, "columns").forEach((path, column) -> {
            FieldWriter f = field(path);
            checked.add(f.checkColumn(column, r.size()));
            writers.add(f);
        });
        write(r, writers.size() == layout.fields().size(), session -> (chunk, first, count, at) -> {
            for (int k = 0; k < writers.size(); k++) {
                writers.get(k).copyColumn(checked.get(k), (int) at, chunk, first, count);
            }
        });
    }

    /**
     * Writes a region (null: the whole array) from whole records, packed in C order over the region, in byte order {@code order}.
     *
     * @param region the elements, null for the whole array
     * @param records the region's records, packed
     * @param order the byte order of {@code records}, converted to the stored one
     * @throws ZarrException.BadRequest when {@code records} is not the region's size in records, or the region lies
     *         outside the array
     * @throws ZarrException.StoreFailure when a chunk cannot be read (to update it) or stored (names the key; the old
     *         value stays readable)
     * @throws ZarrException.CorruptChunk when a stored chunk to be updated does not decode
     * @throws ZarrException.Closed when the writer is closed
     */
    public void write(Region region, MemorySegment records, ByteOrder order) {
        Region r = regionOrAll(region);
        if (ZarrException.BadRequest.requireNonNull(records, "records").byteSize() != r.size() * recordSize) {
            throw new ZarrException.BadRequest(path(), "region " + r + " needs " + r.size() * recordSize + " bytes of records, not " + records.byteSize());
        }
        boolean swapped = !ZarrException.BadRequest.requireNonNull(order, "order").equals(layout.order());
        write(r, true, session -> (chunk, first, count, at) -> {
            MemorySegment.copy(records, at * recordSize, chunk, first * recordSize, count * recordSize);
            if (swapped) {
                swap.swap(chunk, first, count);
            }
        });
    }

    /**
     * Writes a region (null: the whole array) record by record: {@code filler} sets each record, which starts as the fill value.
     *
     * @param region the elements, null for the whole array
     * @param filler sets the fields of each record it is given
     * @throws ZarrException.BadRequest when the region lies outside the array
     * @throws ZarrException.StoreFailure when a chunk cannot be read (to update it) or stored (names the key; the old
     *         value stays readable)
     * @throws ZarrException.CorruptChunk when a stored chunk to be updated does not decode
     * @throws ZarrException.Closed when the writer is closed
     */
    public void write(Region region, RecordFiller filler) {
        ZarrException.BadRequest.requireNonNull(filler, "filler");
        Region r = regionOrAll(region);
        write(r, true, session -> (chunk, first, count, at) -> {
            MemorySegment.copy(session.fill(), first * recordSize, chunk, first * recordSize, count * recordSize);
            for (long k = 0; k < count; k++) {
                filler.fill(at + k, chunk, first + k);
            }
        });
    }

    private Region regionOrAll(Region r) {
        return r == null ? Region.all(meta.shape()) : r.within(meta.shape(), path());
    }

    /**
     * Assembles, encodes and stores each chunk the region touches. {@code source} makes the copier of a session's
     * runs; {@code everyField} says it sets whole records, so chunks it covers need not be read first.
     */
    private void write(Region r, boolean everyField, Function<WriteSession, RunVisitor> source) {
        UnitGrid grid = new UnitGrid(chunkShape, r);
        WriteSession session = sessions.acquire();
        try {
            RunVisitor copier = source.apply(session);
            for (long n = 0; n < grid.count(); n++) {
                long[] chunk = grid.unit(n);
                String relative = meta.keyEncoding().key(chunk);
                String key = node.prefix() + relative;
                session.ctx.at(path(), key);
                if (statistics != null) {
                    statistics.begins(relative);
                }
                try {
                    MemorySegment buffer = session.chunk();
                    boolean covered = everyField && grid.recordsIn(chunk) == recordsInBounds(chunk);
                    MemorySegment start = covered ? session.fill() : stored(key, session);
                    MemorySegment.copy(start, 0, buffer, 0, buffer.byteSize());
                    grid.forEachRun(chunk, buffer, copier);
                    commit(chunk, relative, buffer, session);
                } catch (ZarrException e) {
                    failed();
                    throw e;
                } catch (RuntimeException e) {
                    failed();
                    throw new ZarrException.WriteFailure(path(), key, e);
                } finally {
                    if (statistics != null) {
                        statistics.ended(relative);
                    }
                }
            }
        } finally {
            sessions.release(session);
        }
    }

    /** Records of a chunk inside the array's bounds (fewer than the chunk's in edge chunks). */
    private long recordsInBounds(long[] chunk) {
        long[] shape = meta.shape();
        long n = 1;
        for (int d = 0; d < chunk.length; d++) {
            n *= Math.min(shape[d], (chunk[d] + 1) * chunkShape[d]) - chunk[d] * chunkShape[d];
        }
        return n;
    }

    /** The chunk as stored, decoded; the fill chunk when it was never written. */
    private MemorySegment stored(String key, WriteSession session) {
        MemorySegment bytes = store.read(key, 0, -1, session.ctx.scratch());
        return bytes == null ? session.fill() : codecs.decode(bytes, session.ctx);
    }

    private void failed() {
        if (publication != null) {
            publication.fail();
        }
    }

    /**
     * Stores a chunk (deletes one of fill values only). A new array's statistics of it are gathered from the assembled
     * chunk while it is encoded and stored ({@link WrittenStatistics#summarizing}), and recorded once it is.
     */
    private void commit(long[] coordinates, String relative, MemorySegment chunk, WriteSession session) {
        String key = node.prefix() + relative;
        if (publication != null) {
            publication.chunk(key);
        }
        if (skipFillChunks && chunk.mismatch(session.fill()) < 0) {
            store.delete(key);
            if (statistics != null) {
                statistics.deleted(coordinates, relative);
            }
            return;
        }
        WrittenStatistics.Pending summarized = statistics == null ? null : statistics.summarizing(coordinates, relative, chunk, session.fill());
        MemorySegment encoded;
        try {
            encoded = codecs.encode(chunk, session.ctx);
            store.write(key, encoded);
        } catch (RuntimeException | Error e) {
            if (summarized != null) {
                summarized.settle();
            }
            throw e;
        }
        if (statistics != null) {
            statistics.stored(relative, summarized.await(), encoded.byteSize());
        }
    }

    /**
     * The statistics this writer of chunks ({@link ZarrWriter#chunkWriter}) gathered of the chunks it stored, for the
     * array's publisher to take ({@link #addChunkStatistics}): a worker of a distributed write sends them with its
     * result. A JSON document in the layout of the statistics sidecar, each entry with the size written and no version
     * tag yet (a few hundred bytes a chunk).
     *
     * @return the document, or null when this writer gathers none ({@link ZarrWriter#statistics} false, or no field
     *         has statistics)
     */
    public byte[] chunkStatistics() {
        return statistics == null ? null : statistics.gathered();
    }

    /**
     * Takes the statistics a writer of chunks of this new array gathered elsewhere ({@link #chunkStatistics}) as if
     * this writer had stored those chunks: they are published with the array, each entry kept only if the store still
     * holds a value of the size written then. Entries for another chunk grid, or summarizing more records than the
     * chunk holds in this array (a worker that wrote before the length was known), are dropped. Nothing happens when
     * this array gets no statistics.
     *
     * @param gathered what a writer of chunks gave
     * @throws ZarrException.InvalidMetadata when {@code gathered} is not such a document, naming the member
     */
    public void addChunkStatistics(byte[] gathered) {
        ZarrException.BadRequest.requireNonNull(gathered, "gathered");
        if (statistics != null) {
            statistics.adopt(gathered, path() + " (gathered chunk statistics)");
        }
    }

    /**
     * Publishes a new array: makes its chunks durable, then stores its {@code zarr.json}. Refused after a failed write
     * or an {@link #abort}; nothing for an array published already.
     */
    public void commit() {
        if (publication != null) {
            publication.publish();
        }
    }

    /** Gives up a new array not yet committed: deletes the chunks written so far and never publishes it. */
    public void abort() {
        if (publication != null) {
            publication.abandon();
        }
    }

    /**
     * Gives up a new array not yet committed and leaves the chunks written so far where they are: for a writer that
     * finds another one may have written the same keys since (a copy that lost its claim on a store that ignores
     * conditional writes), whose chunks {@link #abort} would delete. Nothing for an array published already.
     */
    public void abandon() {
        if (publication != null) {
            publication.leave();
        }
    }

    /**
     * Commits a new array (aborts it instead after a failed write), then frees the writing buffers; later writes fail
     * with {@link ZarrException.Closed}. Call {@link #abort} first when your own code failed between writes.
     */
    @Override
    public void close() {
        try {
            if (publication != null) {
                publication.finish();
            }
        } finally {
            sessions.close();
        }
    }

    @Override
    public String toString() {
        return "ArrayWriter[" + meta + "]";
    }
}
