package dev.stride.internal.codec;

import dev.stride.model.Json;
import dev.stride.spi.BytesToBytesCodec;
import dev.stride.spi.CodecConfig;
import dev.stride.spi.DecodeContext;
import dev.stride.spi.DecodedSize;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Map;
import java.util.zip.CRC32C;

/** {@code crc32c}: the value followed by the little-endian CRC32C of it. Decoding checks and slices: no copy. */
public final class Crc32cCodec implements BytesToBytesCodec {
    public static final int CHECKSUM_BYTES = 4;
    private static final ValueLayout.OfInt LE_INT = ValueLayout.JAVA_INT_UNALIGNED.withOrder(java.nio.ByteOrder.LITTLE_ENDIAN);

    Crc32cCodec(CodecConfig config) {
        config.allowOnly();
    }

    public static int checksum(MemorySegment data) {
        CRC32C crc = new CRC32C();
        crc.update(data.asByteBuffer());
        return (int) crc.getValue();
    }

    @Override
    public String name() {
        return "crc32c";
    }

    @Override
    public Json.JObject configuration() {
        return new Json.JObject(Map.of());
    }

    @Override
    public MemorySegment decode(MemorySegment encoded, DecodedSize size, DecodeContext ctx) {
        long n = encoded.byteSize() - CHECKSUM_BYTES;
        if (n < 0) {
            throw ctx.corrupt("crc32c: " + encoded.byteSize() + " bytes cannot hold a 4-byte checksum");
        }
        if (size.isExact() ? n != size.exact() : n > size.limit()) {
            throw ctx.corrupt("crc32c: holds " + n + " bytes of data, " + (size.isExact() ? "expected " : "more than ") + size.limit());
        }
        MemorySegment data = encoded.asSlice(0, n);
        int stored = encoded.get(LE_INT, n);
        int computed = checksum(data);
        if (stored != computed) {
            throw ctx.corrupt(String.format("crc32c mismatch: stored 0x%08x, computed 0x%08x", stored, computed));
        }
        return data;
    }

    @Override
    public long maxEncodedSize(long decodedSize) {
        return decodedSize + CHECKSUM_BYTES;
    }

    @Override
    public MemorySegment encode(MemorySegment decoded, DecodeContext ctx) {
        MemorySegment out = ctx.buffer(this, decoded.byteSize() + CHECKSUM_BYTES);
        MemorySegment.copy(decoded, 0, out, 0, decoded.byteSize());
        out.set(LE_INT, decoded.byteSize(), checksum(decoded));
        return out;
    }
}
