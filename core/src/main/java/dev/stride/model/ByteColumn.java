package dev.stride.model;

/**
 * An int8 or uint8 field as its stored bits: a uint8 of 255 is -1; {@link #value} and {@link #intValues} give 0..255.
 *
 * @param field the field's dotted path ({@code ""} for a plain array)
 * @param type int8 or uint8
 * @param values the stored bits, one a record
 */
public record ByteColumn(String field, CoreType type, byte[] values) implements Column {
    /**
     * A column over {@code values}, which it holds without a copy.
     *
     * @throws ZarrException.BadRequest when {@code type} is not a type this column holds
     */
    public ByteColumn {
        Columns.require(type, values, CoreType.INT8, CoreType.UINT8);
    }

    @Override
    public int size() {
        return values.length;
    }

    /**
     * Record {@code i}'s value: -128..127 for int8, 0..255 for uint8.
     *
     * @param i the record's index in the column
     * @return the value
     */
    public int value(int i) {
        return type == CoreType.UINT8 ? Byte.toUnsignedInt(values[i]) : values[i];
    }

    /**
     * Every value, widened to int.
     *
     * @return a new array of the values
     */
    public int[] intValues() {
        int[] out = new int[values.length];
        for (int i = 0; i < out.length; i++) {
            out[i] = value(i);
        }
        return out;
    }
}
