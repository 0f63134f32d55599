package dev.stride.model;

import dev.stride.model.FieldAccessor.ArrayField;
import dev.stride.model.FieldAccessor.BoolField;
import dev.stride.model.FieldAccessor.ByteStringField;
import dev.stride.model.FieldAccessor.ByteField;
import dev.stride.model.FieldAccessor.ComplexField;
import dev.stride.model.FieldAccessor.DoubleField;
import dev.stride.model.FieldAccessor.FloatField;
import dev.stride.model.FieldAccessor.HalfField;
import dev.stride.model.FieldAccessor.IntField;
import dev.stride.model.FieldAccessor.LongField;
import dev.stride.model.FieldAccessor.RawField;
import dev.stride.model.FieldAccessor.ShortField;
import dev.stride.model.FieldAccessor.StringField;

import java.lang.foreign.MemorySegment;

/**
 * Sets one leaf field of record {@code i} in a segment of packed records, converting the value to the field's kind as
 * a Java cast does (uint fields take their raw bits); a field that cannot hold the value (a number into raw bytes) is
 * refused, naming the array. The storing itself is the accessor's ({@link FieldAccessor}).
 */
public final class FieldWriter {
    private final String node;
    private final FieldAccessor field;

    /**
     * A setter of {@code field}, whose refusals name the array {@code node}.
     *
     * @param node the array's path, for messages
     * @param field the accessor of the field set
     */
    public FieldWriter(String node, FieldAccessor field) {
        this.node = node;
        this.field = field;
    }

    /**
     * Dotted path from the record root; {@code ""} for a plain array.
     *
     * @return the path
     */
    public String path() {
        return field.path();
    }

    /**
     * Integers, times and bools (non-zero is true) exactly; floats and complex numbers (real part) converted.
     *
     * @param records packed records, written in place
     * @param i the record's index in {@code records}
     * @param v the value
     */
    public void setLong(MemorySegment records, long i, long v) {
        switch (field) {
            case BoolField f -> f.set(records, i, v != 0);
            case ByteField f -> f.set(records, i, (byte) v);
            case ShortField f -> f.set(records, i, (short) v);
            case IntField f -> f.set(records, i, (int) v);
            case LongField f -> f.set(records, i, v);
            case RawField f -> throw refused("a number");
            case ByteStringField f -> throw refused("a number");
            case StringField f -> throw refused("a number");
            case ArrayField f -> throw refused("a number");
            case HalfField f -> setDouble(records, i, v);
            case FloatField f -> setDouble(records, i, v);
            case DoubleField f -> setDouble(records, i, v);
            case ComplexField f -> setDouble(records, i, v);
        }
    }

    /**
     * Floats exactly (float16 rounded to nearest), complex numbers as their real part; integers as {@code (long) v}.
     *
     * @param records packed records, written in place
     * @param i the record's index in {@code records}
     * @param v the value
     */
    public void setDouble(MemorySegment records, long i, double v) {
        switch (field) {
            case HalfField f -> f.set(records, i, (float) v);
            case FloatField f -> f.set(records, i, (float) v);
            case DoubleField f -> f.set(records, i, v);
            case ComplexField f -> f.set(records, i, v, 0);
            default -> setLong(records, i, (long) v);
        }
    }

    /**
     * Stores a bool as 1 or 0, converted to the field's kind as {@link #setLong} does.
     *
     * @param records packed records, written in place
     * @param i the record's index in {@code records}
     * @param v the value
     */
    public void setBoolean(MemorySegment records, long i, boolean v) {
        setLong(records, i, v ? 1 : 0);
    }

    /**
     * Stores both parts of a complex number.
     *
     * @param records packed records, written in place
     * @param i the record's index in {@code records}
     * @param re the real part
     * @param im the imaginary part
     * @throws ZarrException.BadRequest when the field is not complex
     */
    public void setComplex(MemorySegment records, long i, double re, double im) {
        if (!(field instanceof ComplexField f)) {
            throw refused("a complex number");
        }
        f.set(records, i, re, im);
    }

    /**
     * The bytes of an {@code r<N>} field as stored, or of a byte string field padded with NULs.
     *
     * @param records packed records, written in place
     * @param i the record's index in {@code records}
     * @param v N/8 bytes for raw, at most n for a byte string
     */
    public void setBytes(MemorySegment records, long i, byte[] v) {
        switch (field) {
            case RawField f when v.length == f.byteSize() -> f.set(records, i, v);
            case ByteStringField f when v.length <= f.byteSize() -> f.set(records, i, v);
            default -> throw refused(v.length + " bytes");
        }
    }

    /**
     * The text of a {@code U<n>} field, padded with NULs.
     *
     * @param records packed records, written in place
     * @param i the record's index in {@code records}
     * @param v at most n code points
     */
    public void setString(MemorySegment records, long i, String v) {
        if (!(field instanceof StringField f) || v.codePointCount(0, v.length()) > f.type().byteSize() / 4) {
            throw refused("the text " + quoted(v));
        }
        f.set(records, i, v);
    }

    /**
     * {@code v} in quotes for a message, with the characters a terminal or log viewer would obey rather than show
     * (controls, format characters such as bidi overrides, line separators) as Java-style backslash-u escapes.
     */
    private static String quoted(String v) {
        StringBuilder out = new StringBuilder("'");
        v.codePoints().forEach(c -> {
            int type = Character.getType(c);
            if (type == Character.CONTROL || type == Character.FORMAT || type == Character.LINE_SEPARATOR
                    || type == Character.PARAGRAPH_SEPARATOR) {
                out.append(String.format("\\u%04x", c));
            } else {
                out.appendCodePoint(c);
            }
        });
        return out.append('\'').toString();
    }

    private ZarrException refused(String what) {
        return new ZarrException.BadRequest(node, "field '" + path() + "' (" + field.type().describe() + ") cannot hold " + what);
    }

    /**
     * A column or Java array of this field as a column of {@code records} records; refuses another type or length.
     *
     * @param column a column, or the Java array a column of this field holds
     * @param records how many records it must hold
     * @return the column
     */
    public Column checkColumn(Object column, long records) {
        try {
            return field.column(column, records);
        } catch (ZarrException.BadRequest e) {
            throw new ZarrException.BadRequest(node, e.reason());
        }
    }

    /**
     * Copies records {@code from..from+count} of a checked column into records {@code first..} of {@code records}.
     *
     * @param column a column checked by {@link #checkColumn}
     * @param from the column's first record copied
     * @param records packed records, written in place
     * @param first the record that receives the column's record {@code from}
     * @param count how many records
     */
    public void copyColumn(Column column, int from, MemorySegment records, long first, long count) {
        field.copyFrom(column, from, records, first, (int) count);
    }
}
