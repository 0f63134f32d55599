package dev.stride.cli;

import dev.stride.model.DataType;
import dev.stride.model.FieldStats;
import dev.stride.model.Json;
import dev.stride.model.SubarrayType;
import dev.stride.model.TimeType;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.time.Duration;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What a scan found and how fast: lines for people, or one JSON object for programs. Integers and times print
 * exactly (uint64 unsigned, times in ticks of their unit and also as ISO 8601), floats as the nearest double; text and
 * byte strings their count, empty values, least and greatest value. A field with a shape says how many elements of
 * each record were counted.
 *
 * @param stats what the scan found
 * @param fieldType the scanned field's type (a shape's element type is that of {@code stats})
 * @param records the records scanned
 * @param seconds how long the scan took
 */
record ScanReport(FieldStats stats, DataType fieldType, long records, double seconds) {
    /** Headers of {@link #cells()}. */
    static final List<String> HEADERS = List.of("field", "count", "sum", "min", "max", "mean", "records/s");
    private static final MathContext BRIEF = new MathContext(7);
    /** What the text says for a least, greatest or mean value of nothing counted. */
    private static final String NONE = "none";

    double recordsPerSecond() {
        return records / Math.max(seconds, 1e-9);
    }

    /**
     * {"field", "count", "sum", "min", "max", "mean", "seconds", "records_per_second"}, then for floats "nan_count",
     * for times "nat_count", "unit", "min_iso", "max_iso" and "mean_iso"; non-finite numbers as "NaN" etc. Text and
     * byte strings have "empty_count", "min" and "max" (strings, byte strings in base64 as cat's jsonl, null when
     * nothing was counted) instead of sum, min, max and mean; a field with a shape adds "elements_per_record".
     */
    Json json() {
        Map<String, Json> members = new LinkedHashMap<>();
        members.put("field", Json.string(stats.field()));
        members.put("count", Json.number(stats.count()));
        if (stats instanceof FieldStats.Textual t) {
            members.put("empty_count", Json.number(t.emptyCount()));
            members.put("min", extremeJson(true));
            members.put("max", extremeJson(false));
        } else {
            members.put("sum", exact(sum()));
            members.put("min", exact(min()));
            members.put("max", exact(max()));
            members.put("mean", stats.count() == 0 ? Json.JNull.NULL : number(stats.mean()));
        }
        members.put("seconds", number(seconds));
        members.put("records_per_second", number(recordsPerSecond()));
        if (fieldType instanceof SubarrayType shaped) {
            members.put("elements_per_record", Json.number(shaped.elements()));
        }
        switch (stats) {
            case FieldStats.Floats f -> members.put("nan_count", Json.number(f.nanCount()));
            case FieldStats.Times t -> {
                members.put("nat_count", Json.number(t.nanCount()));
                members.put("unit", Json.string(unit(t.type())));
                if (t.count() > 0) {
                    members.put("min_iso", Json.string(iso(t, t.min())));
                    members.put("max_iso", Json.string(iso(t, t.max())));
                    members.put("mean_iso", Json.string(iso(t, Math.round(t.mean()))));
                }
            }
            case FieldStats.Integers i -> { }
            case FieldStats.Textual t -> { }
        }
        return new Json.JObject(members);
    }

    List<String> text() {
        Details details = new Details()
                .add("field", stats.field().isEmpty() ? "(the array's values)" : TerminalText.of(stats.field()));
        if (fieldType instanceof SubarrayType shaped) {
            details.add("elements", shaped.elements() + " a record (" + shaped.describe() + "), each counted");
        }
        details.add("count", Long.toString(stats.count()));
        if (stats instanceof FieldStats.Textual t) {
            details.add("empty", Long.toString(t.emptyCount()))
                    .add("min", quoted(true))
                    .add("max", quoted(false));
        } else {
            details.add("sum", sum())
                    .add("min", withIso(min(), stats instanceof FieldStats.Times t ? t.min() : 0))
                    .add("max", withIso(max(), stats instanceof FieldStats.Times t ? t.max() : 0))
                    .add("mean", stats.count() == 0 ? NONE : withIso(plain(stats.mean()), Math.round(stats.mean())));
        }
        switch (stats) {
            case FieldStats.Floats f when f.nanCount() > 0 -> details.add("NaN values", Long.toString(f.nanCount()));
            case FieldStats.Times t when t.nanCount() > 0 -> details.add("NaT values", Long.toString(t.nanCount()));
            default -> { }
        }
        return details
                .add("time", String.format(Locale.ROOT, "%.3f s", seconds))
                .add("speed", String.format(Locale.ROOT, "%,.0f records/s", recordsPerSecond()))
                .lines();
    }

    /**
     * field, count, sum, min, max, mean and records/s as cells of a table for people: whole numbers exactly up to
     * 10^15, others to seven significant digits, datetimes as ISO 8601 only (and no sum of them).
     */
    String[] cells() {
        if (stats instanceof FieldStats.Textual) {
            return new String[] {TerminalText.of(stats.field()), String.format(Locale.ROOT, "%,d", stats.count()), "", quoted(true),
                    quoted(false), "", String.format(Locale.ROOT, "%,.0f", recordsPerSecond())};
        }
        boolean datetime = stats instanceof FieldStats.Times t && t.type().datetime();
        return new String[] {TerminalText.of(stats.field()), String.format(Locale.ROOT, "%,d", stats.count()), datetime ? "" : brief(sum()),
                brief(min()), brief(max()), stats.count() == 0 ? NONE : brief(plain(stats.mean())), String.format(Locale.ROOT, "%,.0f", recordsPerSecond())};
    }

