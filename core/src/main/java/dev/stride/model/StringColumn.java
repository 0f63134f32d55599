package dev.stride.model;

import java.util.Objects;

/**
 * A text field ({@code U<n>}, {@code fixed_length_utf32}) as one {@code String} per record, without trailing NULs.
 *
 * @param field the field's dotted path ({@code ""} for a plain array)
 * @param type the field's type
 * @param values the strings, one a record
 */
public record StringColumn(String field, FixedStringType type, String[] values) implements Column {
    /** A column over {@code values}, which it holds without a copy. */
    public StringColumn {
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(values, "values");
    }

    @Override
    public int size() {
        return values.length;
    }

    /**
     * Record {@code i}'s value.
     *
     * @param i the record's index in the column
     * @return the string (empty, not null, for a new column)
     */
    public String get(int i) {
        return values[i] == null ? "" : values[i];
    }
}
