package dev.stride.internal.zip;

import dev.stride.model.ZarrException;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.charset.Charset;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.NavigableMap;
import java.util.TreeMap;

/**
 * Reads a zip's table of contents from its end (APPNOTE 6.3.10, sections 4.3.12 to 4.3.16): the end record, zip64's
 * when the counts overflow 16 or 32 bits, then the central directory they point to. Every offset and size is checked
 * against the file before it is used, so a zip that lies is refused here, naming the zip and the entry.
 */
final class CentralDirectory {
    static final int END_RECORD = 22;
    private static final int MAX_COMMENT = 0xFFFF;
    private static final int ZIP64_LOCATOR = 20;
    private static final int ZIP64_END_RECORD = 56;
    private static final int DIRECTORY_HEADER = 46;
    /** A suffix of this many bytes holds the end record after the longest comment, and zip64's locator before it. */
    static final int TAIL = END_RECORD + MAX_COMMENT + ZIP64_LOCATOR;

    private static final int END_SIGNATURE = 0x06054b50;
    private static final int ZIP64_LOCATOR_SIGNATURE = 0x07064b50;
    private static final int ZIP64_END_SIGNATURE = 0x06064b50;
    private static final int DIRECTORY_SIGNATURE = 0x02014b50;
    private static final int ZIP64_EXTRA = 0x0001;
    static final int UTF8_NAMES = 1 << 11;
    private static final long U32_OVERFLOW = 0xFFFFFFFFL;
    private static final int U16_OVERFLOW = 0xFFFF;
    /** Deflate cannot expand its input more than this (RFC 1951: a 258-byte match in at most 2 bits, plus block headers). */
    private static final long MAX_INFLATION = 1032;
    /** The code page of names not flagged UTF-8, looked up once (a runtime without it reads them as UTF-8). */
    private static final Charset PC_NAMES = Charset.isSupported("IBM437") ? Charset.forName("IBM437") : StandardCharsets.UTF_8;

    static final ValueLayout.OfShort U16 = ValueLayout.JAVA_SHORT_UNALIGNED.withOrder(java.nio.ByteOrder.LITTLE_ENDIAN);
    static final ValueLayout.OfInt U32 = ValueLayout.JAVA_INT_UNALIGNED.withOrder(java.nio.ByteOrder.LITTLE_ENDIAN);
    static final ValueLayout.OfLong U64 = ValueLayout.JAVA_LONG_UNALIGNED.withOrder(java.nio.ByteOrder.LITTLE_ENDIAN);

    /** Reads bytes of the zip at an absolute offset, for records that lie before the tail read first. */
    interface Reader {
        MemorySegment read(long offset, long length);
    }

    /** The entries by name, and where the central directory starts: no entry's data may reach past it. */
    record Contents(NavigableMap<String, ZipMember> members, long directoryStart) {
    }

    private CentralDirectory() {
    }

