package dev.stride.dtype;

import java.util.HashSet;
import java.util.List;
import java.util.function.BiConsumer;

/**
 * A record of named fields, packed with no padding in declaration order ({@code struct}, or the legacy
 * {@code structured} spelling, which {@link #legacy()} remembers).
 */
public record StructType(List<Field> fields, boolean legacy) implements DataType {

    public record Field(String name, DataType type) {
    }

    public StructType {
        fields = List.copyOf(fields);
        if (fields.isEmpty()) {
            throw new IllegalArgumentException("a struct needs at least one field");
        }
        var seen = new HashSet<String>();
        for (Field f : fields) {
            if (f.name().isEmpty() || !seen.add(f.name())) {
                throw new IllegalArgumentException("field names must be unique and non-empty: '" + f.name() + "'");
            }
        }
    }

    public static StructType of(Field... fields) {
        return new StructType(List.of(fields), false);
    }

    @Override
    public int byteSize() {
        long total = 0;
        for (Field f : fields) {
            total += f.type().byteSize();
        }
        return Math.toIntExact(total);
    }

    @Override
    public String describe() {
        StringBuilder s = new StringBuilder("struct{");
        for (int i = 0; i < fields.size(); i++) {
            s.append(i == 0 ? "" : ", ").append(fields.get(i).name()).append(": ").append(fields.get(i).type().describe());
        }
        return s.append('}').toString();
    }

    @Override
    public void forEachSwapUnit(long offset, BiConsumer<Long, Integer> unit) {
        long at = offset;
        for (Field f : fields) {
            f.type().forEachSwapUnit(at, unit);
            at += f.type().byteSize();
        }
    }
}
