package dev.stride.internal.field;

import dev.stride.model.CoreType;
import dev.stride.model.FieldAccessor.LongField;
import dev.stride.model.Json;
import dev.stride.model.LongColumn;

import java.lang.foreign.MemorySegment;

/** int64 or uint64: the bits as a long; a uint64 above {@link Long#MAX_VALUE} as a BigInteger or its nearest double. */
final class LongAccessor extends LongBits {
    private static final Kind<long[]> KIND = new Kind<>(LongField.class, long[].class, c -> c.asLongs().values(),
            (p, t, v) -> new LongColumn(p, (CoreType) t, v));


    LongAccessor(Site s, CoreType t) {
        super(s, t, KIND);
    }

    @Override
    public Json toJson(MemorySegment records, long i) {
        long v = get(records, i);
        return new Json.JNumber(unsigned ? Long.toUnsignedString(v) : Long.toString(v));
    }
}
