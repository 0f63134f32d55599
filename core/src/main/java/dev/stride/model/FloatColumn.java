package dev.stride.model;

/** A float32 field, or a float16 one widened to float (exactly: every float16 is a float). */
public record FloatColumn(String field, CoreType type, float[] values) implements Column {
    public FloatColumn {
        Columns.require(type, values, CoreType.FLOAT32, CoreType.FLOAT16);
    }

    @Override
    public int size() {
        return values.length;
    }
}
