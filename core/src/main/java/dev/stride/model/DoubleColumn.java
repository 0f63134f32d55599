package dev.stride.model;

import java.util.Objects;

/** A float64 field. */
public record DoubleColumn(String field, double[] values) implements Column {
    public DoubleColumn {
        Objects.requireNonNull(values, "values");
    }

    @Override
    public DataType type() {
        return CoreType.FLOAT64;
    }

    @Override
    public int size() {
        return values.length;
    }
}
