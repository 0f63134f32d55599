package dev.stride.internal.store;

import dev.stride.model.IoMode;
import dev.stride.internal.text.IoText;
import dev.stride.model.ZarrException;
import dev.stride.spi.ListableStore;
import dev.stride.spi.ReadScope;
import dev.stride.spi.Scratch;
import dev.stride.spi.StoreDescriptor;
import dev.stride.spi.ValueIdentity;
import dev.stride.spi.ValuePart;

import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileTime;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A directory of files, key {@code a/b} at {@code root/a/b}, read per {@link IoMode}: into reused buffers, or through
 * mappings, which skip the copy out of the page cache but count in the process's resident memory. So
 * {@link IoMode#AUTO} maps each range only while it is read and keeps the mapping of a value once a whole pass over
 * it was read (the second pass of a repeated scan of an open array); {@link ScopeMappings} holds what is kept, by the
 * {@link ReadScope} of the reader's {@link Scratch}. The figures behind this choice are in {@code bench/results/}.
 *
 * <p>Each read through a kept mapping first checks, with one stat, that the file is still the one mapped, so a chunk
 * replaced since reads as it is now. Opened with {@link #open} a store only reads and lists; {@link #openWritable}
 * gives a {@link WritableLocalStore}.
 */
public sealed class LocalStore implements ListableStore permits WritableLocalStore {
    /** How long after its last change a file's time cannot vouch for its content (FAT stamps times by two seconds). */
    static final long RECENT_NANOS = TimeUnit.SECONDS.toNanos(3);
    /**
     * The same for a time with a fraction of a second, which only a file system that keeps finer times stores: those
     * stamp times by the kernel's tick (a few milliseconds), far below this.
     */
    static final long RECENT_FINE_NANOS = TimeUnit.MILLISECONDS.toNanos(100);

    private static final String TEMP_PREFIX = WriteTree.TEMP_PREFIX;
    /** Larger {@code zarr.json} files are refused unread (consolidated metadata of a big hierarchy stays far below). */
    static final long MAX_METADATA_BYTES = 256 << 20;

    private final KeyFiles files;
    private final Path root;
    private final IoMode mode;
    private final ScopeMappings mappings;
    private final HintSampling hintSampling = new HintSampling();
    /** Whether the file system gives change times and inodes (the "unix" view): everywhere but Windows. */
    private final boolean unixView;
    private volatile boolean closed;

    LocalStore(Path root, IoMode mode) throws IOException {
        this.files = new KeyFiles(root);
        this.root = files.root();
        this.mode = mode;
        this.mappings = new ScopeMappings(this, mode, files);
        this.unixView = root.getFileSystem().supportedFileAttributeViews().contains("unix");
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
     * nothing for a key that is no plain file name here, or whose whole value is already in memory or taken to be in
     * the page cache ({@link HintSampling}).
     */
    @Override
    public void willRead(String key) {
        hint(key);
    }

    /** What {@link #willRead} does; true when the kernel was given the hint. */
    boolean hint(String key) {
        if (closed || !Keys.valid(key) || mappings.inMemory(key) || !hintSampling.shouldAsk()) {
            return false;
        }
        boolean hinted = FileAdvice.willNeed(root.resolve(key));
        hintSampling.asked(hinted);
        return hinted;
    }

    /** {@code file:} URI of the root, with the I/O mode as {@code ?io=} when it is not the default. */
    @Override
    public StoreDescriptor descriptor() {
        return FileStoreProvider.descriptor(root, mode);
    }

    Path realRoot() {
        return files.realRoot();
    }

    /** The file of a key, as {@link KeyFiles#file}. */
    Path file(String key) throws IOException {
        return files.file(key);
    }

    @Override
    public MemorySegment read(String key, long offset, long length, Scratch scratch) {
        ensureOpen();
        if (mode == IoMode.READ) {
            return files.withChannel(key, (ch, file) -> readInto(key, ch, offset, length, scratch));
        }
        try {
            ScopeMappings.Kept kept = mappings.of(scratch);
            ScopeMappings.KeptValue value = mappings.current(kept, key);
            if (value != null) {
                return value.whole().asSlice(offset, rangeLength(key, value.whole().byteSize(), offset, length));
            }
            return files.withChannel(key, (ch, file) -> mappings.mapTransiently(kept, key, ch, offset, length, scratch));
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
            ScopeMappings.Kept kept = mappings.of(scratch);
            ScopeMappings.KeptValue value = kept == null ? null : kept.mapped(key);
            if (value != null && value.version().equals(wanted)) {
                return value.whole().asSlice(offset, rangeLength(key, value.whole().byteSize(), offset, length));
            }
            MemorySegment got = files.withChannel(key, (ch, file) -> {
                if (!wanted.equals(FileVersion.opened(file.attributes(), file.path()))) {
                    throw new ZarrException.StoreFailure(key, CHANGED, null);
                }
                return range(kept, key, ch, offset, length, scratch);
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
            ScopeMappings.Kept kept = mappings.of(scratch);
            ScopeMappings.KeptValue value = kept == null ? null : mappings.current(kept, key);
            if (value != null) {
                MemorySegment whole = value.whole();
                long n = Math.min(length, whole.byteSize());
                return new ValuePart(whole.asSlice(fromEnd ? whole.byteSize() - n : 0, n), whole.byteSize(), value.version());
            }
            return files.withChannel(key, (ch, file) -> {
                long size = ch.size();
                long n = Math.min(length, size);
                long offset = fromEnd ? size - n : 0;
                MemorySegment got = range(kept, key, ch, offset, n, scratch);
                return new ValuePart(got, size, FileVersion.opened(file.attributes(), file.path()));
            });
        } catch (IllegalStateException e) {
            throw closedOr(e, scratch);
        }
    }

    /** A range of the open file: mapped while it is read where the scope maps ({@code kept} not null), else copied. */
    private MemorySegment range(ScopeMappings.Kept kept, String key, FileChannel ch, long offset, long length, Scratch scratch)
            throws IOException {
        return kept == null ? readInto(key, ch, offset, length, scratch) : mappings.mapTransiently(kept, key, ch, offset, length, scratch);
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
        KeyFiles.Found file = files.find(key);
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
    static long rangeLength(String key, long size, long offset, long length) {
        long end = length < 0 ? size : offset + length;
        if (offset < 0 || end < offset || end > size) {
            throw new ZarrException.StoreFailure(key, "range [" + offset + ", " + end + ") is outside the value's " + size + " bytes", null);
        }
        return end - offset;
    }

    @Override
    public long size(String key) {
        ensureOpen();
        KeyFiles.Found file = files.find(key);
        return file == null ? -1 : file.size();
    }

    /**
     * The file's size, and as its tag its modification time in nanoseconds, its status change time and its identity
     * (device and inode), from one look at it: a writer that replaces a file by a rename makes a new inode, one that
     * rewrites it in place new times, and a tool that sets the modification time back (touch -d, cp -p, rsync -t) still
     * moves the change time, which no call sets. A file changed in the last {@link #RECENT_NANOS} gets no tag: a file
     * system stamps times by a coarse clock, so a rewrite in place within the same tick would keep the times (git's
     * "racily clean" files). A time with a fraction of a second shows a file system that keeps fine times: then
     * {@link #RECENT_FINE_NANOS} (so a writer that looks at the chunks it just stored finds most of them tagged). Where
     * the file system has no change time (not Unix), the modification time and the file key alone.
     */
    @Override
    public ValueIdentity identity(String key) {
        ensureOpen();
        KeyFiles.Found file = files.find(key);
        if (file == null) {
            return null;
        }
        if (!unixView) {
            return identity(file.size(), nanos(file.attributes().lastModifiedTime()), -1, file.attributes().fileKey());
        }
        Map<String, Object> unix;
        try {
            // of the file a link leads to (find checked it lies inside the root): the link's own say nothing of the value
            unix = Files.readAttributes(file.path(), "unix:size,lastModifiedTime,ctime,dev,ino");
        } catch (NoSuchFileException gone) {
            return null;
        } catch (IOException e) {
            throw RegularFiles.failure(key, root, file.path(), e);
        }
        return identity((long) unix.get("size"), nanos((FileTime) unix.get("lastModifiedTime")), nanos((FileTime) unix.get("ctime")),
                "(dev=" + Long.toHexString((long) unix.get("dev")) + ",ino=" + unix.get("ino") + ")");
    }

    /** An identity tagged unless the latest of its times is too recent to tell a rewrite within its tick. */
    private static ValueIdentity identity(long size, long modified, long changed, Object fileKey) {
        long latest = Math.max(modified, changed);
        long now = TimeUnit.MILLISECONDS.toNanos(System.currentTimeMillis());
        if (now - latest < (latest % 1_000_000_000L != 0 ? RECENT_FINE_NANOS : RECENT_NANOS)) {
            return new ValueIdentity(size, null);
        }
        return new ValueIdentity(size, modified + (changed < 0 ? "" : " " + changed) + (fileKey == null ? "" : " " + fileKey));
    }

    private static long nanos(FileTime time) {
        return time.to(TimeUnit.NANOSECONDS);
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
        mappings.forget(key);
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
