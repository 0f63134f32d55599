package dev.stride.model;

import java.util.Arrays;
import java.util.Objects;

/** An r&lt;N&gt; field as the stored bytes, N/8 per record: record {@code i} at {@code i * type.byteSize()}. */
public record RawColumn(String field, RawType type, byte[] values) implements Column {
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

    /** A copy of record {@code i}'s bytes. */
    public byte[] get(int i) {
        return Arrays.copyOfRange(values, i * type.byteSize(), (i + 1) * type.byteSize());
    }
}
