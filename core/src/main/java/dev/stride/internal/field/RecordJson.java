package dev.stride.internal.field;

import dev.stride.model.DataType;
import dev.stride.model.FieldAccessor;
import dev.stride.model.Json;
import dev.stride.model.StructType;

import java.lang.foreign.MemorySegment;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Values in the Zarr v3 fill-value JSON encoding, as the command line prints them. */
public final class RecordJson {
    private RecordJson() {
    }

    /** Field {@code field} of record {@code i}. */
    public static Json field(FieldAccessor field, MemorySegment records, long i) {
        return Accessor.of(field).toJson(records, i);
    }

    /**
     * Record {@code i} of {@code type}, whose leaf fields are {@code leaves} in order: an object per struct, its fields
     * in order.
     */
    public static Json record(DataType type, List<FieldAccessor> leaves, MemorySegment records, long i) {
        return record(type, leaves.iterator(), records, i);
    }

    private static Json record(DataType t, Iterator<FieldAccessor> leaves, MemorySegment records, long i) {
        if (t instanceof StructType s) {
            Map<String, Json> members = new LinkedHashMap<>();
            for (StructType.Field f : s.fields()) {
                members.put(f.name(), record(f.type(), leaves, records, i));
            }
            return new Json.JObject(members);
        }
        return field(leaves.next(), records, i);
    }
}