    /**
     * The zip's entries, from {@code tail} (its last bytes, at most {@link #TAIL}) and {@code more} for what lies
     * before the tail; directories and names that are not store keys are left out, and of two entries with one name
     * the later wins, as Python's zipfile reads them.
     *
     * @throws ZarrException.StoreFailure naming {@code zip} when it has no end record or its records disagree with its size
     */
    static Contents read(String zip, MemorySegment tail, long zipSize, Reader more) {
        long tailStart = zipSize - tail.byteSize();
        long end = findEndRecord(zip, tail);
        if (u16(tail, end + 4) != 0 || u16(tail, end + 6) != 0) {
            throw refused(zip, "spans several disks, which Stride does not read");
        }
        long entries = u16(tail, end + 10);
        long size = u32(tail, end + 12);
        long offset = u32(tail, end + 16);
        long directoryEnd = tailStart + end;
        if (entries == U16_OVERFLOW || size == U32_OVERFLOW || offset == U32_OVERFLOW) {
            if (end < ZIP64_LOCATOR || tail.get(U32, end - ZIP64_LOCATOR) != ZIP64_LOCATOR_SIGNATURE) {
                throw refused(zip, "its end record's counts overflow but it has no zip64 locator");
            }
            long record = tail.get(U64, end - ZIP64_LOCATOR + 8);
            directoryEnd = tailStart + end - ZIP64_LOCATOR;
            if (record < 0 || record > directoryEnd - ZIP64_END_RECORD) {
                throw refused(zip, "its zip64 end record at " + record + " lies outside the file");
            }
            MemorySegment z = slice(tail, tailStart, record, ZIP64_END_RECORD, more);
            if (z.get(U32, 0) != ZIP64_END_SIGNATURE) {
                throw refused(zip, "no zip64 end record at " + record);
            }
            entries = z.get(U64, 32);
            size = z.get(U64, 40);
            offset = z.get(U64, 48);
            directoryEnd = record;
        }
        if (offset < 0 || size < 0 || offset > directoryEnd || size > directoryEnd - offset) {
            throw refused(zip, "its central directory [" + offset + ", +" + size + ") lies outside the file's " + zipSize + " bytes");
        }
        if (entries < 0 || entries > size / DIRECTORY_HEADER) {
            throw refused(zip, "its central directory of " + size + " bytes cannot hold the " + entries + " entries it claims");
        }
        if (size > Integer.MAX_VALUE) {
            throw refused(zip, "its central directory of " + size + " bytes is more than one read may hold (2 GiB)");
        }
        return new Contents(members(zip, slice(tail, tailStart, offset, size, more), (int) entries, offset), offset);
    }

    /** The end record's offset in the tail: the last signature whose comment ends exactly at the end of the file. */
    private static long findEndRecord(String zip, MemorySegment tail) {
        for (long at = tail.byteSize() - END_RECORD; at >= 0; at--) {
            if (tail.get(U32, at) == END_SIGNATURE && at + END_RECORD + u16(tail, at + 20) == tail.byteSize()) {
                return at;
            }
        }
        throw refused(zip, "is not a zip file (no end of central directory record)");
    }

    private static NavigableMap<String, ZipMember> members(String zip, MemorySegment dir, int count, long directoryStart) {
        TreeMap<String, ZipMember> members = new TreeMap<>();
        long at = 0;
        for (int i = 0; i < count; i++) {
            if (at > dir.byteSize() - DIRECTORY_HEADER || dir.get(U32, at) != DIRECTORY_SIGNATURE) {
                throw refused(zip, "entry " + i + " of its central directory is damaged (no header at " + (directoryStart + at) + ")");
            }
            int flags = u16(dir, at + 8);
            int nameLength = u16(dir, at + 28);
            int extraLength = u16(dir, at + 30);
            long next = at + DIRECTORY_HEADER + nameLength + extraLength + u16(dir, at + 32);
            if (next > dir.byteSize()) {
                throw refused(zip, "entry " + i + " of its central directory runs past the directory's end");
            }
            String name = name(zip, dir.asSlice(at + DIRECTORY_HEADER, nameLength), (flags & UTF8_NAMES) != 0);
            ZipMember m = withZip64Sizes(zip, name, dir.asSlice(at + DIRECTORY_HEADER + nameLength, extraLength),
                    nameLength, u16(dir, at + 10), flags, dir.get(U32, at + 16), u32(dir, at + 20), u32(dir, at + 24), u32(dir, at + 42),
                    u16(dir, at + 34));
            if (!name.endsWith("/") && dev.stride.internal.store.Keys.valid(name)) {
                checkBounds(zip, m, directoryStart);
                members.put(name, m);
            }
            at = next;
        }
        return Collections.unmodifiableNavigableMap(members);
    }

