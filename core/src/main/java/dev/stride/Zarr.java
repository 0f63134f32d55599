package dev.stride;

import dev.stride.internal.document.MetadataParser;
import dev.stride.internal.document.V2MetadataParser;
import dev.stride.internal.zip.ZipPaths;
import dev.stride.internal.write.NodePath;
import dev.stride.model.ArrayMetadata;
import dev.stride.model.FieldStats;
import dev.stride.model.GroupMetadata;
import dev.stride.model.IoMode;
import dev.stride.model.NodeMetadata;
import dev.stride.model.ZarrException;
import dev.stride.spi.ListableStore;
import dev.stride.spi.Store;
import dev.stride.spi.StoreDescriptor;

import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;
import java.util.stream.Stream;

/**
 * An open Zarr v3 hierarchy: the entry point of Stride.
 *
 * <pre>{@code
 * try (Zarr zarr = Zarr.open(Path.of("data.zarr"))) {
 *     ZarrArray points = zarr.array("/points");
 *     FieldStats x = points.scan("x");
 * }
 * }</pre>
 *
 * Node paths are absolute ({@code /}, {@code /group/array}); closing the hierarchy closes its arrays and store.
 */
public final class Zarr implements AutoCloseable {
    private static final String ZARR_JSON = "zarr.json";
    private static final String V2_ARRAY = ".zarray";
    private static final String V2_GROUP = ".zgroup";
    private static final String V2_ATTRIBUTES = ".zattrs";
    private static final String V2_CONSOLIDATED = ".zmetadata";
    private final Store store;
    private final Map<String, ZarrArray> arrays = new ConcurrentHashMap<>();
    private volatile boolean closed;

    private Zarr(Store store) {
        this.store = store;
    }

    /**
     * Opens the hierarchy rooted at a directory (its {@code zarr.json} is the root node), reading as {@link IoMode#AUTO}.
     *
     * @param root the directory of the hierarchy
     * @return the open hierarchy, to be closed
     * @throws ZarrException.StoreFailure when the directory does not exist or cannot be opened
     */
    public static Zarr open(Path root) {
        return open(root, IoMode.AUTO);
    }

    /**
     * Opens the hierarchy rooted at a directory, reading its files as {@code mode} says; a path through a zip file
     * ({@code x.zarr.zip}, {@code x.zarr.zip/group}) opens the hierarchy inside it.
     *
     * @param root the directory of the hierarchy
     * @param mode how files are read (read calls or mapped memory)
     * @return the open hierarchy, to be closed
     * @throws ZarrException.StoreFailure when the directory does not exist or cannot be opened
     */
    public static Zarr open(Path root, IoMode mode) {
        return new Zarr(ZipPaths.open(ZarrException.BadRequest.requireNonNull(root, "root"), ZarrException.BadRequest.requireNonNull(mode, "mode")));
    }

    /**
     * Opens the hierarchy at a path or a URI: {@code /data/x.zarr}, {@code relative/x.zarr} (from the working
     * directory), {@code file:///data/x.zarr}, or a URI of a scheme another jar provides ({@link
     * dev.stride.spi.StoreProvider}). A string that starts with a scheme of two or more letters and a colon is a URI.
     * Options travel in the URI's query: {@code file:///data/x.zarr?io=map} (see {@link IoMode}).
     *
     * @param pathOrUri a path or a URI
     * @return the open hierarchy, to be closed
     * @throws ZarrException.Unsupported when no store provider has the URI's scheme (the message lists those there are)
     * @throws ZarrException.BadRequest when it is neither a path nor a URI, or an option is unknown or bad
     * @throws ZarrException.StoreFailure when the store does not exist or cannot be opened
     */
    public static Zarr open(String pathOrUri) {
        return open(StoreDescriptor.parse(pathOrUri));
    }

    /**
     * As {@link #open(String)}, for a URI.
     *
     * @param uri where the hierarchy is
     * @return the open hierarchy, to be closed
     */
    public static Zarr open(URI uri) {
        return open(StoreDescriptor.of(uri));
    }

    /**
     * Opens the hierarchy a descriptor names, in this JVM or another: what {@link #descriptor()} gave.
     *
     * @param where a descriptor from {@link #descriptor()}
     * @return the open hierarchy, to be closed
     * @throws ZarrException.Unsupported when no store provider has its scheme
     * @throws ZarrException.BadRequest when an option is unknown or bad
     * @throws ZarrException.StoreFailure when the store does not exist or cannot be opened
     */
    public static Zarr open(StoreDescriptor where) {
        return new Zarr(ZipPaths.open(ZarrException.BadRequest.requireNonNull(where, "where")));
    }

