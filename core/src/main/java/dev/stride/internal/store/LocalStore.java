package dev.stride.internal.store;

import dev.stride.model.IoMode;
import dev.stride.internal.text.IoText;
import dev.stride.model.ZarrException;
import dev.stride.spi.ListableStore;
import dev.stride.spi.ReadScope;
import dev.stride.spi.Scratch;
import dev.stride.spi.StoreDescriptor;
import dev.stride.spi.ValuePart;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;

/**
 * A directory of files, key {@code a/b} at {@code root/a/b}, read per {@link IoMode}.
 *
 * <p>Measured on a 2-core machine, summing one float64 field of 32 Mi 21-byte records (704 MB in the page cache)
 * with 2 threads and a warm JIT: reading into reused buffers runs at ~520 Mrecords/s (the copy out of the page
 * cache costs), a first pass over fresh mappings at ~750 (the kernel maps 16 pages per fault), a pass over
 * mappings already faulted in at ~1600. Mappings count in the process's resident memory, though, so
 * {@link IoMode#AUTO} maps each range only while it is being read (resident memory stays at a few chunks per
 * thread) and keeps the mapping of a value once a whole pass over it was read (the second pass of a repeated scan
 * of an open array), from then on at full speed.
 *
 * <p>Mappings kept for a later read belong to the {@link ReadScope} of the reader's {@link Scratch} (the array that
 * read), not to the store: closing an array unmaps what it mapped while other arrays of the store read on. Each read
 * through a kept mapping first checks, with one stat, that the file is still the one mapped, so a chunk replaced
 * since reads as it is now. Opened
 * with {@link #open} a store only reads and lists; {@link #openWritable} gives a {@link WritableLocalStore}.
 */
public sealed class LocalStore implements ListableStore permits WritableLocalStore {

    private static final String TEMP_PREFIX = WriteTree.TEMP_PREFIX;
    /** Larger {@code zarr.json} files are refused unread (consolidated metadata of a big hierarchy stays far below). */
    static final long MAX_METADATA_BYTES = 256 << 20;
    private static final long PAGE_BYTES = 4096;

    private final Path root;
    private final Path realRoot;
    private final IoMode mode;
    /** The mappings of each scope still open, so a write can make them forget the key it replaced. */
    private final Set<Mappings> scopes = ConcurrentHashMap.newKeySet();
    /** Key prefixes of real directories inside the root, checked by {@link #file}. */
    private final Set<String> checkedDirectories = ConcurrentHashMap.newKeySet();
    private volatile boolean closed;

    LocalStore(Path root, IoMode mode) throws IOException {
        this.root = root.toAbsolutePath().normalize();
        this.realRoot = this.root.toRealPath();
        this.mode = mode;
    }

    /** What one scope keeps of this store: whole values mapped in its arena, and how much of each was read. */
    private final class Mappings implements AutoCloseable {
        final ReadScope scope;
        final Map<String, KeptValue> mapped = new ConcurrentHashMap<>();
        final Map<String, AtomicLong> bytesRead = new ConcurrentHashMap<>();

        Mappings(ReadScope scope) {
            this.scope = scope;
            scopes.add(this);
        }

        void forget(String key) {
            // an old mapping stays valid (it holds the old file); new reads must see the new value
            mapped.remove(key);
            bytesRead.remove(key);
        }

        @Override
        public void close() {
            scopes.remove(this);
            mapped.clear();
        }
    }

    /**
     * A whole value kept mapped, with the identity its file had when it was mapped. A file replaced since (a new
     * inode, or a new size) is mapped again: a mapping shows the file it was made from, and an open array must read
     * a chunk as it is now, not as it was when first read.
     */
    private record KeptValue(MemorySegment whole, FileVersion version) {
        boolean stillAt(Path path) {
            return version.equals(FileVersion.at(path));
        }
    }

    private Mappings mappings(Scratch scratch) {
        ReadScope scope = scratch.scope();
        return scope.attachment(this, () -> new Mappings(scope));
    }

