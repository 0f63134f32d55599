package dev.stride.internal.zip;

import dev.stride.internal.store.Keys;
import dev.stride.internal.store.SortedKeys;
import dev.stride.model.ZarrException;
import dev.stride.spi.ListableStore;
import dev.stride.internal.memory.ThreadScratch;
import dev.stride.spi.Scratch;
import dev.stride.spi.Store;
import dev.stride.spi.StoreDescriptor;
import dev.stride.spi.ValuePart;

import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.NavigableMap;
import java.util.OptionalLong;
import java.util.concurrent.ConcurrentHashMap;
import java.util.zip.CRC32;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;

import static dev.stride.internal.zip.CentralDirectory.refused;
import static dev.stride.internal.zip.CentralDirectory.u16;
import static dev.stride.internal.zip.CentralDirectory.u32;

/**
 * The hierarchy inside a zip file that another store holds (a local file, an HTTP or S3 object), below a path in the
 * zip: keys are entry names. The table of contents comes with one suffix read; a stored entry is a range of the
 * zip, read in place (mapped when the zip is a local file), a deflated one is inflated whole into the read's
 * scratch. Every read asks for the version of the zip the table of contents came from, so a zip replaced while it is
 * open is refused rather than read through a stale table.
 */
public final class ZipStore implements ListableStore {
    static final int LOCAL_HEADER = 30;
    /** A first read starting this close to an entry's start fetches the local header and the bytes between with it. */
    private static final long WITH_HEADER = 64 << 10;
    private static final int LOCAL_SIGNATURE = 0x04034b50;

    private final Store outer;
    private final StoreDescriptor descriptor;
    private final String zipKey;
    private final String inner;
    private final Object version;
    private final NavigableMap<String, ZipMember> members;
    private final long directoryStart;
    /** Where each entry's bytes start, once its local header was read: its extra field's length is only known there. */
    private final ConcurrentHashMap<String, Long> dataStarts = new ConcurrentHashMap<>();
    /** The owner of a read's inflated bytes in its scratch. */
    private final Object inflated = new Object();
    private volatile boolean closed;

    private ZipStore(Store outer, StoreDescriptor descriptor, String zipKey, String inner, Object version,
            CentralDirectory.Contents contents) {
        this.outer = outer;
        this.descriptor = descriptor;
        this.zipKey = zipKey;
        this.inner = inner;
        this.version = version;
        this.members = contents.members();
        this.directoryStart = contents.directoryStart();
    }

    /**
     * Opens the hierarchy below {@code inner} ("" for the zip's top, else a path ending in '/') of the zip at
     * {@code zipKey} in {@code outer}; the zip store owns {@code outer} from here and closes it. {@code descriptor}
     * opens it again elsewhere (null: nowhere).
     *
     * @throws ZarrException.StoreFailure when the zip is missing or its table of contents is damaged or lies
     */
    public static ZipStore open(Store outer, String zipKey, String inner, StoreDescriptor descriptor) {
        Keys.checkPrefix(inner);
        try (ThreadScratch scratch = new ThreadScratch()) {
            ValuePart tail = outer.readSuffix(Keys.check(zipKey), CentralDirectory.TAIL, scratch);
            if (tail == null) {
                throw refused(zipKey, "no such zip file");
            }
            Object version = tail.version();
            CentralDirectory.Contents contents = CentralDirectory.read(zipKey, tail.bytes(), tail.valueSize(),
                    (offset, length) -> outer.read(zipKey, offset, length, version, scratch));
            return new ZipStore(outer, descriptor, zipKey, inner, version, contents);
        } catch (RuntimeException e) {
            outer.close();
            throw e;
        }
    }

    @Override
    public MemorySegment read(String key, long offset, long length, Scratch scratch) {
        ZipMember m = member(key);
        if (m == null) {
            return null;
        }
        long n = length < 0 ? m.size() - offset : length;
        if (offset < 0 || n < 0 || offset > m.size() - n) {
            throw failure(m, "range [" + offset + ", " + (offset + n) + ") is outside the value's " + m.size() + " bytes", null);
        }
        return m.method() == ZipMember.STORED ? stored(m, offset, n, scratch) : inflate(m, scratch).asSlice(offset, n);
    }

    /**
     * Bytes of an entry as the zip holds them. The first read of an entry near its start also fetches its local
     * header, in the same request: over HTTP a chunk then costs one request, not two.
     */
    private MemorySegment stored(ZipMember m, long offset, long n, Scratch scratch) {
        Long start = dataStarts.get(m.name());
        if (start == null && offset <= WITH_HEADER) {
            long expected = LOCAL_HEADER + m.nameLength() + m.extraLength();
            long span = Math.min(expected + offset + n, directoryStart - m.headerOffset());
            MemorySegment withHeader = outer.read(zipKey, m.headerOffset(), span, version, scratch);
            long at = dataStart(m, withHeader) - m.headerOffset() + offset;
            if (at + n <= withHeader.byteSize()) {
                return withHeader.asSlice(at, n);
            }
        }
        return outer.read(zipKey, dataStart(m, scratch) + offset, n, version, scratch);
    }

    @Override
    public long size(String key) {
        ZipMember m = member(key);
        return m == null ? -1 : m.size();
    }

    /** An entry by key, null when there is none; keys that are directories of the zip, or lie below a file, fail. */
    private ZipMember member(String key) {
        ensureOpen();
        String name = inner + Keys.check(key);
        ZipMember m = members.get(name);
        if (m == null) {
            SortedKeys.refuseFolderOrBelowValue(members, name, key);
            return null;
        }
        if (m.encrypted()) {
            throw failure(m, "is encrypted, which Stride does not read", null);
        }
        if (m.method() != ZipMember.STORED && m.method() != ZipMember.DEFLATED) {
            throw failure(m, "is compressed with zip method " + m.method() + "; Stride reads entries stored (0) or deflated (8)", null);
        }
        return m;
    }