    /**
     * Opens a hierarchy in any store; closing the hierarchy closes the store.
     *
     * @param store the store the hierarchy is in
     * @return the open hierarchy, to be closed
     */
    public static Zarr open(Store store) {
        return new Zarr(ZarrException.BadRequest.requireNonNull(store, "store"));
    }

    /**
     * The store the hierarchy is read from.
     *
     * @return the store, closed with the hierarchy
     */
    public Store store() {
        return store;
    }

    /**
     * Where this hierarchy's store is and how it was opened, to open it again elsewhere with {@link #open(StoreDescriptor)}.
     *
     * @return the descriptor, which any JVM with the same store plug-ins can open
     * @throws ZarrException.Unsupported when the store lives only in this JVM (in memory)
     */
    public StoreDescriptor descriptor() {
        StoreDescriptor d = store.descriptor();
        if (d == null) {
            throw new ZarrException.Unsupported(null, null, "the store " + store.getClass().getSimpleName() + " cannot be opened elsewhere");
        }
        return d;
    }

    /**
     * Parses and validates the metadata of the node at {@code path}.
     *
     * @param path the node's path from the root ({@code /} for the root)
     * @return the group's or array's metadata
     * @throws ZarrException.NodeNotFound when no node is there
     * @throws ZarrException.BadRequest when the path holds an illegal node name
     * @throws ZarrException.InvalidMetadata when its {@code zarr.json} (or v2 {@code .zarray}, {@code .zgroup}) breaks the
     *         spec (the message names the member)
     * @throws ZarrException.Unsupported when it uses a data type, codec or extension Stride does not know
     * @throws ZarrException.StoreFailure when the store cannot read it
     * @throws ZarrException.Closed when the hierarchy is closed
     */
    public NodeMetadata metadata(String path) {
        ensureOpen();
        String normalized = normalize(path);
        String prefix = prefix(normalized);
        byte[] doc = store.readBytes(prefix + ZARR_JSON);
        if (doc != null) {
            return parsed(prefix + ZARR_JSON, doc, () -> MetadataParser.parse(normalized, doc));
        }
        byte[] zarray = store.readBytes(prefix + V2_ARRAY);
        if (zarray != null) {
            byte[] zattrs = store.readBytes(prefix + V2_ATTRIBUTES);
            return parsed(prefix + V2_ARRAY, zarray, () -> V2MetadataParser.array(normalized, zarray, zattrs));
        }
        byte[] zgroup = store.readBytes(prefix + V2_GROUP);
        if (zgroup != null) {
            byte[] zattrs = store.readBytes(prefix + V2_ATTRIBUTES);
            byte[] zmetadata = store.readBytes(prefix + V2_CONSOLIDATED);
            return parsed(prefix + V2_GROUP, zgroup, () -> V2MetadataParser.group(normalized, zgroup, zattrs, zmetadata));
        }
        throw new ZarrException.NodeNotFound(normalized, "no zarr.json at this path (nor a Zarr v2 .zarray or .zgroup)");
    }

    /** A node parsed from {@code doc}, the bytes at {@code key}; a document too large for the heap is a store failure. */
    private static NodeMetadata parsed(String key, byte[] doc, Supplier<NodeMetadata> parse) {
        try {
            return parse.get();
        } catch (OutOfMemoryError e) {
            // the parse's allocations are garbage now; a document this large is refused like any unreadable one
            throw new ZarrException.StoreFailure(key, "holds " + doc.length + " bytes, too many to parse in this Java heap of "
                    + Runtime.getRuntime().maxMemory() + " bytes (-Xmx)", null);
        }
    }

    /**
     * The root group of the hierarchy.
     *
     * @return the group at {@code /}
     * @throws ZarrException.NodeNotFound when the root node is an array
     */
    public Group root() {
        return group("/");
    }

    /**
     * The group at {@code path}.
     *
     * @param path the group's path from the root
     * @return the group
     * @throws ZarrException.NodeNotFound when no node is there or it is an array; and as {@link #metadata}
     */
    public Group group(String path) {
        if (metadata(path) instanceof GroupMetadata g) {
            return new Group(this, g);
        }
        throw new ZarrException.NodeNotFound(normalize(path), "is an array, not a group");
    }

