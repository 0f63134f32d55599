package dev.stride.internal.store;

import dev.stride.model.IoMode;
import dev.stride.model.ZarrException;
import dev.stride.spi.StoreDescriptor;
import dev.stride.spi.StoreProvider;

import java.net.URI;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The {@code file} scheme: a directory of this machine, {@code file:///data/x.zarr}, with the option {@code io}
 * ({@code auto}, the default, {@code map} or {@code read}; see {@link IoMode}). Writers read as {@code read} unless
 * told otherwise: they read a chunk at most once, to update it.
 */
public final class FileStoreProvider implements StoreProvider {
    static final String SCHEME = "file";
    static final String IO = "io";

    @Override
    public String scheme() {
        return SCHEME;
    }

    @Override
    public LocalStore open(StoreDescriptor where) {
        return LocalStore.open(path(where), mode(where, IoMode.AUTO));
    }

    @Override
    public WritableLocalStore openWritable(StoreDescriptor where) {
        return LocalStore.openWritable(path(where), mode(where, IoMode.READ));
    }

    /** The descriptor of a directory read as {@code mode}; the default mode is left out. */
    public static StoreDescriptor descriptor(Path root, IoMode mode) {
        return new StoreDescriptor(root.toUri(), mode == IoMode.AUTO ? Map.of() : Map.of(IO, mode.name().toLowerCase(Locale.ROOT)));
    }

    private static Path path(StoreDescriptor where) {
        URI uri = where.uri();
        if (uri.getRawAuthority() != null && !uri.getRawAuthority().equals("localhost")) {
            throw new ZarrException.BadRequest(null, "the file URI " + uri + " names the host '" + uri.getRawAuthority()
                    + "'; only files of this machine can be opened (file:///path)");
        }
        if (uri.getPath() == null || !uri.getPath().startsWith("/")) {
            throw new ZarrException.BadRequest(null, "the file URI " + uri + " has no absolute path (file:///path)");
        }
        return where.localPath();
    }

    private static IoMode mode(StoreDescriptor where, IoMode otherwise) {
        Set<String> unknown = new java.util.TreeSet<>(where.options().keySet());
        unknown.remove(IO);
        if (!unknown.isEmpty()) {
            throw new ZarrException.BadRequest(null, "unknown option " + unknown + " for a file store " + where.uri() + "; it knows only '" + IO + "'");
        }
        String io = where.option(IO, null);
        if (io == null) {
            return otherwise;
        }
        for (IoMode m : IoMode.values()) {
            if (m.name().equalsIgnoreCase(io)) {
                return m;
            }
        }
        throw new ZarrException.BadRequest(null, "the option io=" + io + " of " + where.uri() + " is none of auto, map, read");
    }
}
