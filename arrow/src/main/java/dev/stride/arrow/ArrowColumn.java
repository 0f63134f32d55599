package dev.stride.arrow;

import dev.stride.ZarrArray;
import dev.stride.model.DataType;
import dev.stride.model.FieldAccessor;
import dev.stride.model.StructType;
import dev.stride.model.ZarrException;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;

/**
 * A column of the Arrow schema: a field of the records (a leaf or a nested struct) at {@code offset} bytes into each
 * record. A plain array's one column is {@value #VALUE}.
 */
record ArrowColumn(String name, DataType type, long offset) {
    /** The column of an array of plain values, which has no field name. */
    static final String VALUE = "value";

    /**
     * The columns of {@code array}: one per top-level field, or one per path in {@code paths} (a leaf {@code point.x}
     * or a nested struct {@code point}) named by its path.
     *
     * @throws ZarrException.BadRequest naming a path that is no field
     */
    static List<ArrowColumn> of(ZarrArray array, List<String> paths) {
        DataType type = array.dataType();
        if (!(type instanceof StructType struct)) {
            if (!paths.isEmpty() && !paths.equals(List.of(VALUE))) {
                throw new ZarrException.BadRequest(array.path(), "an array of " + type.describe()
                        + " has no fields, only its value: leave out --fields or choose 'value'");
            }
            return List.of(new ArrowColumn(VALUE, type, 0));
        }
        List<ArrowColumn> out = new ArrayList<>();
        if (paths.isEmpty()) {
            long at = 0;
            for (var f : struct.fields()) {
                out.add(new ArrowColumn(f.name(), f.type(), at));
                at += f.type().byteSize();
            }
            return out;
        }
        for (String path : new LinkedHashSet<>(paths)) {
            ArrowColumn c = find(struct, 0, path, path);
            if (c == null) {
                List<String> known = array.layout().fields().stream().map(FieldAccessor::path).toList();
                throw new ZarrException.BadRequest(array.path(), "no field '" + path + "'; the fields are " + String.join(", ", known));
            }
            out.add(c);
        }
        return out;
    }

    /** The field at {@code path} below a struct at {@code base}; a field name may itself hold dots. */
    private static ArrowColumn find(StructType struct, long base, String path, String whole) {
        long at = base;
        for (var f : struct.fields()) {
            if (path.equals(f.name())) {
                return new ArrowColumn(whole, f.type(), at);
            }
            if (f.type() instanceof StructType inner && path.startsWith(f.name() + ".")) {
                ArrowColumn c = find(inner, at, path.substring(f.name().length() + 1), whole);
                if (c != null) {
                    return c;
                }
            }
            at += f.type().byteSize();
        }
        return null;
    }
}
