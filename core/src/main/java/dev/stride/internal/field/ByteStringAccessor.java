package dev.stride.internal.field;

import dev.stride.model.ByteStringColumn;
import dev.stride.model.FieldAccessor.ByteStringField;
import dev.stride.model.FixedBytesType;
import dev.stride.model.Json;
import dev.stride.model.ZarrException;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Arrays;
import java.util.Base64;

/** S&lt;n&gt;: NUL-padded byte strings; one value reads without its trailing NULs, columns hold the stored bytes. */
final class ByteStringAccessor extends BlockAccessor implements ByteStringField {
    private static final Kind<byte[]> KIND = new Kind<>(ByteStringField.class, byte[].class, c -> c.asByteStrings().values(),
            (p, t, v) -> new ByteStringColumn(p, (FixedBytesType) t, v));

    ByteStringAccessor(Site s, FixedBytesType t) {
        super(s, t, KIND);
    }

    @Override
    public byte[] get(MemorySegment records, long i) {
        byte[] bytes = stored(records, i);
        int n = bytes.length;
        while (n > 0 && bytes[n - 1] == 0) {
            n--;
        }
        return n == bytes.length ? bytes : Arrays.copyOf(bytes, n);
    }

    @Override
    public void set(MemorySegment records, long i, byte[] v) {
        if (v.length > size) {
            throw new ZarrException.BadRequest(null, "field '" + path() + "' (" + type().describe() + ") cannot hold "
                    + v.length + " bytes");
        }
        MemorySegment.copy(v, 0, records, ValueLayout.JAVA_BYTE, at(i), v.length);
        records.asSlice(at(i) + v.length, size - v.length).fill((byte) 0);
    }

    /** Base64 of the bytes without trailing NULs, as zarr-python spells a byte string. */
    @Override
    public Json toJson(MemorySegment records, long i) {
        return Json.string(Base64.getEncoder().encodeToString(get(records, i)));
    }
}
