package dev.stride.cli;

import dev.stride.array.FieldStats;
import dev.stride.dtype.DataType;
import dev.stride.dtype.TimeType;
import dev.stride.json.Json;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** What a scan found and how fast: lines for people, or one JSON object for programs. */
record ScanReport(FieldStats stats, DataType type, double seconds) {
    /** Headers of {@link #cells()}. */
    static final List<String> HEADERS = List.of("field", "count", "sum", "min", "max", "mean", "records/s");
    private static final MathContext BRIEF = new MathContext(7);

    double recordsPerSecond() {
        return stats.count() / Math.max(seconds, 1e-9);
    }

    /** {"field", "count", "sum", "min", "max", "mean", "seconds", "records_per_second"}; non-finite numbers as "NaN" etc. */
    Json json() {
        Map<String, Json> members = new LinkedHashMap<>();
        members.put("field", Json.string(stats.field()));
        members.put("count", Json.number(stats.count()));
        members.put("sum", number(stats.sum()));
        members.put("min", number(stats.min()));
        members.put("max", number(stats.max()));
        members.put("mean", number(stats.mean()));
        members.put("seconds", number(seconds));
        members.put("records_per_second", number(recordsPerSecond()));
        return new Json.JObject(members);
    }

    List<String> text() {
        return new Details()
                .add("field", stats.field().isEmpty() ? "(the array's values)" : TerminalText.of(stats.field()))
                .add("count", Long.toString(stats.count()))
                .add("sum", plain(stats.sum()))
                .add("min", value(stats.min()))
                .add("max", value(stats.max()))
                .add("mean", value(stats.mean()))
                .add("time", String.format(Locale.ROOT, "%.3f s", seconds))
                .add("speed", String.format(Locale.ROOT, "%,.0f records/s", recordsPerSecond()))
                .lines();
    }

    /**
     * field, count, sum, min, max, mean and records/s as cells of a table for people: whole numbers exactly, others
     * to seven significant digits, datetimes as dates only (and no sum of them).
     */
    String[] cells() {
        boolean time = type instanceof TimeType t && t.datetime();
        return new String[] {TerminalText.of(stats.field()), String.format(Locale.ROOT, "%,d", stats.count()), time ? "" : brief(stats.sum()),
                brief(stats.min()), brief(stats.max()), brief(stats.mean()), String.format(Locale.ROOT, "%,.0f", recordsPerSecond())};
    }

    private String brief(double v) {
        if (!Double.isFinite(v)) {
            return plain(v);
        }
        if (type instanceof TimeType t && t.datetime()) {
            return TimeText.of(t, Math.round(v));
        }
        if (v == Math.rint(v) && Math.abs(v) < 1e15) {
            return Long.toString((long) v);
        }
        return Math.abs(v) >= 1e7 ? String.format(Locale.ROOT, "%.6e", v) : new BigDecimal(v).round(BRIEF).stripTrailingZeros().toPlainString();
    }

    /** A datetime field's statistic also as a date, which is what a person wants to see. */
    private String value(double v) {
        if (type instanceof TimeType t && t.datetime() && Double.isFinite(v)) {
            return plain(v) + "  (" + TimeText.of(t, Math.round(v)) + ")";
        }
        return plain(v);
    }

    /** Shortest digits, without an exponent where the number is of everyday size. */
    private static String plain(double v) {
        String shortest = Double.toString(v);
        double magnitude = Math.abs(v);
        return Double.isFinite(v) && magnitude >= 1e-3 && magnitude < 1e16 ? new BigDecimal(shortest).toPlainString() : shortest;
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
