package dev.stride.model;

/**
 * An int16 or uint16 field as its stored bits: a uint16 of 65535 is -1; {@link #value} and {@link #intValues} give 0..65535.
 *
 * @param field the field's dotted path ({@code ""} for a plain array)
 * @param type int16 or uint16
 * @param values the stored bits, one a record
 */
public record ShortColumn(String field, CoreType type, short[] values) implements Column {
    /**
     * A column over {@code values}, which it holds without a copy.
     *
     * @throws ZarrException.BadRequest when {@code type} is not a type this column holds
     */
    public ShortColumn {
        Columns.require(type, values, CoreType.INT16, CoreType.UINT16);
    }

    @Override
    public int size() {
        return values.length;
    }

    /**
     * Record {@code i}'s value: -32768..32767 for int16, 0..65535 for uint16.
     *
     * @param i the record's index in the column
     * @return the value
     */
    public int value(int i) {
        return type == CoreType.UINT16 ? Short.toUnsignedInt(values[i]) : values[i];
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
