package dev.stride.model;

import java.util.Objects;

/**
 * A bool field.
 *
 * @param field the field's dotted path ({@code ""} for a plain array)
 * @param values one value a record
 */
public record BoolColumn(String field, boolean[] values) implements Column {
    /** A column over {@code values}, which it holds without a copy. */
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