    /** Where an entry's bytes start, from its local header (read now unless an earlier read did). */
    private long dataStart(ZipMember m, Scratch scratch) {
        Long known = dataStarts.get(m.name());
        return known != null ? known : dataStart(m, outer.read(zipKey, m.headerOffset(), LOCAL_HEADER + m.nameLength(), version, scratch));
    }

    /**
     * Where an entry's bytes start, from {@code h}, the zip's bytes from its local header on, which must agree with
     * the central directory (the directory's bounds checks let at least the header and name be read).
     */
    private long dataStart(ZipMember m, MemorySegment h) {
        String wrong = h.get(CentralDirectory.U32, 0) != LOCAL_SIGNATURE ? "there is no local header at " + m.headerOffset()
                : u16(h, 8) != m.method() ? "its local header says method " + u16(h, 8) + ", the central directory " + m.method()
                : u16(h, 26) != m.nameLength() || !sameName(h, m) ? "its local header names another entry"
                : m.sizesAfterData() ? null : disagreement(h, m);
        if (wrong != null) {
            throw failure(m, wrong);
        }
        long start = m.headerOffset() + LOCAL_HEADER + m.nameLength() + u16(h, 28);
        if (start > directoryStart || m.compressedSize() > directoryStart - start) {
            throw failure(m, "its " + m.compressedSize() + " bytes at " + start + " reach past the central directory at "
                    + directoryStart);
        }
        dataStarts.put(m.name(), start);
        return start;
    }

    /** Whether the local header names the entry the central directory does, its name read by the same rules. */
    private boolean sameName(MemorySegment header, ZipMember m) {
        boolean utf8 = (u16(header, 6) & CentralDirectory.UTF8_NAMES) != 0;
        return CentralDirectory.name(zipKey, header.asSlice(LOCAL_HEADER, m.nameLength()), utf8).equals(m.name());
    }

    /** What the local header's CRC and sizes say against the central directory's, or null when they agree. */
    private static String disagreement(MemorySegment h, ZipMember m) {
        long compressed = u32(h, 18);
        long size = u32(h, 22);
        boolean zip64 = compressed == 0xFFFFFFFFL || size == 0xFFFFFFFFL;
        if (h.get(CentralDirectory.U32, 14) != m.crc()) {
            return "its local header's CRC differs from the central directory's";
        }
        if (!zip64 && (compressed != m.compressedSize() || size != m.size())) {
            return "its local header gives " + compressed + " stored and " + size + " uncompressed bytes, the central directory "
                    + m.compressedSize() + " and " + m.size();
        }
        return null;
    }

    /** A deflated entry's bytes, inflated into the scratch and checked against its size and CRC. */
    private MemorySegment inflate(ZipMember m, Scratch scratch) {
        if (m.size() > Scratch.MAX_BUFFER || m.compressedSize() > Scratch.MAX_BUFFER) {
            throw failure(m, "its " + m.size() + " bytes are more than one read may hold (2 GiB)");
        }
        MemorySegment compressed = stored(m, 0, m.compressedSize(), scratch);
        MemorySegment out = scratch.buffer(inflated, m.size());
        ByteBuffer target = out.asByteBuffer();
        Inflater inflater = new Inflater(true);
        try {
            inflater.setInput(compressed.asByteBuffer());
            while (!inflater.finished()) {
                if (inflater.inflate(target) == 0 && !inflater.finished()) {
                    String why = !target.hasRemaining() ? "inflates to more than the " + m.size() + " bytes the directory gives"
                            : "its deflated bytes end before the stream does";
                    throw failure(m, why);
                }
            }
        } catch (DataFormatException e) {
            throw failure(m, "its deflated bytes are damaged: " + e.getMessage(), e);
        } finally {
            inflater.end();
        }
        if (target.hasRemaining()) {
            throw failure(m, "inflates to " + target.position() + " bytes, the directory gives " + m.size());
        }
        CRC32 crc = new CRC32();
        crc.update(out.asByteBuffer());
        if ((int) crc.getValue() != m.crc()) {
            throw failure(m, "its inflated bytes do not match the CRC the directory gives");
        }
        return out;
    }

    @Override
    public List<String> list(String prefix) {
        ensureOpen();
        return SortedKeys.namesBelow(members, inner + Keys.checkPrefix(prefix));
    }

    @Override
    public StoreDescriptor descriptor() {
        return descriptor;
    }

    @Override
    public int readAhead() {
        return outer.readAhead();
    }

    @Override
    public OptionalLong requestsSent() {
        return outer.requestsSent();
    }

    private ZarrException.StoreFailure failure(ZipMember m, String reason) {
        return failure(m, reason, null);
    }

    /** A failure to read the entry {@code m}, named by its key in this store. */
    private ZarrException.StoreFailure failure(ZipMember m, String reason, Throwable cause) {
        return failure(m.name().substring(inner.length()), reason, cause);
    }

    /** A failure to read {@code key}, saying which zip it is in. */
    private ZarrException.StoreFailure failure(String key, String reason, Throwable cause) {
        return new ZarrException.StoreFailure(key, reason + " (in the zip " + zipKey + ")", cause);
    }

    private void ensureOpen() {
        if (closed) {
            throw new ZarrException.Closed("the zip store of " + zipKey);
        }
    }

    @Override
    public void close() {
        if (!closed) {
            closed = true;
            outer.close();
        }
    }
}
