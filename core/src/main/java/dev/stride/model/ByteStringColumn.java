package dev.stride.model;

import java.util.Arrays;
import java.util.Objects;

/**
 * A byte string field ({@code S<n>}, {@code null_terminated_bytes}) as the stored bytes, n per record and NULs
 * included: record {@code i} at {@code i * type.length()}. {@link #get(int)} gives one value as numpy does.
 *
 * @param field the field's dotted path ({@code ""} for a plain array)
 * @param type the field's type
 * @param values the stored bytes, n a record
 */
public record ByteStringColumn(String field, FixedBytesType type, byte[] values) implements Column {
    /**
     * A column over {@code values}, which it holds without a copy.
     *
     * @throws ZarrException.BadRequest when {@code values} is no whole number of records
     */
    public ByteStringColumn {
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(values, "values");
        if (values.length % type.length() != 0) {
            throw new ZarrException.BadRequest(null, "field '" + field + "': " + values.length + " bytes are no whole records of "
                    + type.length());
        }
    }

    @Override
    public int size() {
        return values.length / type.length();
    }

    /**
     * Record {@code i}'s value: its bytes without the trailing NULs.
     *
     * @param i the record's index in the column
     * @return a copy of at most n bytes
     */
    public byte[] get(int i) {
        int from = i * type.length();
        int to = from + type.length();
        while (to > from && values[to - 1] == 0) {
            to--;
        }
        return Arrays.copyOfRange(values, from, to);
    }
}
