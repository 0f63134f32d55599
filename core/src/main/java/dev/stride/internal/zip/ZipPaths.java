package dev.stride.internal.zip;

import dev.stride.internal.store.FileStoreProvider;
import dev.stride.internal.store.LocalStore;
import dev.stride.internal.store.Stores;
import dev.stride.model.IoMode;
import dev.stride.model.ZarrException;
import dev.stride.spi.Store;
import dev.stride.spi.StoreDescriptor;

import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * Opens the store a descriptor names, looking through a zip file on the way: in {@code /data/x.zarr.zip/group} or
 * {@code https://host/x.zarr.zip/group} the first path segment ending in {@code .zip} is a zip file in the store
 * before it (locally: when it is a file, not a directory), and the rest a path inside it.
 */
public final class ZipPaths {
    private ZipPaths() {
    }

    /**
     * The store {@code where} names, a {@link ZipStore} when its path passes through a zip file.
     *
     * @throws ZarrException.Unsupported when no provider has the scheme
     * @throws ZarrException.StoreFailure when the store, or the zip, cannot be opened
     */
    public static Store open(StoreDescriptor where) {
        String path = where.uri().getPath();
        String[] segments = path == null ? new String[0] : path.split("/", -1);
        StringBuilder before = new StringBuilder();
        for (int i = 0; i < segments.length; i++) {
            String segment = segments[i];
            if (isZipName(segment) && isZipFile(where, before + segment)) {
                String inner = String.join("/", java.util.Arrays.copyOfRange(segments, i + 1, segments.length));
                StoreDescriptor container = new StoreDescriptor(withPath(where.uri(), before.toString()), where.options());
                Store outer = Stores.provider(where.scheme()).open(container);
                return ZipStore.open(outer, segment, inner.isEmpty() || inner.endsWith("/") ? inner : inner + "/", where);
            }
            before.append(segment).append('/');
        }
        return Stores.provider(where.scheme()).open(where);
    }

    /**
     * The hierarchy at a local path, which may pass through a zip file as {@link #open(StoreDescriptor)} says.
     *
     * @throws ZarrException.StoreFailure when the directory, or the zip, cannot be opened
     */
    public static Store open(Path root, IoMode mode) {
        Path absolute = root.toAbsolutePath().normalize();
        for (Path at = absolute; at != null && at.getFileName() != null; at = at.getParent()) {
            if (isZipName(at.getFileName().toString()) && Files.isRegularFile(at)) {
                return open(FileStoreProvider.descriptor(absolute, mode));
            }
        }
        return LocalStore.open(root, mode);
    }

    private static boolean isZipName(String segment) {
        return segment.length() > 4 && segment.toLowerCase(Locale.ROOT).endsWith(".zip");
    }

    /** Remotely every {@code .zip} segment is taken for a zip (asking would cost a request); locally a directory is not one. */
    private static boolean isZipFile(StoreDescriptor where, String path) {
        return !where.scheme().equalsIgnoreCase("file") || Files.isRegularFile(Path.of(path));
    }

    private static URI withPath(URI uri, String path) {
        try {
            return new URI(uri.getScheme(), uri.getAuthority(), path, null, null);
        } catch (URISyntaxException e) {
            throw new ZarrException.BadRequest(null, "'" + uri + "' cannot be split at its zip file: " + e.getMessage());
        }
    }
}
