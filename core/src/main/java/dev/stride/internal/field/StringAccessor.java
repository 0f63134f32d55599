package dev.stride.internal.field;

import dev.stride.internal.base.Reads;
import dev.stride.internal.text.Utf32;
import dev.stride.model.FieldAccessor.StringField;
import dev.stride.model.FixedStringType;
import dev.stride.model.Json;
import dev.stride.model.StringColumn;
import dev.stride.model.ZarrException;

import java.lang.foreign.MemorySegment;

/**
 * U&lt;n&gt;: text as UTF-32 units in the records' byte order, NUL-padded; read as {@code String}s. A unit that is no
 * Unicode scalar value is refused both ways ({@link Utf32}): a corrupt chunk on read, a bad value on write.
 */
final class StringAccessor extends Accessor<String[]> implements StringField {
    private static final Kind<String[]> KIND = new Kind<>(StringField.class, String[].class, c -> c.asStrings().values(),
            (p, t, v) -> new StringColumn(p, (FixedStringType) t, v));
    private final int characters;

    StringAccessor(Site s, FixedStringType t) {
        super(s, t, KIND);
        this.characters = t.characters();
    }

    @Override
    public String get(MemorySegment records, long i) {
        long base = at(i);
        int n = characters;
        while (n > 0 && Reads.i32(records, base + 4L * (n - 1), little) == 0) {
            n--;
        }
        Utf32.requireWellFormed(records, base, n, little, path(), i);
        StringBuilder text = new StringBuilder(n);
        for (int k = 0; k < n; k++) {
            text.appendCodePoint(Reads.i32(records, base + 4L * k, little));
        }
        return text.toString();
    }

    @Override
    public void set(MemorySegment records, long i, String v) {
        int[] codePoints = v.codePoints().toArray();
        if (codePoints.length > characters) {
            throw new ZarrException.BadRequest(null, "field '" + path() + "' (" + type().describe() + ") cannot hold "
                    + codePoints.length + " characters");
        }
        for (int k = 0; k < codePoints.length; k++) {
            String illFormed = Utf32.illFormed(codePoints[k]);
            if (illFormed != null) {
                throw new ZarrException.BadRequest(null, "field '" + path() + "' (" + type().describe() + ") cannot hold "
                        + illFormed + ", at character " + k + ": a lone surrogate has no UTF-32 form");
            }
        }
        long base = at(i);
        for (int k = 0; k < characters; k++) {
            Reads.i32(records, base + 4L * k, little, k < codePoints.length ? codePoints[k] : 0);
        }
    }

    @Override
    public void get(MemorySegment records, long first, int n, String[] dst, int pos) {
        for (int k = 0; k < n; k++) {
            dst[pos + k] = get(records, first + k);
        }
    }

    @Override
    public void set(MemorySegment records, long first, int n, String[] src, int pos) {
        for (int k = 0; k < n; k++) {
            set(records, first + k, src[pos + k] == null ? "" : src[pos + k]);
        }
    }

    @Override
    public Json toJson(MemorySegment records, long i) {
        return Json.string(get(records, i));
    }
}