    /**
     * Opens an existing directory for reading.
     *
     * @throws ZarrException.StoreFailure when the directory does not exist or cannot be opened
     */
    public static LocalStore open(Path root, IoMode mode) {
        if (!Files.isDirectory(root)) {
            // Files.exists and notExists are both false when a parent may not be searched
            String why = Files.notExists(root) ? "no such directory"
                    : Files.exists(root) ? "not a directory" : "cannot be looked at (permission denied on the way)";
            throw new ZarrException.StoreFailure(root.toString(), why, null);
        }
        try {
            return new LocalStore(root, mode);
        } catch (IOException e) {
            throw new ZarrException.StoreFailure(root.toString(), "cannot open: " + e, e);
        }
    }

    /**
     * Opens a directory for reading and writing, creating it if needed.
     *
     * @throws ZarrException.StoreFailure when the directory cannot be created or opened
     */
    public static WritableLocalStore openWritable(Path root, IoMode mode) {
        try {
            Files.createDirectories(root);
            return new WritableLocalStore(root, mode);
        } catch (IOException e) {
            // the caller names the directory: a command line prints its path once, before this message
            throw new ZarrException.StoreFailure(null, "cannot create the directory: " + IoText.reason(e), e);
        }
    }

    public Path root() {
        return root;
    }

    public IoMode mode() {
        return mode;
    }

    /**
     * Has the kernel read the key's file into the page cache in the background while earlier chunks are decoded;
     * nothing for a key that is no plain file name here, or whose whole value is already in memory.
     */
    @Override
    public void willRead(String key) {
        hint(key);
    }

    /** What {@link #willRead} does; true when the kernel was given the hint. */
    boolean hint(String key) {
        return !closed && Keys.valid(key) && !keptInMemory(key) && FileAdvice.willNeed(root.resolve(key));
    }

    /**
     * Whether a scope keeps the key's whole value mapped with its first page resident ({@code mincore}), as in a
     * repeated scan of an open array. A hint would then walk the file's pages in the page cache for nothing: ~45 us
     * per 21 MB file on AMD Zen 5, where this test (one mincore of one page) costs a few, and the hints cost a warm
     * scan of mapped chunks 4-7%. Cheaper than the hint's own test (a file opened and mapped to ask mincore about a few
     * of its pages, ~20 us on Zen 4). The first page stands for the whole value, a guess
     * that costs only speed when wrong; a value whose first page was evicted since is hinted again.
     */
    private boolean keptInMemory(String key) {
        for (Mappings kept : scopes) {
            KeptValue value = kept.mapped.get(key);
            if (value == null) {
                continue;
            }
            MemorySegment whole = value.whole();
            try {
                if (whole.asSlice(0, Math.min(PAGE_BYTES, whole.byteSize())).isLoaded()) {
                    return true;
                }
            } catch (IllegalStateException scopeClosed) {
                // the array closed meanwhile: its mapping tells nothing
            }
        }
        return false;
    }

    /** {@code file:} URI of the root, with the I/O mode as {@code ?io=} when it is not the default. */
    @Override
    public StoreDescriptor descriptor() {
        return FileStoreProvider.descriptor(root, mode);
    }

    Path realRoot() {
        return realRoot;
    }

    /**
     * The file of a key, for deleting it where the platform has no directory handles; refuses keys and symbolic links
     * that lead outside the root.
     */
    Path file(String key) throws IOException {
        Path p = root.resolve(Keys.check(key));
        requireDirectoryInside(key);
        if (Files.isSymbolicLink(p) && Files.exists(p) && !p.toRealPath().startsWith(realRoot)) {
            throw new ZarrException.StoreFailure(key, LEADS_OUTSIDE, null);
        }
        return p;
    }

    /**
     * Refuses a key whose directory is reached through a link out of the root. Each directory on the way is checked
     * once, component by component, and then trusted while the store is open: a full real-path resolution per key
     * costs time quadratic in the depth, and a hierarchy thousands of groups deep would take hours to list.
     */
    private void requireDirectoryInside(String key) throws IOException {
        if (!directoryInside(key.substring(0, key.lastIndexOf('/') + 1))) {
            throw new ZarrException.StoreFailure(key, LEADS_OUTSIDE, null);
        }
    }

