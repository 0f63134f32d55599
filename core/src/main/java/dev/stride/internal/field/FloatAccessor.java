package dev.stride.internal.field;

import dev.stride.internal.base.Reads;
import dev.stride.model.CoreType;
import dev.stride.model.FieldAccessor.FloatField;
import dev.stride.model.FloatColumn;
import dev.stride.internal.json.FloatJson;
import dev.stride.model.Json;

import java.lang.foreign.MemorySegment;

/** float32. */
final class FloatAccessor extends FloatValuedAccessor implements FloatField {
    private static final Kind<float[]> KIND = new Kind<>(FloatField.class, float[].class, c -> c.asFloats().values(),
            (p, t, v) -> new FloatColumn(p, (CoreType) t, v));

    FloatAccessor(Site s, CoreType t) {
        super(s, t, KIND);
    }

    @Override
    public float get(MemorySegment records, long i) {
        return Reads.f32(records, at(i), little);
    }

    @Override
    public void set(MemorySegment records, long i, float v) {
        Reads.f32(records, at(i), little, v);
    }

    /** By its bits, so a NaN payload is spelled as stored. */
    @Override
    public Json toJson(MemorySegment records, long i) {
        return FloatJson.of(CoreType.FLOAT32, Reads.i32(records, at(i), little));
    }
}
