package dev.stride.model;

import java.util.Objects;

/**
 * A float64 field.
 *
 * @param field the field's dotted path ({@code ""} for a plain array)
 * @param values one value a record
 */
public record DoubleColumn(String field, double[] values) implements Column {
    /** A column over {@code values}, which it holds without a copy. */
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
