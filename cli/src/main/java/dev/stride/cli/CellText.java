package dev.stride.cli;

import dev.stride.model.FieldAccessor;
import dev.stride.model.Json;
import dev.stride.model.JsonCodec;
import dev.stride.model.TimeType;

import java.lang.foreign.MemorySegment;
import java.util.HexFormat;

/**
 * One leaf field as text for csv and table: numbers, booleans, NaN and NaT as in the JSON encoding (so floats keep
 * their shortest exact form), datetimes readable, complex numbers as {@code 1.5-2.0j}, raw bytes as hex.
 */
final class CellText {
    private CellText() {
    }

    static String of(FieldAccessor f, MemorySegment records, long i) {
        return switch (f) {
            case FieldAccessor.LongField time when f.type() instanceof TimeType t -> TimeText.of(t, time.get(records, i));
            case FieldAccessor.RawField raw -> "0x" + HexFormat.of().formatHex(raw.get(records, i));
            default -> switch (f.toJson(records, i)) {
                case Json.JArray complex -> complex(scalar(complex.get(0)), scalar(complex.get(1)));
                case Json value -> scalar(value);
            };
        };
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
