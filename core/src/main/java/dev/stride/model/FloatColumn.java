package dev.stride.model;

/**
 * A float32 field, or a float16 one widened to float (exactly: every float16 is a float).
 *
 * @param field the field's dotted path ({@code ""} for a plain array)
 * @param type float16 or float32
 * @param values one value a record (a float16 widened exactly)
 */
public record FloatColumn(String field, CoreType type, float[] values) implements Column {
    /**
     * A column over {@code values}, which it holds without a copy.
     *
     * @throws ZarrException.BadRequest when {@code type} is not a type this column holds
     */
    public FloatColumn {
        Columns.require(type, values, CoreType.FLOAT32, CoreType.FLOAT16);
    }

    @Override
    public int size() {
        return values.length;
    }
}
