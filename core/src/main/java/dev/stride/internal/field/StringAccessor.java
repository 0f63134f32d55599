package dev.stride.internal.field;

import dev.stride.internal.base.Reads;
import dev.stride.model.FieldAccessor.StringField;
import dev.stride.model.FixedStringType;
import dev.stride.model.Json;
import dev.stride.model.StringColumn;
import dev.stride.model.ZarrException;

import java.lang.foreign.MemorySegment;

/** U&lt;n&gt;: text as UTF-32 units in the records' byte order, NUL-padded; read as {@code String}s. */
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
        StringBuilder text = new StringBuilder(n);
        for (int k = 0; k < n; k++) {
            int unit = Reads.i32(records, base + 4L * k, little);
            if (!Character.isValidCodePoint(unit)) {
                throw new ZarrException.CorruptChunk(null, null, "field '" + path() + "' of record " + i
                        + " holds 0x" + Integer.toHexString(unit) + ", which is no Unicode code point");
            }
            text.appendCodePoint(unit);
        }
        return text.toString();
    }

    @Override
    public void set(MemorySegment records, long i, String v) {
        int count = v.codePointCount(0, v.length());
        if (count > characters) {
            throw new ZarrException.BadRequest(null, "field '" + path() + "' (" + type().describe() + ") cannot hold "
                    + count + " characters");
        }
        long base = at(i);
        int k = 0;
        for (int c : (Iterable<Integer>) v.codePoints()::iterator) {
            Reads.i32(records, base + 4L * k++, little, c);
        }
        for (; k < characters; k++) {
            Reads.i32(records, base + 4L * k, little, 0);
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
