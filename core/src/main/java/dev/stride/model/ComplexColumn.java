package dev.stride.model;

/** A complex64 or complex128 field as interleaved (re, im) doubles: record {@code i} at {@code 2i} and {@code 2i + 1}. */
public record ComplexColumn(String field, CoreType type, double[] values) implements Column {
    public ComplexColumn {
        Columns.require(type, values, CoreType.COMPLEX64, CoreType.COMPLEX128);
        if (values.length % 2 != 0) {
            throw new ZarrException.BadRequest(null, "field '" + field + "': " + values.length + " doubles are no (re, im) pairs");
        }
    }

    @Override
    public int size() {
        return values.length / 2;
    }

    public double real(int i) {
        return values[2 * i];
    }

    public double imaginary(int i) {
        return values[2 * i + 1];
    }
}
