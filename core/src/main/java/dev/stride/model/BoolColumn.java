package dev.stride.model;

import java.util.Objects;

/** A bool field. */
public record BoolColumn(String field, boolean[] values) implements Column {
    public BoolColumn {
        Objects.requireNonNull(values, "values");
    }

    @Override
    public DataType type() {
        return CoreType.BOOL;
    }

    @Override
    public int size() {
        return values.length;
    }
}
