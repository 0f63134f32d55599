package dev.stride.model;

/**
 * An int32 or uint32 field as its stored bits: a uint32 of 2^32-1 is -1; {@link #value} and {@link #longValues} give the numbers.
 *
 * @param field the field's dotted path ({@code ""} for a plain array)
 * @param type int32 or uint32
 * @param values the stored bits, one a record
 */
public record IntColumn(String field, CoreType type, int[] values) implements Column {
    /**
     * A column over {@code values}, which it holds without a copy.
     *
     * @throws ZarrException.BadRequest when {@code type} is not a type this column holds
     */
    public IntColumn {
        Columns.require(type, values, CoreType.INT32, CoreType.UINT32);
    }

    @Override
    public int size() {
        return values.length;
    }

    /**
     * Record {@code i}'s value: 0..2^32-1 for uint32.
     *
     * @param i the record's index in the column
     * @return the value
     */
    public long value(int i) {
        return type == CoreType.UINT32 ? Integer.toUnsignedLong(values[i]) : values[i];
    }

    /**
     * Every value, widened to long.
     *
     * @return a new array of the values
     */
    public long[] longValues() {
        long[] out = new long[values.length];
        for (int i = 0; i < out.length; i++) {
            out[i] = value(i);
        }
        return out;
    }
}
