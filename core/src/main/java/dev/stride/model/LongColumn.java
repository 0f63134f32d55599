package dev.stride.model;

import java.math.BigInteger;

/**
 * An int64 or uint64 field as its stored bits: a uint64 above {@link Long#MAX_VALUE} is negative. {@link #value} and
 * {@link #bigIntegerValues} give the numbers; {@link Long#toUnsignedString(long)}, {@link Long#compareUnsigned} and
 * {@link Long#divideUnsigned} work on the bits without an object per value.
 *
 * @param field the field's dotted path ({@code ""} for a plain array)
 * @param type int64 or uint64
 * @param values the stored bits, one a record
 */
public record LongColumn(String field, CoreType type, long[] values) implements Column {
    /**
     * A column over {@code values}, which it holds without a copy.
     *
     * @throws ZarrException.BadRequest when {@code type} is not a type this column holds
     */
    public LongColumn {
        Columns.require(type, values, CoreType.INT64, CoreType.UINT64);
    }

    @Override
    public int size() {
        return values.length;
    }

    /**
     * Record {@code i}'s value: 0..2^64-1 for uint64.
     *
     * @param i the record's index in the column
     * @return the value
     */
    public BigInteger value(int i) {
        return type == CoreType.UINT64 ? Columns.unsigned(values[i]) : BigInteger.valueOf(values[i]);
    }

    /**
     * Every value as an integer of any size.
     *
     * @return a new array of the values
     */
    public BigInteger[] bigIntegerValues() {
        BigInteger[] out = new BigInteger[values.length];
        for (int i = 0; i < out.length; i++) {
            out[i] = value(i);
        }
        return out;
    }
}
