package dev.stride.cli;

import dev.stride.model.FieldAccessor;
import dev.stride.model.Json;
import dev.stride.internal.json.JsonCodec;
import dev.stride.model.TimeType;

import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;

/**
 * One leaf field as text for csv and table: numbers, booleans, NaN and NaT as in the JSON encoding (so floats keep
 * their shortest exact form), datetimes readable, complex numbers as {@code 1.5-2.0j}, raw bytes as hex, byte strings
 * as numpy prints them ({@link ByteStringText}), text with its control characters made visible ({@link TerminalText}),
 * a field with a shape as nested lists of its elements so shown ({@code [[1, 2], [3, 4]]}).
 */
@FunctionalInterface
interface CellText {
    /** The text of record {@code i} of {@code records}. */
    String of(MemorySegment records, long i);

    /** The text of a field's values; a shaped field's element accessors are made here once, not once a value. */
    static CellText of(FieldAccessor f) {
        return switch (f) {
            case FieldAccessor.LongField time when f.type() instanceof TimeType t -> (records, i) -> TimeText.of(t, time.get(records, i));
            case FieldAccessor.RawField raw -> (records, i) -> "0x" + HexFormat.of().formatHex(raw.get(records, i));
            case FieldAccessor.ByteStringField bytes -> (records, i) -> ByteStringText.of(bytes.get(records, i));
            case FieldAccessor.StringField text -> (records, i) -> TerminalText.of(text.get(records, i));
            case FieldAccessor.ArrayField shaped -> nested(shaped);
            default -> (records, i) -> switch (f.toJson(records, i)) {
                case Json.JArray complex -> complex(scalar(complex.get(0)), scalar(complex.get(1)));
                case Json value -> scalar(value);
            };
        };
    }

    /** Nested lists by the shape, each element as a cell of the element type. */
    private static CellText nested(FieldAccessor.ArrayField shaped) {
        List<CellText> elements = new ArrayList<>(shaped.elements());
        for (int k = 0; k < shaped.elements(); k++) {
            elements.add(of(shaped.element(k)));
        }
        List<Integer> shape = shaped.shape();
        return (records, i) -> {
            StringBuilder out = new StringBuilder();
            list(out, shape, 0, elements, new int[1], records, i);
            return out.toString();
        };
    }

    private static void list(StringBuilder out, List<Integer> shape, int dim, List<CellText> elements, int[] next,
                             MemorySegment records, long i) {
        out.append('[');
        for (int k = 0; k < shape.get(dim); k++) {
            out.append(k == 0 ? "" : ", ");
            if (dim + 1 < shape.size()) {
                list(out, shape, dim + 1, elements, next, records, i);
            } else {
                out.append(elements.get(next[0]++).of(records, i));
            }
        }
        out.append(']');
    }

    private static String complex(String re, String im) {
        return re + (im.startsWith("-") ? "" : "+") + im + "j";
    }

    private static String scalar(Json value) {
        return switch (value) {
            case Json.JNumber n -> n.text();
            case Json.JString s -> s.value();
            default -> JsonCodec.print(value);
        };
    }
}