    /** The entry with the 64-bit sizes and offset of its zip64 extra field where the 32-bit ones overflow. */
    private static ZipMember withZip64Sizes(String zip, String name, MemorySegment extra, int nameLength, int method, int flags,
            int crc, long compressed, long size, long offset, int disk) {
        boolean needed = size == U32_OVERFLOW || compressed == U32_OVERFLOW || offset == U32_OVERFLOW;
        for (long at = 0; needed && at + 4 <= extra.byteSize(); ) {
            int id = u16(extra, at);
            int length = u16(extra, at + 2);
            if (at + 4 + length > extra.byteSize()) {
                break;
            }
            if (id == ZIP64_EXTRA) {
                long field = at + 4;
                long fieldsEnd = field + length;
                if (size == U32_OVERFLOW) {
                    size = zip64Field(zip, name, extra, field, fieldsEnd);
                    field += 8;
                }
                if (compressed == U32_OVERFLOW) {
                    compressed = zip64Field(zip, name, extra, field, fieldsEnd);
                    field += 8;
                }
                if (offset == U32_OVERFLOW) {
                    offset = zip64Field(zip, name, extra, field, fieldsEnd);
                }
                needed = false;
            }
            at += 4 + length;
        }
        if (needed) {
            throw refused(zip + "/" + name, "its sizes overflow 32 bits but it has no zip64 extra field");
        }
        if (disk != 0 && disk != U16_OVERFLOW) {
            throw refused(zip + "/" + name, "lies on disk " + disk + " of a zip that spans several");
        }
        return new ZipMember(name, nameLength, (int) extra.byteSize(), method, flags, crc, compressed, size, offset);
    }

    private static long zip64Field(String zip, String name, MemorySegment extra, long at, long end) {
        if (at + 8 > end) {
            throw refused(zip + "/" + name, "its zip64 extra field is too short for the sizes it must give");
        }
        long v = extra.get(U64, at);
        if (v < 0) {
            throw refused(zip + "/" + name, "its zip64 extra field gives a size or offset beyond 2^63");
        }
        return v;
    }

    /** Where an entry's bytes can lie: after its 30-byte local header and name, before the central directory. */
    private static void checkBounds(String zip, ZipMember m, long directoryStart) {
        long earliestData = m.headerOffset() + ZipStore.LOCAL_HEADER + m.nameLength();
        if (m.headerOffset() < 0 || earliestData > directoryStart || m.compressedSize() > directoryStart - earliestData) {
            throw refused(zip + "/" + m.name(), "its local header at " + m.headerOffset() + " and " + m.compressedSize()
                    + " stored bytes reach past the central directory at " + directoryStart);
        }
        if (m.method() == ZipMember.DEFLATED && m.size() > m.compressedSize() * MAX_INFLATION + 8) {
            throw refused(zip + "/" + m.name(), "it claims " + m.size() + " bytes from " + m.compressedSize()
                    + " deflated ones, more than deflate can give");
        }
        if (m.method() == ZipMember.STORED && m.compressedSize() != m.size()) {
            throw refused(zip + "/" + m.name(), "it is stored uncompressed, but its sizes differ (" + m.compressedSize()
                    + " stored, " + m.size() + " uncompressed)");
        }
    }

    /** A name as the writer meant it: UTF-8 when flagged so, else the original IBM PC code page (ASCII agrees with both). */
    static String name(String zip, MemorySegment bytes, boolean utf8) {
        byte[] b = bytes.toArray(ValueLayout.JAVA_BYTE);
        Charset charset = utf8 ? StandardCharsets.UTF_8 : PC_NAMES;
        try {
            return charset.newDecoder().onMalformedInput(CodingErrorAction.REPORT).onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(java.nio.ByteBuffer.wrap(b)).toString();
        } catch (CharacterCodingException e) {
            throw refused(zip, "an entry's name is not valid " + charset.name() + ": " + new String(b, StandardCharsets.ISO_8859_1));
        }
    }

    /** Bytes {@code [offset, offset + length)} of the zip: from the tail when it holds them, else read. */
    private static MemorySegment slice(MemorySegment tail, long tailStart, long offset, long length, Reader more) {
        return offset >= tailStart ? tail.asSlice(offset - tailStart, length) : more.read(offset, length);
    }

    static int u16(MemorySegment s, long at) {
        return Short.toUnsignedInt(s.get(U16, at));
    }

    static long u32(MemorySegment s, long at) {
        return Integer.toUnsignedLong(s.get(U32, at));
    }

    static ZarrException.StoreFailure refused(String where, String reason) {
        return new ZarrException.StoreFailure(where, reason, null);
    }
}
