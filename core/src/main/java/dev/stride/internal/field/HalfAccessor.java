package dev.stride.internal.field;

import dev.stride.internal.base.Reads;
import dev.stride.model.CoreType;
import dev.stride.model.FieldAccessor.HalfField;
import dev.stride.model.FloatColumn;
import dev.stride.internal.json.FloatJson;
import dev.stride.model.Json;

import java.lang.foreign.MemorySegment;

/** float16, widened to float (exactly) and narrowed from float to the nearest float16 (ties to even). */
final class HalfAccessor extends FloatValuedAccessor implements HalfField {
    private static final Kind<float[]> KIND = new Kind<>(HalfField.class, float[].class, c -> c.asFloats().values(),
            (p, t, v) -> new FloatColumn(p, (CoreType) t, v));

    HalfAccessor(Site s, CoreType t) {
        super(s, t, KIND);
    }

    @Override
    public float get(MemorySegment records, long i) {
        return Float.float16ToFloat(Reads.i16(records, at(i), little));
    }

    @Override
    public void set(MemorySegment records, long i, float v) {
        Reads.i16(records, at(i), little, Float.floatToFloat16(v));
    }

    /** Its own shortest decimal: a float16 printed as a float32 would show digits it does not have. */
    @Override
    public Json toJson(MemorySegment records, long i) {
        return FloatJson.of(CoreType.FLOAT16, Reads.i16(records, at(i), little));
    }
}
