package dev.stride.bench.spark;

import java.io.PrintStream;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The measurements as JSON lines (bench/spark_report.py reads them), echoed to stderr as the run goes.
 *
 * @param out where the lines go
 * @param master the Spark master every line names
 * @param records the records of a pass, on every line with run times
 */
record JsonLines(PrintStream out, String master, long records) {

    /** One line: what was measured, the extra members, and the run times in seconds when {@code times} is not null. */
    void emit(String phase, String source, String query, String config, Map<String, Object> extra, List<Double> times) {
        StringBuilder b = new StringBuilder("{");
        field(b, "master", master);
        field(b, "phase", phase);
        field(b, "source", source);
        field(b, "query", query);
        field(b, "config", config);
        for (var e : extra.entrySet()) {
            field(b, e.getKey(), e.getValue());
        }
        if (times != null) {
            field(b, "records", records);
            field(b, "times", times);
        }
        b.setLength(b.length() - 1);
        out.println(b.append('}'));
        System.err.println(b);
    }

    private static void field(StringBuilder b, String key, Object value) {
        b.append('"').append(key).append("\":");
        switch (value) {
            case Number n -> b.append(n);
            case List<?> l -> b.append(l.stream().map(v -> v instanceof Double d ? String.format(Locale.ROOT, "%.6f", d)
                    : String.valueOf(v)).collect(Collectors.joining(",", "[", "]")));
            default -> b.append('"').append(String.valueOf(value).replace("\\", "\\\\").replace("\"", "\\\"")).append('"');
        }
        b.append(',');
    }
}
