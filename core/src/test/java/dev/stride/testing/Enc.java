package dev.stride.testing;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.zip.CRC32C;
import java.util.zip.GZIPOutputStream;

/**
 * Encodes values the way the spec lays them out, independently of Stride's codecs: packed little- or big-endian
 * values (bytes codec), gzip members (java.util.zip), crc32c trailers (java.util.zip.CRC32C).
 */
public final class Enc {
    private final ByteOrder order;
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();

    private Enc(ByteOrder order) {
        this.order = order;
    }

    public static Enc le() {
        return new Enc(ByteOrder.LITTLE_ENDIAN);
    }

    public static Enc be() {
        return new Enc(ByteOrder.BIG_ENDIAN);
    }

    public static Enc of(ByteOrder order) {
        return new Enc(order);
    }

    private ByteBuffer slot(int n) {
        return ByteBuffer.allocate(n).order(order);
    }

    private Enc put(ByteBuffer b) {
        out.write(b.array(), 0, b.capacity());
        return this;
    }

    public Enc bool(boolean v) {
        out.write(v ? 1 : 0);
        return this;
    }

    public Enc i8(int v) {
        out.write((byte) v);
        return this;
    }

    public Enc i16(int v) {
        return put(slot(2).putShort(0, (short) v));
    }

    public Enc i32(int v) {
        return put(slot(4).putInt(0, v));
    }

    public Enc i64(long v) {
        return put(slot(8).putLong(0, v));
    }

    public Enc f16(float v) {
        return i16(Float.floatToFloat16(v));
    }

    public Enc f32(float v) {
        return put(slot(4).putFloat(0, v));
    }

    public Enc f64(double v) {
        return put(slot(8).putDouble(0, v));
    }

    public Enc raw(byte... bytes) {
        out.write(bytes, 0, bytes.length);
        return this;
    }

    /** {@code n} copies of an int32. */
    public Enc i32s(int n, int v) {
        for (int i = 0; i < n; i++) {
            i32(v);
        }
        return this;
    }

    public byte[] bytes() {
        return out.toByteArray();
    }

    public static byte[] gzip(byte[] data) {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        try (GZIPOutputStream g = new GZIPOutputStream(b)) {
            g.write(data);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return b.toByteArray();
    }

    public static int crc32c(byte[] data) {
        CRC32C c = new CRC32C();
        c.update(data);
        return (int) c.getValue();
    }

    /** The crc32c codec's output: the data, then its CRC32C little-endian. */
    public static byte[] withCrc32c(byte[] data) {
        return concat(data, ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN).putInt(crc32c(data)).array());
    }

    public static byte[] concat(byte[]... parts) {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        for (byte[] p : parts) {
            b.write(p, 0, p.length);
        }
        return b.toByteArray();
    }

    public static byte[] ascii(String s) {
        return s.getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
    }
}