    /** False when the directory {@code prefix} ("" or ending in '/') is reached through a link out of the root. */
    private boolean directoryInside(String prefix) throws IOException {
        String checked = prefix;
        while (!checked.isEmpty() && !checkedDirectories.contains(checked)) {
            checked = checked.substring(0, checked.lastIndexOf('/', checked.length() - 2) + 1);
        }
        while (checked.length() < prefix.length()) {
            checked = prefix.substring(0, prefix.indexOf('/', checked.length()) + 1);
            Path dir = root.resolve(checked);
            if (Files.isSymbolicLink(dir)) {
                // a link is followed each time anew, with every component after it
                Path whole = root.resolve(prefix);
                return !Files.exists(whole) || whole.toRealPath().startsWith(realRoot);
            }
            if (!Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)) {
                return true;
            }
            checkedDirectories.add(checked);
        }
        return true;
    }

    /** A key's regular file with its size, as found before it is opened. */
    private record Readable(Path path, BasicFileAttributes attributes) {
        long size() {
            return attributes.size();
        }
    }

    /**
     * The regular file of a key, or null when nothing is there; anything else at its path (a directory, a FIFO, a link
     * out of the root) is refused without being opened, so an open never blocks.
     */
    private Readable readable(String key) {
        Path p = root.resolve(Keys.check(key));
        try {
            requireDirectoryInside(key);
        } catch (IOException e) {
            throw RegularFiles.failure(key, root, p, e);
        }
        // one lstat for a plain file; a link is resolved and checked, then what it leads to looked at
        BasicFileAttributes attributes = RegularFiles.stat(key, root, p, LinkOption.NOFOLLOW_LINKS);
        if (attributes != null && attributes.isSymbolicLink()) {
            attributes = followed(key, p);
        }
        if (attributes == null) {
            return null;
        }
        RegularFiles.requireRegular(key, p, attributes);
        return new Readable(p, attributes);
    }

    /** What the link at {@code p} leads to, or null when nothing; refused when that lies outside the root. */
    private BasicFileAttributes followed(String key, Path p) {
        try {
            if (!p.toRealPath().startsWith(realRoot)) {
                throw new ZarrException.StoreFailure(key, LEADS_OUTSIDE, null);
            }
        } catch (NoSuchFileException dangling) {
            return null;
        } catch (IOException e) {
            throw RegularFiles.failure(key, root, p, e);
        }
        return RegularFiles.stat(key, root, p);
    }

    @Override
    public MemorySegment read(String key, long offset, long length, Scratch scratch) {
        ensureOpen();
        if (mode == IoMode.READ) {
            return withChannel(key, (ch, file) -> readInto(key, ch, offset, length, scratch));
        }
        try {
            Mappings kept = mappings(scratch);
            KeptValue value = kept(kept, key);
            if (value != null) {
                return value.whole().asSlice(offset, rangeLength(key, value.whole().byteSize(), offset, length));
            }
            return withChannel(key, (ch, file) -> mapTransiently(kept, key, ch, offset, length, scratch));
        } catch (IllegalStateException e) {
            throw closedOr(e, scratch);
        }
    }

    /**
     * Reads from the file of {@code version} only: through the whole mapping of that file when the scope keeps it
     * (it shows that inode whatever was renamed over the path since), else through a file that was that version both
     * before and after it was opened.
     */
    @Override
    public MemorySegment read(String key, long offset, long length, Object version, Scratch scratch) {
        if (!(version instanceof FileVersion wanted)) {
            return read(key, offset, length, scratch);
        }
        ensureOpen();
        try {
            Mappings kept = mode == IoMode.READ ? null : mappings(scratch);
            KeptValue value = kept == null ? null : kept.mapped.get(key);
            if (value != null && value.version().equals(wanted)) {
                return value.whole().asSlice(offset, rangeLength(key, value.whole().byteSize(), offset, length));
            }
            MemorySegment got = withChannel(key, (ch, file) -> {
                if (!wanted.equals(FileVersion.opened(file.attributes(), file.path()))) {
                    throw new ZarrException.StoreFailure(key, CHANGED, null);
                }
                return kept == null ? readInto(key, ch, offset, length, scratch) : mapTransiently(kept, key, ch, offset, length, scratch);
            });
            if (got == null) {
                throw new ZarrException.StoreFailure(key, CHANGED, null); // removed since
            }
            return got;
        } catch (IllegalStateException e) {
            throw closedOr(e, scratch);
        }
    }

    /**
     * One stat and one open: the value's size comes with the read, and a missing key costs no more than a
     * {@link #size} would.
     */
    @Override
    public ValuePart readPrefix(String key, long length, Scratch scratch) {
        return readPart(key, false, length, scratch);
    }

    /** As {@link #readPrefix}: the shard index at a shard's end, from the size the open file has. */
    @Override
    public ValuePart readSuffix(String key, long length, Scratch scratch) {
        return readPart(key, true, length, scratch);
    }

    private ValuePart readPart(String key, boolean fromEnd, long length, Scratch scratch) {
        ensureOpen();
        try {
            Mappings kept = mode == IoMode.READ ? null : mappings(scratch);
            KeptValue value = kept == null ? null : kept(kept, key);
            if (value != null) {
                MemorySegment whole = value.whole();
                long n = Math.min(length, whole.byteSize());
                return new ValuePart(whole.asSlice(fromEnd ? whole.byteSize() - n : 0, n), whole.byteSize(), value.version());
            }
            return withChannel(key, (ch, file) -> {
                long size = ch.size();
                long n = Math.min(length, size);
                long offset = fromEnd ? size - n : 0;
                MemorySegment got = kept == null ? readInto(key, ch, offset, n, scratch) : mapTransiently(kept, key, ch, offset, n, scratch);
                return new ValuePart(got, size, FileVersion.opened(file.attributes(), file.path()));
            });
        } catch (IllegalStateException e) {
            throw closedOr(e, scratch);
        }
    }

    /**
     * The whole value as the scope keeps it mapped, mapped now if the mode says it should be; null when it is not
     * kept (or missing: the read that follows finds that out).
     */
    private KeptValue kept(Mappings kept, String key) {
        KeptValue value = kept.mapped.get(key);
        if (value != null && !value.stillAt(root.resolve(key))) {
            // the old mapping stays valid until the scope closes: a read in progress may still be using it
            kept.mapped.remove(key, value);
            kept.bytesRead.remove(key);
            value = null;
        }
        if (value != null) {
            return value;
        }
        return shouldMap(kept, key) ? map(kept, key) : null;
    }

    private boolean shouldMap(Mappings kept, String key) {
        return switch (mode) {
            case MAP -> true;
            case READ -> false;
            case AUTO -> {
                AtomicLong read = kept.bytesRead.get(key);
                yield read != null && read.get() >= sizeOrZero(key);
            }
        };
    }

    private long sizeOrZero(String key) {
        return Math.max(0, size(key));
    }

    /** What a read does with the open channel of a key's file. */
    private interface ChannelRead<T> {
        T apply(FileChannel ch, Readable file) throws IOException;
    }

    /** Opens a key's regular file and reads it, or null when the key does not exist. */
    private <T> T withChannel(String key, ChannelRead<T> read) {
        Readable file = readable(key);
        if (file == null) {
            return null;
        }
        try (FileChannel ch = FileChannel.open(file.path(), StandardOpenOption.READ)) {
            return read.apply(ch, file);
        } catch (NoSuchFileException e) {
            return null;
        } catch (IOException e) {
            throw RegularFiles.failure(key, root, file.path(), e);
        }
    }

    /** Maps the whole value into the scope's arena, kept there until the scope closes. */
    private KeptValue map(Mappings kept, String key) {
        return withChannel(key, (ch, file) -> {
            // a file replaced around the open is UNKNOWN: mapped again by the next read, refused by a versioned one
            MemorySegment seg = ch.map(FileChannel.MapMode.READ_ONLY, 0, ch.size(), kept.scope.arena());
            KeptValue value = new KeptValue(seg, FileVersion.opened(file.attributes(), file.path()));
            KeptValue previous = kept.mapped.putIfAbsent(key, value);
            return previous == null ? value : previous;
        });
    }

    /** Maps just the range, held by {@code scratch} until this store's next read with it. */
    private MemorySegment mapTransiently(Mappings kept, String key, FileChannel ch, long offset, long length, Scratch scratch)
            throws IOException {
        long n = rangeLength(key, ch.size(), offset, length);
        // confined: closing it needs no handshake with other threads; the reading thread is its only user
        Arena arena = Arena.ofConfined();
        scratch.hold(this, arena);
        MemorySegment seg = n == 0 ? arena.allocate(0) : ch.map(FileChannel.MapMode.READ_ONLY, offset, n, arena);
        kept.bytesRead.computeIfAbsent(key, k -> new AtomicLong()).addAndGet(n);
        return seg;
    }

    private MemorySegment readInto(String key, FileChannel ch, long offset, long length, Scratch scratch) throws IOException {
        long n = rangeLength(key, ch.size(), offset, length);
        if (n > Scratch.MAX_BUFFER) {
            throw new ZarrException.StoreFailure(key, "a range of " + n + " bytes is more than one read may hold (2 GiB)", null);
        }
        MemorySegment dst = scratch.buffer(this, n);
        var buffer = dst.asByteBuffer();
        long at = offset;
        while (buffer.hasRemaining()) {
            int r = ch.read(buffer, at);
            if (r < 0) {
                throw new ZarrException.StoreFailure(key, "file shrank while being read", null);
            }
            at += r;
        }
        return dst;
    }

    /**
     * Metadata is read from the file as it is now, never through a mapping that a truncated file would fault, and
     * only when the heap could hold it.
     */
    @Override
    public byte[] readBytes(String key) {
        ensureOpen();
        Readable file = readable(key);
        if (file == null) {
            return null;
        }
        if (file.size() > MAX_METADATA_BYTES) {
            throw new ZarrException.StoreFailure(key, "holds " + file.size() + " bytes, more than the " + MAX_METADATA_BYTES
                    + " a metadata document may have", null);
        }
        long heap = Runtime.getRuntime().maxMemory();
        if (file.size() > heap / 2) {
            throw tooLargeForHeap(key, file.size());
        }
        try {
            return Files.readAllBytes(file.path());
        } catch (NoSuchFileException e) {
            return null;
        } catch (OutOfMemoryError e) {
            throw tooLargeForHeap(key, file.size());
        } catch (IOException e) {
            throw RegularFiles.failure(key, root, file.path(), e);
        }
    }

    private static ZarrException.StoreFailure tooLargeForHeap(String key, long size) {
        return new ZarrException.StoreFailure(key, "holds " + size + " bytes, too many for this Java heap of "
                + Runtime.getRuntime().maxMemory() + " bytes (-Xmx)", null);
    }

    /** The length of a range, checked against the value's size. */
    private static long rangeLength(String key, long size, long offset, long length) {
        long end = length < 0 ? size : offset + length;
        if (offset < 0 || end < offset || end > size) {
            throw new ZarrException.StoreFailure(key, "range [" + offset + ", " + end + ") is outside the value's " + size + " bytes", null);
        }
        return end - offset;
    }

    @Override
    public long size(String key) {
        ensureOpen();
        Readable file = readable(key);
        return file == null ? -1 : file.size();
    }

    @Override
    public List<String> list(String prefix) {
        ensureOpen();
        Path dir = prefix.isEmpty() ? root : root.resolve(Keys.checkPrefix(prefix));
        BasicFileAttributes attributes = RegularFiles.stat(prefix, root, dir);
        if (attributes == null || attributes.isRegularFile()) {
            return List.of(); // nothing there, or a value: no names below it
        }
        RegularFiles.refuseSpecial(prefix, dir, attributes);
        try (Stream<Path> children = Files.list(dir)) {
            return children.map(c -> c.getFileName().toString())
                    .filter(name -> !name.startsWith(TEMP_PREFIX))
                    .sorted()
                    .toList();
        } catch (NoSuchFileException e) {
            return List.of();
        } catch (IOException e) {
            throw RegularFiles.failure(prefix, root, dir, e);
        }
    }

    /** Makes every scope's reads see a key's new value. */
    void forget(String key) {
        scopes.forEach(m -> m.forget(key));
    }

    void ensureOpen() {
        if (closed) {
            throw new ZarrException.Closed("the store at " + root);
        }
    }

    /** A closed scope's arena (seen with {@code isAlive}, not from a message) or a closed store is Closed; else a bug. */
    private RuntimeException closedOr(IllegalStateException e, Scratch scratch) {
        if (closed) {
            return new ZarrException.Closed("the store at " + root);
        }
        ReadScope scope = scratch.scope();
        return scope.isClosed() || !scope.isAlive() ? new ZarrException.Closed(scope.owner()) : e;
    }

    /** Ends reading; mappings stay with the scopes that made them and go when those close. */
    @Override
    public void close() {
        closed = true;
    }
}
