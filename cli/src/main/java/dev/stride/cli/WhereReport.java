package dev.stride.cli;

import dev.stride.internal.json.JsonCodec;
import dev.stride.model.FilteredScan;
import dev.stride.model.Json;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;

/**
 * What a scan with {@code --where} adds to its report: the records that matched and the chunks read and skipped, as
 * lines for people or as members of each field's JSON object ({@code matched_records}, {@code chunks_read},
 * {@code chunks_skipped}).
 */
final class WhereReport {
    private WhereReport() {
    }

    /** A field's JSON report with the filter's members added; the report as it is without a filter. */
    static Json with(Json report, FilteredScan found) {
        if (found == null) {
            return report;
        }
        Map<String, Json> members = new LinkedHashMap<>(((Json.JObject) report).members());
        members.putAll(members(found));
        return new Json.JObject(members);
    }

    private static Map<String, Json> members(FilteredScan found) {
        Map<String, Json> m = new LinkedHashMap<>();
        m.put("matched_records", Json.number(found.records()));
        m.put("chunks_read", Json.number(found.chunksRead()));
        m.put("chunks_skipped", Json.number(found.chunksSkipped()));
        return m;
    }

    /**
     * The filter's summary: one JSON object when there is no field report to carry it ({@code json}), else labelled
     * lines, after a blank line when field reports precede them.
     */
    static List<String> lines(FilteredScan found, long records, double seconds, boolean json, boolean alone) {
        if (json) {
            Map<String, Json> m = new LinkedHashMap<>();
            m.put("records", Json.number(records));
            m.putAll(members(found));
            m.put("seconds", new Json.JNumber(Double.toString(seconds)));
            return List.of(JsonCodec.print(new Json.JObject(m)));
        }
        Details details = new Details()
                .add("matched", String.format(Locale.ROOT, "%,d of %,d records", found.records(), records))
                .add("chunks", String.format(Locale.ROOT, "%,d read, %,d skipped", found.chunksRead(), found.chunksSkipped()));
        if (!alone) {
            return Stream.concat(Stream.of(""), details.lines().stream()).toList();
        }
        return details.add("time", String.format(Locale.ROOT, "%.3f s", seconds)).lines();
    }
}
