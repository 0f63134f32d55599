package dev.stride.internal.field;

import dev.stride.model.CoreType;
import dev.stride.model.Json;

import java.lang.foreign.MemorySegment;

/**
 * int8 to uint32: integers whose every value a long holds, so they read as a long, a double and a JSON number alike.
 *
 * @param <A> the Java array a column of this field holds
 */
abstract sealed class IntegerAccessor<A> extends Accessor<A> permits ByteAccessor, ShortAccessor, IntAccessor {
    /** The type, which says whether the bits are unsigned. */
    final CoreType coreType;

    IntegerAccessor(Site s, CoreType t, Kind<A> kind) {
        super(s, t, kind);
        this.coreType = t;
    }

    /** The value, unsigned kinds included ({@link dev.stride.model.FieldAccessor.IntegerField#getLong}). */
    public abstract long getLong(MemorySegment records, long i);

    @Override
    public final double getDouble(MemorySegment records, long i) {
        return getLong(records, i);
    }

    @Override
    public final Json toJson(MemorySegment records, long i) {
        return new Json.JNumber(Long.toString(getLong(records, i)));
    }
}
