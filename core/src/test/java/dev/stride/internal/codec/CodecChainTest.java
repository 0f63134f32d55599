package dev.stride.internal.codec;

import dev.stride.Zarr;
import dev.stride.model.ZarrException;
import dev.stride.testing.Doc;
import dev.stride.testing.Enc;
import dev.stride.testing.Tree;
import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.zip.CRC32;

import static dev.stride.testing.Doc.field;
import static dev.stride.testing.Doc.struct;
import static dev.stride.testing.Refusals.corrupt;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

/** Chunks through bytes->bytes codecs (gzip, crc32c) made with java.util.zip, and chunks that do not decode. */
class CodecChainTest {
    static final String GZIP = "{'name': 'gzip', 'configuration': {'level': 5}}";
    static final String CRC = "{'name': 'crc32c'}";
    static final byte[] C0 = Enc.le().i32(1).i32(2).bytes();
    static final byte[] C1 = Enc.le().i32(3).i32(4).bytes();

    /** int32 [4] in chunks [2] with the given codecs after a little-endian bytes codec, chunks as given. */
    static int[] read(String[] codecs, byte[] c0, byte[] c1) {
        String[] all = new String[codecs.length + 1];
        all[0] = Doc.BYTES_LE;
        System.arraycopy(codecs, 0, all, 1, codecs.length);
        try (Zarr z = Tree.array(Doc.array("'int32'", "[4]", "[2]", "0", all)).put("c/0", c0).put("c/1", c1).open()) {
            return z.array("/").read("", null).asInts().values();
        }
    }

    @Test
    void crc32cMatchesItsCheckValue() {
        assertEquals(0xE3069283, Enc.crc32c(Enc.ascii("123456789")));
    }

    @Test
    void gzipChunks() {
        assertArrayEquals(new int[] {1, 2, 3, 4}, read(new String[] {GZIP}, Enc.gzip(C0), Enc.gzip(C1)));
    }

    @Test
    void crc32cChunks() {
        assertArrayEquals(new int[] {1, 2, 3, 4}, read(new String[] {CRC}, Enc.withCrc32c(C0), Enc.withCrc32c(C1)));
    }

    @Test
    void codecsDecodeInReverseOrder() {
        assertArrayEquals(new int[] {1, 2, 3, 4}, read(new String[] {GZIP, CRC}, Enc.withCrc32c(Enc.gzip(C0)), Enc.withCrc32c(Enc.gzip(C1))));
        assertArrayEquals(new int[] {1, 2, 3, 4}, read(new String[] {CRC, GZIP}, Enc.gzip(Enc.withCrc32c(C0)), Enc.gzip(Enc.withCrc32c(C1))));
        assertArrayEquals(new int[] {1, 2, 3, 4}, read(new String[] {CRC, CRC}, Enc.withCrc32c(Enc.withCrc32c(C0)), Enc.withCrc32c(Enc.withCrc32c(C1))));
    }

    /** A gzip member of {@code data} whose header carries every optional field (FEXTRA, FNAME, FCOMMENT, FHCRC). */
    static byte[] gzipWithFullHeader(byte[] data) {
        byte[] plain = Enc.gzip(data);
        byte[] body = Arrays.copyOfRange(plain, 10, plain.length);
        byte[] header = Enc.concat(new byte[] {0x1f, (byte) 0x8b, 8, 2 | 4 | 8 | 16, 0, 0, 0, 0, 0, 3},
                new byte[] {5, 0, 'A', 'B', 2, 0, 42}, Enc.ascii("chunk.bin\0"), Enc.ascii("a comment\0"));
        CRC32 crc = new CRC32();
        crc.update(header);
        byte[] hcrc = {(byte) crc.getValue(), (byte) (crc.getValue() >>> 8)};
        return Enc.concat(header, hcrc, body);
    }

    @Test
    void gzipHeadersWithEveryOptionalField() {
        assertArrayEquals(new int[] {1, 2, 3, 4}, read(new String[] {GZIP}, gzipWithFullHeader(C0), Enc.gzip(C1)));
    }

    @Test
    void gzipOfABigStructChunk() {
        Enc e = Enc.be();
        for (int i = 0; i < 10_000; i++) {
            e.i64(i).f32(i / 2f).i8(i);
        }
        Doc doc = Doc.array(struct(field("a", "'int64'"), field("b", "'float32'"), field("c", "'uint8'")), "[10000]", "[10000]",
                "{'a': 0, 'b': 0, 'c': 0}", Doc.BYTES_BE, GZIP);
        try (Zarr z = Tree.array(doc).put("c/0", Enc.gzip(e.bytes())).open()) {
            var a = z.array("/");
            long[] as = a.read("a", null).asLongs().values();
            float[] bs = a.read("b", null).asFloats().values();
            assertEquals(9999L, as[9999]);
            assertEquals(4999.5f, bs[9999]);
            assertEquals(9999.0 * 10000 / 2, a.scan("a").sumAsDouble());
        }
    }

