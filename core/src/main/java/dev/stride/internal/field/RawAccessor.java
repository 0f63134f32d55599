package dev.stride.internal.field;

import dev.stride.model.FieldAccessor.RawField;
import dev.stride.model.Json;
import dev.stride.model.RawColumn;
import dev.stride.model.RawType;
import dev.stride.model.ZarrException;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.List;

/** r&lt;N&gt;: the bytes as stored, N/8 a record. */
final class RawAccessor extends BlockAccessor implements RawField {
    private static final Kind<byte[]> KIND = new Kind<>(RawField.class, byte[].class, c -> c.asRaw().values(),
            (p, t, v) -> new RawColumn(p, (RawType) t, v));

    RawAccessor(Site s, RawType t) {
        super(s, t, KIND);
    }

    @Override
    public byte[] get(MemorySegment records, long i) {
        return stored(records, i);
    }

    @Override
    public void set(MemorySegment records, long i, byte[] v) {
        if (v.length != size) {
            throw new ZarrException.BadRequest(null, "field '" + path() + "' (" + type().describe() + ") cannot hold " + v.length + " raw bytes");
        }
        MemorySegment.copy(v, 0, records, ValueLayout.JAVA_BYTE, at(i), size);
    }

    /** The bytes as an array of numbers 0..255. */
    @Override
    public Json toJson(MemorySegment records, long i) {
        byte[] bytes = get(records, i);
        List<Json> items = new ArrayList<>(bytes.length);
        for (byte b : bytes) {
            items.add(new Json.JNumber(Integer.toString(Byte.toUnsignedInt(b))));
        }
        return new Json.JArray(items);
    }
}
