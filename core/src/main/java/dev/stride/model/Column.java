package dev.stride.model;

/**
 * One field of a region as a Java array, typed by the field's kind: what {@code ZarrArray.read} returns and
 * {@code ArrayWriter.write} takes. Pattern-match on the sealed family or ask for the kind you expect with
 * {@link #asDoubles()} and its siblings, which fail with {@link ZarrException.BadRequest} naming the field and its type.
 *
 * <p>Representation, chosen so a column costs no more memory than the data and copies without conversion:
 * <ul>
 * <li>int8..int64 and uint8..uint64 are the Java array of the same width holding the stored bits, so a uint8 of 255 is
 *     the byte -1; {@code value(i)} and the widening {@code intValues()}/{@code longValues()}/{@code bigIntegerValues()}
 *     give the numbers ({@link ByteColumn}, {@link ShortColumn}, {@link IntColumn}, {@link LongColumn});</li>
 * <li>float16 is widened to float, which is exact ({@link FloatColumn} of type float16);</li>
 * <li>complex64 and complex128 are interleaved (re, im) doubles ({@link ComplexColumn});</li>
 * <li>numpy datetime64/timedelta64 are counts of their unit ({@link TimeColumn}, with java.time conversions);</li>
 * <li>r&lt;N&gt; are the stored bytes, N/8 per record ({@link RawColumn});</li>
 * <li>byte strings ({@code S<n>}) are the stored bytes, n per record, NULs included ({@link ByteStringColumn});</li>
 * <li>text ({@code U<n>}) is one {@code String} per record ({@link StringColumn});</li>
 * <li>a field with a shape is a column of its element type holding every element of each record in turn
 *     ({@link ArrayColumn}).</li>
 * </ul>
 * {@code values()} is the column's own array, not a copy.
 */
public sealed interface Column permits BoolColumn, ByteColumn, ShortColumn, IntColumn, LongColumn, FloatColumn,
        DoubleColumn, TimeColumn, ComplexColumn, RawColumn, ByteStringColumn, StringColumn, ArrayColumn {
    /**
     * The field's dotted path ({@code ""} for a plain array).
     *
     * @return the dotted path
     */
    String field();

    /**
     * The field's data type.
     *
     * @return the leaf type
     */
    DataType type();

    /**
     * Records in the column.
     *
     * @return how many records the column holds
     */
    int size();

    /**
     * This column as a bool column.
     *
     * @return this column
     * @throws ZarrException.BadRequest when it holds another kind
     */
    default BoolColumn asBools() {
        return as(BoolColumn.class);
    }

    /**
     * This column as an int8 or uint8 column.
     *
     * @return this column
     * @throws ZarrException.BadRequest when it holds another kind
     */
    default ByteColumn asBytes() {
        return as(ByteColumn.class);
    }

    /**
     * This column as an int16 or uint16 column.
     *
     * @return this column
     * @throws ZarrException.BadRequest when it holds another kind
     */
    default ShortColumn asShorts() {
        return as(ShortColumn.class);
    }

    /**
     * This column as an int32 or uint32 column.
     *
     * @return this column
     * @throws ZarrException.BadRequest when it holds another kind
     */
    default IntColumn asInts() {
        return as(IntColumn.class);
    }

    /**
     * This column as an int64 or uint64 column.
     *
     * @return this column
     * @throws ZarrException.BadRequest when it holds another kind
     */
    default LongColumn asLongs() {
        return as(LongColumn.class);
    }

    /**
     * This column as a float16 or float32 column.
     *
     * @return this column
     * @throws ZarrException.BadRequest when it holds another kind
     */
    default FloatColumn asFloats() {
        return as(FloatColumn.class);
    }

    /**
     * This column as a float64 column.
     *
     * @return this column
     * @throws ZarrException.BadRequest when it holds another kind
     */
    default DoubleColumn asDoubles() {
        return as(DoubleColumn.class);
    }

    /**
     * This column as a time column.
     *
     * @return this column
     * @throws ZarrException.BadRequest when it holds another kind
     */
    default TimeColumn asTimes() {
        return as(TimeColumn.class);
    }

    /**
     * This column as a complex column.
     *
     * @return this column
     * @throws ZarrException.BadRequest when it holds another kind
     */
    default ComplexColumn asComplexes() {
        return as(ComplexColumn.class);
    }

    /**
     * This column as a raw column.
     *
     * @return this column
     * @throws ZarrException.BadRequest when it holds another kind
     */
    default RawColumn asRaw() {
        return as(RawColumn.class);
    }

    /**
     * This column as a byte string column.
     *
     * @return this column
     * @throws ZarrException.BadRequest when it holds another kind
     */
    default ByteStringColumn asByteStrings() {
        return as(ByteStringColumn.class);
    }

    /**
     * This column as a text column.
     *
     * @return this column
     * @throws ZarrException.BadRequest when it holds another kind
     */
    default StringColumn asStrings() {
        return as(StringColumn.class);
    }

    /**
     * This column as the column of a field with a shape.
     *
     * @return this column
     * @throws ZarrException.BadRequest when it holds another kind
     */
    default ArrayColumn asArray() {
        return as(ArrayColumn.class);
    }

    private <C extends Column> C as(Class<C> kind) {
        if (!kind.isInstance(this)) {
            throw new ZarrException.BadRequest(null, "field '" + field() + "' (" + type().describe() + ") is read as "
                    + getClass().getSimpleName() + ", not " + kind.getSimpleName());
        }
        return kind.cast(this);
    }
}