    /**
     * The array at {@code path}, opened once and shared until the hierarchy closes.
     *
     * @param path the array's path from the root
     * @return the open array; closing the hierarchy closes it
     * @throws ZarrException.NodeNotFound when no node is there or it is a group; and as {@link #metadata}
     */
    public ZarrArray array(String path) {
        String normalized = normalize(path);
        ZarrArray open = arrays.get(normalized);
        if (open != null && !open.isClosed()) {
            return open;
        }
        if (metadata(normalized) instanceof ArrayMetadata a) {
            // replaces a closed one, so close() reaches the array now in use
            return arrays.merge(normalized, new ZarrArray(store, prefix(normalized), a), (old, fresh) -> old.isClosed() ? fresh : old);
        }
        throw new ZarrException.NodeNotFound(normalized, "is a group, not an array");
    }

    /**
     * Names of the nodes directly below {@code path}, sorted: directories holding a zarr.json (or a Zarr v2 .zarray or
     * .zgroup), not starting with "__". A
     * folder whose zarr.json cannot be looked at (permission denied, a FIFO) is an error naming that key, not a missing
     * child. A store that cannot list (HTTP) answers from the consolidated metadata of the nearest group at or above
     * {@code path} that has it.
     *
     * @param path the parent's path from the root
     * @return the child names, not paths
     * @throws ZarrException.StoreFailure when the store cannot list the path or look at a child's zarr.json
     * @throws ZarrException.Unsupported when the store cannot list and no group at or above the path has consolidated
     *         metadata
     * @throws ZarrException.Closed when the hierarchy is closed
     */
    public List<String> children(String path) {
        ensureOpen();
        String normalized = normalize(path);
        if (!(store instanceof ListableStore listable)) {
            return consolidatedChildren(normalized);
        }
        String prefix = prefix(normalized);
        List<String> names = new ArrayList<>();
        for (String name : listable.list(prefix)) {
            String child = prefix + name + "/";
            if (NodeMetadata.invalidNameReason(name) == null
                    && (hasMetadata(child + ZARR_JSON) || hasMetadata(child + V2_ARRAY) || hasMetadata(child + V2_GROUP))) {
                names.add(name);
            }
        }
        return names;
    }

    /** The children of a node as the consolidated metadata of the nearest group at or above it lists them. */
    private List<String> consolidatedChildren(String path) {
        for (String group = path; ; group = NodePath.of(group).parent().path()) {
            if (metadata(group) instanceof GroupMetadata g && g.consolidated() != null) {
                String below = group.equals(path) ? "" : path.substring(group.length() + (group.equals("/") ? 0 : 1)) + "/";
                return Stream.concat(g.consolidated().keySet().stream(), g.unreadable().keySet().stream())
                        .filter(relative -> relative.startsWith(below) && relative.indexOf('/', below.length()) < 0)
                        .map(relative -> relative.substring(below.length()))
                        .sorted()
                        .toList();
            }
            if (group.equals("/")) {
                throw new ZarrException.Unsupported(path, null, "the store cannot list (" + store.getClass().getSimpleName()
                        + ") and no group from / to this node has consolidated metadata, so its children are unknown; "
                        + "open its arrays by their own paths");
            }
        }
    }

    /**
     * True when the key exists inside the store. A plain file (no folder to hold a zarr.json) and a link leading out of
     * the store are no child; any other failure to find the key (a folder that cannot be read) is an error.
     */
    private boolean hasMetadata(String key) {
        try {
            return store.size(key) >= 0;
        } catch (ZarrException.StoreFailure e) {
            if (Store.PARENT_NOT_A_DIRECTORY.equals(e.reason()) || Store.LEADS_OUTSIDE.equals(e.reason())) {
                return false;
            }
            throw e;
        }
    }

    /** {@code /a/b} for "a/b", "/a/b/" and the like; refuses illegal node names as the writer does. */
    static String normalize(String path) {
        return NodePath.of(path).path();
    }

    /** Store key prefix of a node: "" for the root, "a/b/" for /a/b. */
    static String prefix(String normalizedPath) {
        return normalizedPath.equals("/") ? "" : normalizedPath.substring(1) + "/";
    }

    private void ensureOpen() {
        if (closed) {
            throw new ZarrException.Closed("the hierarchy");
        }
    }

    /**
     * Closes every array opened here (freeing their mappings), then the store. Every step is taken; the first failure
     * is thrown at the end, with the later ones suppressed in it.
     */
    @Override
    public void close() {
        if (!closed) {
            closed = true;
            RuntimeException failure = null;
            for (ZarrArray a : arrays.values()) {
                failure = closing(failure, a::close);
            }
            arrays.clear();
            failure = closing(failure, store::close);
            if (failure != null) {
                throw failure;
            }
        }
    }

    static RuntimeException closing(RuntimeException failure, Runnable step) {
        try {
            step.run();
        } catch (RuntimeException e) {
            if (failure == null) {
                return e;
            }
            failure.addSuppressed(e);
        }
        return failure;
    }
}
