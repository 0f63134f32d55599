package dev.stride.model;

/**
 * A complex64 or complex128 field as interleaved (re, im) doubles: record {@code i} at {@code 2i} and {@code 2i + 1}.
 *
 * @param field the field's dotted path ({@code ""} for a plain array)
 * @param type complex64 or complex128
 * @param values the parts, interleaved (re, im), two a record
 */
public record ComplexColumn(String field, CoreType type, double[] values) implements Column {
    /**
     * A column over {@code values}, which it holds without a copy.
     *
     * @throws ZarrException.BadRequest when {@code type} is not a type this column holds, or {@code values} holds an odd number of doubles
     */
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

    /**
     * Record {@code i}'s real part.
     *
     * @param i the record's index in the column
     * @return the real part
     */
    public double real(int i) {
        return values[2 * i];
    }

    /**
     * Record {@code i}'s imaginary part.
     *
     * @param i the record's index in the column
     * @return the imaginary part
     */
    public double imaginary(int i) {
        return values[2 * i + 1];
    }
}
