package dev.stride.model;

import java.util.Arrays;
import java.util.Objects;

/**
 * An r&lt;N&gt; field as the stored bytes, N/8 per record: record {@code i} at {@code i * type.byteSize()}.
 *
 * @param field the field's dotted path ({@code ""} for a plain array)
 * @param type the field's type
 * @param values the stored bytes, N/8 a record
 */
public record RawColumn(String field, RawType type, byte[] values) implements Column {
    /**
     * A column over {@code values}, which it holds without a copy.
     *
     * @throws ZarrException.BadRequest when {@code values} is no whole number of records
     */
    public RawColumn {
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(values, "values");
        if (values.length % type.byteSize() != 0) {
            throw new ZarrException.BadRequest(null, "field '" + field + "': " + values.length + " bytes are no whole records of "
                    + type.byteSize());
        }
    }

    @Override
    public int size() {
        return values.length / type.byteSize();
    }

    /**
     * A copy of record {@code i}'s bytes.
     *
     * @param i the record's index in the column
     * @return N/8 bytes
     */
    public byte[] get(int i) {
        return Arrays.copyOfRange(values, i * type.byteSize(), (i + 1) * type.byteSize());
    }
}