    /** The sum as text: integers and times exactly, floats as the nearest double; NaN for strings, which have none. */
    private String sum() {
        return switch (stats) {
            case FieldStats.Integers i -> i.sum().toString();
            case FieldStats.Times t -> t.sum().toString();
            case FieldStats.Floats f -> plain(f.sumAsDouble());
            case FieldStats.Textual t -> "NaN";
        };
    }

    /** The least or greatest text or byte string for people: quoted ("a", b"\x80"), made safe; "none" when nothing was counted. */
    private String quoted(boolean least) {
        return switch (stats) {
            case FieldStats.Strings s when s.count() > 0 -> '"' + TerminalText.of(least ? s.min() : s.max()) + '"';
            case FieldStats.ByteStrings b when b.count() > 0 -> "b\"" + ByteStringText.of(least ? b.min() : b.max()) + '"';
            default -> NONE;
        };
    }

    /** The least or greatest text or byte string as JSON: the string, base64 of the bytes, or null. */
    private Json extremeJson(boolean least) {
        return switch (stats) {
            case FieldStats.Strings s when s.count() > 0 -> Json.string(least ? s.min() : s.max());
            case FieldStats.ByteStrings b when b.count() > 0 -> Json.string(Base64.getEncoder().encodeToString(least ? b.min() : b.max()));
            default -> Json.JNull.NULL;
        };
    }

    private String min() {
        return extreme(true);
    }

    private String max() {
        return extreme(false);
    }

    /**
     * Min or max in the field's own type; "none" when nothing was counted (no record matched, or every value was NaN
     * or NaT), which JSON prints as null: a "NaN" there would read as a value of an integer field.
     */
    private String extreme(boolean least) {
        if (stats.count() == 0) {
            return NONE;
        }
        return switch (stats) {
            case FieldStats.Integers i -> (least ? i.minValue() : i.maxValue()).toString();
            case FieldStats.Times t -> Long.toString(least ? t.min() : t.max());
            case FieldStats.Floats f -> plain(least ? f.min() : f.max());
            case FieldStats.Textual t -> quoted(least);
        };
    }

    /** A time statistic also as ISO 8601, which is what a person wants to see. */
    private String withIso(String value, long ticks) {
        if (stats instanceof FieldStats.Times t && t.count() > 0) {
            return value + "  (" + iso(t, ticks) + ")";
        }
        return value;
    }

    /** The datetime as cat prints it ({@link TimeText}), or the timedelta as ISO 8601. */
    private static String iso(FieldStats.Times t, long ticks) {
        TimeType type = t.type();
        String text = TimeText.of(type, ticks);
        if (type.datetime()) {
            return text;
        }
        return t.duration(ticks).map(Duration::toString).orElse(text);
    }

    private static String unit(TimeType t) {
        return (t.scaleFactor() == 1 ? "" : Long.toString(t.scaleFactor())) + t.unit();
    }

    private String brief(String text) {
        if (stats instanceof FieldStats.Times t && t.type().datetime() && !text.equals(NONE)) {
            return iso(t, new BigDecimal(text).setScale(0, RoundingMode.HALF_EVEN).longValue());
        }
        if (!Character.isDigit(text.charAt(text.length() - 1))) {
            return text;  // NaN, Infinity
        }
        BigDecimal v = new BigDecimal(text);
        if (v.signum() == 0 || v.stripTrailingZeros().scale() <= 0 && v.abs().compareTo(BigDecimal.TEN.pow(15)) < 0) {
            return v.toBigInteger().toString();
        }
        return v.abs().compareTo(BigDecimal.TEN.pow(7)) >= 0 ? String.format(Locale.ROOT, "%.6e", v) : v.round(BRIEF).stripTrailingZeros().toPlainString();
    }

    /** Shortest digits, without an exponent where the number is of everyday size. */
    private static String plain(double v) {
        String shortest = Double.toString(v);
        double magnitude = Math.abs(v);
        return Double.isFinite(v) && magnitude >= 1e-3 && magnitude < 1e16 ? new BigDecimal(shortest).toPlainString() : shortest;
    }

    /** A number's text as JSON: exact digits, "NaN", "Infinity", "-Infinity" as strings, or null for none. */
    private static Json exact(String text) {
        if (text.equals(NONE)) {
            return Json.JNull.NULL;
        }
        return Character.isDigit(text.charAt(text.length() - 1)) ? new Json.JNumber(text) : Json.string(text);
    }

    private static Json number(double v) {
        if (Double.isNaN(v)) {
            return Json.string("NaN");
        }
        if (Double.isInfinite(v)) {
            return Json.string(v > 0 ? "Infinity" : "-Infinity");
        }
        return new Json.JNumber(Double.toString(v));
    }
}
