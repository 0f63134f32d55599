package dev.stride;

import dev.stride.internal.codec.CodecPipeline;
import dev.stride.internal.document.MetadataParser;
import dev.stride.internal.metadata.FillValueJson;
import dev.stride.internal.metadata.MetadataEncoder;
import dev.stride.internal.store.LocalStore;
import dev.stride.internal.store.Stores;
import dev.stride.internal.write.Consolidation;
import dev.stride.internal.write.NodePath;
import dev.stride.model.ArrayMetadata;
import dev.stride.model.ArraySpec;
import dev.stride.model.GroupMetadata;
import dev.stride.model.IoMode;
import dev.stride.model.Json;
import dev.stride.internal.json.JsonCodec;
import dev.stride.model.NodeMetadata;
import dev.stride.model.ZarrException;
import dev.stride.spi.StoreDescriptor;
import dev.stride.spi.WritableStore;

import java.lang.foreign.MemorySegment;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * Creates groups and arrays of a Zarr v3 hierarchy and opens arrays for writing: the writing entry point of Stride.
 *
 * <pre>{@code
 * try (ZarrWriter out = ZarrWriter.open(Path.of("data.zarr"))) {
 *     ArrayWriter points = out.createArray("/points", ArraySpec.of(type, 1000).chunks(100));
 *     points.write(null, Map.of("x", xs, "y", ys));
 * }
 * }</pre>
 *
 * Every {@code zarr.json} and chunk is stored atomically (a temporary file, fsynced, renamed into place), so a reader
 * sees the old value or the new one. A new array is published last: its metadata is stored when its writer commits or
 * closes, after its chunks are durable, so a failed or killed writer leaves no array readable (see
 * {@link ArrayWriter}). Groups are stored at once. The metadata of an existing array is only replaced by one its chunks
 * still fit, unless {@link #overwriteArray} is asked for. Missing parent groups are created. Paths are absolute
 * ({@code /}, {@code /group/array}).
 */
public final class ZarrWriter implements AutoCloseable {
    private final WritableStore store;
    private final ConcurrentLinkedQueue<ArrayWriter> writers = new ConcurrentLinkedQueue<>();
    /** The first writer of each new array not yet published, by path. */
    private final Map<String, ArrayWriter> unpublished = new ConcurrentHashMap<>();
    /** Groups this writer stored or found: their ancestors need no second look. */
    private final Set<String> groups = ConcurrentHashMap.newKeySet();
    private volatile boolean closed;
    private volatile boolean statistics = true;

    private ZarrWriter(WritableStore store) {
        this.store = store;
    }

    /**
     * Opens a directory for writing, creating it if needed.
     *
     * @param root the hierarchy's directory
     * @return the writer, to be closed
     * @throws ZarrException.StoreFailure when the directory cannot be created or opened
     */
    public static ZarrWriter open(Path root) {
        // chunks are read at most once (to update them), so reading beats mapping
        return new ZarrWriter(LocalStore.openWritable(ZarrException.BadRequest.requireNonNull(root, "root"), IoMode.READ));
    }

    /**
     * Opens a store for writing by a path or a URI ({@code /x}, {@code relative/x}, {@code file:///x}; options in the
     * query, as {@link Zarr#open(String)} takes them), creating it if needed; a {@code file} store reads as
     * {@code io=read} unless told otherwise.
     *
     * @param pathOrUri a path or a URI (as {@link Zarr#open(String)})
     * @return the writer, to be closed
     * @throws ZarrException.Unsupported when no store provider has the URI's scheme, or its stores cannot be written
     * @throws ZarrException.BadRequest when it is neither a path nor a URI, or an option is unknown or bad
     * @throws ZarrException.StoreFailure when the store cannot be created or opened
     */
    public static ZarrWriter open(String pathOrUri) {
        return open(StoreDescriptor.parse(pathOrUri));
    }

    /**
     * As {@link #open(String)}, for a URI.
     *
     * @param uri where the hierarchy is
     * @return the writer, to be closed
     */
    public static ZarrWriter open(URI uri) {
        return open(StoreDescriptor.of(uri));
    }

    /**
     * As {@link #open(String)}, for a descriptor (one from {@link Zarr#descriptor()}, say).
     *
     * @param where a descriptor from {@link Zarr#descriptor()}
     * @return the writer, to be closed
     */
    public static ZarrWriter open(StoreDescriptor where) {
        return new ZarrWriter(Stores.provider(ZarrException.BadRequest.requireNonNull(where, "where").scheme()).openWritable(where));
    }

    /**
     * Writes into any writable store; closing the writer closes the store.
     *
     * @param store the store to write into
     * @return the writer, to be closed
     */
    public static ZarrWriter open(WritableStore store) {
        return new ZarrWriter(ZarrException.BadRequest.requireNonNull(store, "store"));
    }

    /**
     * The store this writer writes into.
     *
     * @return the store, closed with the writer
     */
    public WritableStore store() {
        return store;
    }

    /**
     * Whether the arrays this writer creates from now on get chunk statistics ({@link ChunkStatistics}), true by
     * default: each chunk's are computed from its records as it is encoded, and when the array is published they are
     * stored beside it as {@value ChunkStatistics#SIDECAR}, linked from its attributes
     * ({@code "stride.statistics": {"path": ..., "version": 1}}), so that reads with a predicate skip the chunks they
     * rule out. A chunk whose file changed in the last seconds when the array is published has no version tag there,
     * and so is always read ({@code stride index} completes them). Arrays that existed before are not given any.
     *
     * @param gather true to gather statistics, false to write arrays without them (and without the link)
     * @return this writer
     */
    public ZarrWriter statistics(boolean gather) {
        this.statistics = gather;
        return this;
    }

    /**
     * Creates a group without attributes, as {@link #createGroup(String, Json.JObject)}.
     *
     * @param path the group's path from the root
     * @throws ZarrException.BadRequest when an array is there, or the path holds an illegal node name
     * @throws ZarrException.StoreFailure when its {@code zarr.json} cannot be stored
     */
    public void createGroup(String path) {
        createGroup(path, new Json.JObject(Map.of()));
    }

    /**
     * Creates a group, or sets the attributes of the group already there (its children stay); null attributes are none.
     *
     * @param path the group's path from the root
     * @param attributes the group's user attributes
     * @throws ZarrException.BadRequest when an array is there, or the path holds an illegal node name
     * @throws ZarrException.StoreFailure when its {@code zarr.json} cannot be stored
     */
    public void createGroup(String path, Json.JObject attributes) {
        ensureOpen();
        NodePath node = NodePath.of(path);
        NodeMetadata existing = existing(node);
        if (existing instanceof ArrayMetadata) {
            throw new ZarrException.BadRequest(node.path(), "is an array; delete it before creating a group here");
        }
        createParents(node);
        Json.JObject doc = MetadataEncoder.group(attributes != null ? attributes : new Json.JObject(Map.of()));
        if (existing == null || !existing.json().equals(doc)) {
            store(node, doc);
        }
        groups.add(node.path());
    }

    /**
     * Creates an array and returns its writer. An array already there is kept, chunks and all, when its data type,
     * shape, chunks, fill value and codecs are those of {@code spec} (its attributes and dimension names are then
     * updated); any other node there is refused. A new array is published when its writer commits or closes.
     *
     * @param path the array's path from the root
     * @param spec the array's data type, shape, chunks, fill value and codecs
     * @return a writer of the array, to be committed or closed
     * @throws ZarrException.InvalidMetadata when {@code spec} makes metadata that breaks the spec (names the member)
     * @throws ZarrException.Unsupported when {@code spec} names a codec no module provides
     * @throws ZarrException.BadRequest when a group or a different array is there, or the path holds an illegal node name
     * @throws ZarrException.StoreFailure when its {@code zarr.json} cannot be stored
     */
    public ArrayWriter createArray(String path, ArraySpec spec) {
        ensureOpen();
        NodePath node = NodePath.of(path);
        Json.JObject doc = MetadataEncoder.array(node.path(), spec);
        ArrayMetadata meta = validate(node, doc);
        NodeMetadata existing = existing(node);
        if (existing != null && !(existing instanceof ArrayMetadata old && chunkFormat(old).equals(chunkFormat(meta)))) {
            throw new ZarrException.BadRequest(node.path(), "a " + (existing instanceof ArrayMetadata ? "different array" : "group")
                    + " exists here; delete it first, or overwrite it");
        }
        ArrayWriter pending = pendingWriter(node);
        if (pending != null) {
            pending.publication().document(doc);
            return track(new ArrayWriter(store, node, meta, pending.publication()));
        }
        createParents(node);
        if (existing != null) {
            if (!existing.json().equals(doc)) {
                store(node, doc);
            }
            return track(new ArrayWriter(store, node, meta, null));
        }
        ArrayWriter writer = ArrayWriter.ofNewArray(store, node, meta, doc, statistics);
        unpublished.put(node.path(), writer);
        return track(writer);
    }

    /**
     * A writer of chunks of an array published elsewhere, later: the workers of a distributed job (Spark's tasks) write
     * their chunks with it, and one publisher (the job's driver) stores the {@code zarr.json} with {@link #createArray}
     * and {@link ArrayWriter#commit} once every worker's chunks are written. Nothing is published or checked against what
     * is stored here; its commit and abort do nothing. Make the chunks durable with {@code store().sync()} before telling
     * the publisher they are written. As edge chunks are stored whole, {@code spec}'s shape may be larger than the
     * shape published, when that is not known yet. Unless {@link #statistics} is off, it gathers the statistics of the
     * chunks it stores, for the publisher to take ({@link ArrayWriter#chunkStatistics}, {@link ArrayWriter#addChunkStatistics}).
     *
     * @param path the array's path from the root
     * @param spec the array as it will be published
     * @return a writer of chunks only
     * @throws ZarrException.InvalidMetadata when {@code spec} makes metadata that breaks the spec (names the member)
     * @throws ZarrException.Unsupported when {@code spec} names a codec no module provides
     */
    public ArrayWriter chunkWriter(String path, ArraySpec spec) {
        ensureOpen();
        NodePath node = NodePath.of(path);
        return track(ArrayWriter.ofChunks(store, node, validate(node, MetadataEncoder.array(node.path(), spec)), statistics));
    }

    /**
     * Stores consolidated metadata in the group at {@code path}: the {@code zarr.json} of every node below it, inline in
     * its own {@code zarr.json}, as zarr-python 3 writes it ({@code "consolidated_metadata": {"kind": "inline",
     * "must_understand": false, "metadata": {...}}}), so a reader that cannot list the store (HTTP) finds the hierarchy
     * in one read. Call it last: it holds what is stored now, so every array below must be published first, and a
     * node created or changed later is missing from it (consolidate again).
     *
     * @param path the group's path from the root
     * @throws ZarrException.BadRequest when no group is there, or an array below it is not published yet (commit it)
     * @throws ZarrException.StoreFailure when the hierarchy cannot be listed or read, or the group's metadata stored
     */
    public void consolidate(String path) {
        ensureOpen();
        NodePath node = NodePath.of(path);
        if (!(existing(node) instanceof GroupMetadata group)) {
            throw new ZarrException.BadRequest(node.path(), "no group here to consolidate");
        }
        String below = node.isRoot() ? "/" : node.path() + "/";
        for (String array : unpublished.keySet()) {
            if (array.startsWith(below) && pendingWriter(NodePath.of(array)) != null) {
                throw new ZarrException.BadRequest(array, "is not published yet; commit it before consolidating " + node.path());
            }
        }
        store(node, MetadataEncoder.group(group.attributes(), Consolidation.of(store, node)));
    }

    /**
     * Replaces whatever is at {@code path} (and below it) with a new, empty array.
     *
     * @param path the array's path from the root
     * @param spec the new array
     * @return a writer of the new array, to be committed or closed
     * @throws ZarrException.InvalidMetadata when {@code spec} makes metadata that breaks the spec (nothing is deleted)
     * @throws ZarrException.StoreFailure when the old node cannot be deleted or the new metadata stored
     */
    public ArrayWriter overwriteArray(String path, ArraySpec spec) {
        ensureOpen();
        NodePath node = NodePath.of(path);
        validate(node, MetadataEncoder.array(node.path(), spec));
        delete(path);
        return createArray(path, spec);
    }

    /**
     * A writer of the existing array at {@code path}.
     *
     * @param path the array's path from the root
     * @return a writer of the array, to be closed
     * @throws ZarrException.NodeNotFound when no array is there
     * @throws ZarrException.BadRequest when the path holds an illegal node name
     */
    public ArrayWriter array(String path) {
        ensureOpen();
        NodePath node = NodePath.of(path);
        ArrayWriter pending = pendingWriter(node);
        if (pending != null) {
            return track(new ArrayWriter(store, node, pending.metadata(), pending.publication()));
        }
        if (existing(node) instanceof ArrayMetadata meta) {
            return track(new ArrayWriter(store, node, meta, null));
        }
        throw new ZarrException.NodeNotFound(node.path(), "no array here");
    }

    /**
     * Deletes the node at {@code path} and everything below it. Its {@code zarr.json} goes first, so readers see the
     * node whole or not at all. New arrays there not yet published are aborted.
     *
     * @param path the node's path from the root
     * @throws ZarrException.StoreFailure when a key cannot be deleted
     */
    public void delete(String path) {
        ensureOpen();
        NodePath node = NodePath.of(path);
        String below = node.isRoot() ? "/" : node.path() + "/";
        unpublished.values().removeIf(w -> {
            boolean inside = w.path().equals(node.path()) || w.path().startsWith(below);
            if (inside) {
                w.abort();
            }
            return inside;
        });
        groups.removeIf(g -> g.equals(node.path()) || g.startsWith(below));
        store.delete(node.metadataKey());
        deleteBelow(node.prefix());
        if (!node.isRoot()) {
            store.delete(node.prefix().substring(0, node.prefix().length() - 1));
        }
    }

    /** Deletes every key below {@code prefix}, depth first without recursion (hierarchies may be thousands deep). */
    private void deleteBelow(String prefix) {
        Deque<String> open = new ArrayDeque<>(List.of(prefix));
        Deque<String> emptied = new ArrayDeque<>();
        while (!open.isEmpty()) {
            String dir = open.pop();
            for (String name : store.list(dir)) {
                open.push(dir + name + "/");
                emptied.push(dir + name);
            }
        }
        // deepest first: a directory is deleted once what was inside it is
        while (!emptied.isEmpty()) {
            store.delete(emptied.pop());
        }
    }

    /**
     * Checks {@code spec} as {@link #createArray} would, writing nothing: the metadata it makes is valid, and every codec
     * of its chain is provided and accepts its configuration (so a tool can refuse a bad option before it starts).
     *
     * @param spec the array to check
     * @throws ZarrException.InvalidMetadata when the metadata breaks the spec or a codec refuses its configuration
     *         (the member names the codec entry, {@code /codecs/1/configuration/level})
     * @throws ZarrException.Unsupported when {@code spec} names a codec no module provides
     */
    public static void check(ArraySpec spec) {
        CodecPipeline.of(validate(NodePath.of("/"), MetadataEncoder.array("/", spec)));
    }

    /** Parses our own document as a reader would, so nothing a reader refuses is ever written. */
    private static ArrayMetadata validate(NodePath node, Json.JObject doc) {
        return (ArrayMetadata) MetadataParser.parse(node.path(), doc);
    }

    /** What the stored chunks depend on: two arrays with equal formats read the same chunks alike. */
    private static List<Object> chunkFormat(ArrayMetadata m) {
        return List.of(Json.integers(m.shape()), m.dataType().json(), Json.integers(m.chunkShape()),
                m.keyEncoding(), FillValueJson.encode(m.fillValue()), CodecPipeline.of(m).encoding().codecs());
    }

    /** The node at {@code node}: stored, or a new array not yet published. */
    private NodeMetadata existing(NodePath node) {
        ArrayWriter pending = pendingWriter(node);
        if (pending != null) {
            return pending.metadata();
        }
        byte[] doc = store.readBytes(node.metadataKey());
        return doc == null ? null : MetadataParser.parse(node.path(), doc);
    }

    /** The first writer of the new array at {@code node} while it is unpublished, else null. */
    private ArrayWriter pendingWriter(NodePath node) {
        ArrayWriter w = unpublished.get(node.path());
        if (w != null && !w.publication().pending()) {
            unpublished.remove(node.path(), w);
            return null;
        }
        return w;
    }

    /** Creates the missing groups above {@code node}, root first; looks no higher than a group it knows. */
    private void createParents(NodePath node) {
        Deque<NodePath> unknown = new ArrayDeque<>();
        for (NodePath p = node.parent(); p != null && !groups.contains(p.path()); p = p.parent()) {
            unknown.push(p);
        }
        for (NodePath parent : unknown) {
            NodeMetadata existing = existing(parent);
            if (existing instanceof ArrayMetadata) {
                throw new ZarrException.BadRequest(node.path(), "its parent " + parent + " is an array, not a group");
            }
            if (!(existing instanceof GroupMetadata)) {
                store(parent, MetadataEncoder.group(new Json.JObject(Map.of())));
            }
            groups.add(parent.path());
        }
    }

    private void store(NodePath node, Json.JObject doc) {
        byte[] bytes = (JsonCodec.print(doc, true) + "\n").getBytes(StandardCharsets.UTF_8);
        try {
            store.write(node.metadataKey(), MemorySegment.ofArray(bytes));
        } catch (ZarrException e) {
            throw e;
        } catch (RuntimeException e) {
            throw new ZarrException.WriteFailure(node.path(), node.metadataKey(), e);
        }
    }

    private ArrayWriter track(ArrayWriter writer) {
        writers.add(writer);
        return writer;
    }

    private void ensureOpen() {
        if (closed) {
            throw new ZarrException.Closed("the hierarchy writer");
        }
    }

    /**
     * Closes every array writer it made (publishing the new arrays whose writes all succeeded), makes everything
     * durable, then closes the store. The first failure is thrown once everything is closed.
     */
    @Override
    public void close() {
        if (!closed) {
            closed = true;
            RuntimeException failure = null;
            for (ArrayWriter w : writers) {
                failure = Zarr.closing(failure, w::close);
            }
            writers.clear();
            unpublished.clear();
            failure = Zarr.closing(failure, store::sync);
            failure = Zarr.closing(failure, store::close);
            if (failure != null) {
                throw failure;
            }
        }
    }
}