    // ---- refusals, each naming the chunk key

    @Test
    void aChunkOfTheWrongSizeIsRefused() {
        corrupt("c/1", "chunk holds 12 bytes, but [2] int32 needs 8",
                () -> read(new String[0], C0, Enc.le().i32(1).i32(2).i32(3).bytes()));
        corrupt("c/0", "chunk holds 4 bytes", () -> read(new String[0], Enc.le().i32(1).bytes(), C1));
        corrupt("c/0", "chunk holds 0 bytes", () -> read(new String[0], new byte[0], C1));
    }

    @Test
    void aCrc32cMismatchIsRefused() {
        byte[] bad = Enc.withCrc32c(C1);
        bad[2] ^= 0x40;
        corrupt("c/1", "crc32c mismatch", () -> read(new String[] {CRC}, Enc.withCrc32c(C0), bad));
        byte[] badSum = Enc.withCrc32c(C1);
        badSum[badSum.length - 1] ^= 1;
        corrupt("c/1", "crc32c mismatch", () -> read(new String[] {CRC}, Enc.withCrc32c(C0), badSum));
        corrupt("c/0", "cannot hold a 4-byte checksum", () -> read(new String[] {CRC}, new byte[3], Enc.withCrc32c(C1)));
        corrupt("c/0", "chunk holds 16 bytes, but [2] int32 encodes to at most 12 through [crc32c]",
                () -> read(new String[] {CRC}, Enc.withCrc32c(Enc.le().i32(1).i32(2).i32(3).bytes()), Enc.withCrc32c(C1)));
    }

    @Test
    void gzipDataOfTheWrongSizeIsRefused() {
        corrupt("c/1", "gzip: decodes to more than the expected 8 bytes",
                () -> read(new String[] {GZIP}, Enc.gzip(C0), Enc.gzip(Enc.le().i32(1).i32(2).i32(3).bytes())));
        corrupt("c/1", "gzip: decodes to 4 bytes, expected 8", () -> read(new String[] {GZIP}, Enc.gzip(C0), Enc.gzip(Enc.le().i32(1).bytes())));
    }

    @Test
    void brokenGzipIsRefused() {
        byte[] good = Enc.gzip(C1);
        corrupt("c/1", "gzip: not a gzip member", () -> read(new String[] {GZIP}, Enc.gzip(C0), C1));
        corrupt("c/1", "gzip", () -> read(new String[] {GZIP}, Enc.gzip(C0), Arrays.copyOf(good, good.length - 9)));
        corrupt("c/1", "gzip: header is truncated", () -> read(new String[] {GZIP}, Enc.gzip(C0),
                new byte[] {0x1f, (byte) 0x8b, 8, 8, 0, 0, 0, 0, 0, 0, 'a', 'b'}));
        byte[] badCrc = good.clone();
        ByteBuffer.wrap(badCrc).order(ByteOrder.LITTLE_ENDIAN).putInt(badCrc.length - 8, 12345);
        corrupt("c/1", "gzip: CRC32 mismatch", () -> read(new String[] {GZIP}, Enc.gzip(C0), badCrc));
        byte[] badBody = good.clone();
        Arrays.fill(badBody, 10, badBody.length - 8, (byte) 0xff);
        corrupt("c/1", "gzip", () -> read(new String[] {GZIP}, Enc.gzip(C0), badBody));
        byte[] trailingJunk = Enc.concat(good, new byte[] {1, 2, 3});
        corrupt("c/1", "gzip", () -> read(new String[] {GZIP}, Enc.gzip(C0), trailingJunk));
    }

    @Test
    void errorsNameTheNodeAndTheFullKey() {
        byte[] bad = Enc.withCrc32c(C1);
        bad[0] ^= 1;
        Tree t = Tree.group(Doc.group()).node("g", Doc.group())
                .node("g/arr", Doc.array("'int32'", "[4]", "[2]", "0", Doc.BYTES_LE, CRC))
                .put("g/arr/c/0", Enc.withCrc32c(C0)).put("g/arr/c/1", bad);
        try (Zarr z = t.open()) {
            var e = corrupt("g/arr/c/1", "crc32c mismatch", () -> z.array("/g/arr").read("", null));
            assertEquals("/g/arr", e.node());
            assertEquals(ZarrException.CorruptChunk.class, e.getClass());
        }
    }
}
