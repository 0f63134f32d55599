package dev.stride.cli;

import dev.stride.TuningReport;
import dev.stride.TuningReport.Candidate;
import dev.stride.model.Json;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * What tune prints: a ranked table of the measured layouts (size, ratio to the source, speeds in records per second),
 * the reason for the first, and the copy command that applies it; or all of that as one JSON object.
 *
 * @param source the array as the user named it
 * @param copy the words of the copy command before its layout options: stride copy SRC DST
 */
record TuneReport(TuningReport report, String source, List<String> copy) {
    private static final List<String> HEADERS = List.of("rank", "codec", "chunks", "shards", "stored", "smaller",
            "write/s", "first scan/s", "warm scan/s", "all fields/s", "vs fastest");
    /** The column a remote scratch location adds, after the first scan's speed. */
    private static final String REQUESTS = "requests";
    private static final int REQUESTS_AT = HEADERS.indexOf("first scan/s") + 1;
    /** Words a POSIX shell takes as they are; anything else is quoted. */
    private static final Pattern PLAIN = Pattern.compile("[A-Za-z0-9_@%+=:,./-]+");

    /** The table, the recommendation and the command, one line each. */
    List<String> lines() {
        boolean remote = report.ranked().stream().anyMatch(c -> c.firstScanRequests().isPresent());
        List<String> headers = new ArrayList<>(HEADERS);
        if (remote) {
            headers.add(REQUESTS_AT, REQUESTS);
        }
        List<String[]> rows = new ArrayList<>();
        int rank = 1;
        for (Candidate c : report.ranked()) {
            List<String> row = new ArrayList<>(List.of(Integer.toString(rank++), c.layout().compression().toString(),
                    Long.toString(c.layout().chunk()), c.layout().shard() > 0 ? Long.toString(c.layout().shard()) : "-",
                    ByteText.of(c.storedBytes()), format("%.2fx", c.sizeRatio(report.sourceSampleBytes())), speed(c.writeSeconds()),
                    speed(c.firstScanSeconds()), speed(c.warmScanSeconds()), speed(c.allFieldsSeconds()), format("%.2fx", c.speedShare())));
            if (remote) {
                row.add(REQUESTS_AT, c.firstScanRequests().isPresent() ? Long.toString(c.firstScanRequests().getAsLong()) : "-");
            }
            rows.add(row.toArray(String[]::new));
        }
        // every column holds a number but the codec's
        boolean[] rightAligned = new boolean[headers.size()];
        Arrays.fill(rightAligned, true);
        rightAligned[headers.indexOf("codec")] = false;
        List<String> lines = new ArrayList<>();
        lines.add(format("%s: %d records sampled of %d, in %d whole chunk%s taking %s in the source; scanned: %s",
                source, report.sampleRecords(), report.arrayRecords(), report.sampleUnits(), report.sampleUnits() == 1 ? "" : "s",
                ByteText.of(report.sourceSampleBytes()), report.fields().isEmpty() ? "every field" : String.join(",", report.fields())));
        lines.add("");
        lines.addAll(TextTable.lines(headers, rightAligned, rows));
        lines.add("");
        lines.add(format("%d layouts measured in %.1f s%s (speeds in records per second on this machine)", report.ranked().size(),
                report.seconds(), report.unmeasured() > 0 ? ", " + report.unmeasured() + " left unmeasured within the budget" : ""));
        lines.add("recommended: " + report.recommended().layout().describe() + ": " + report.reason());
        lines.add("apply it with: " + command());
        return lines;
    }

    /** The copy command that writes the recommended layout, quoted for a POSIX shell. */
    String command() {
        return String.join(" ", commandWords().stream().map(TuneReport::quoted).toList());
    }

    /** The same command as words, for running it. */
    List<String> commandWords() {
        List<String> words = new ArrayList<>(copy);
        words.addAll(report.recommended().layout().copyOptions());
        return words;
    }

    Json.JObject json() {
        Map<String, Json> members = new LinkedHashMap<>();
        members.put("array", Json.string(report.array()));
        members.put("fields", new Json.JArray(report.fields().stream().map(f -> (Json) Json.string(f)).toList()));
        members.put("array_records", Json.number(report.arrayRecords()));
        members.put("sample_records", Json.number(report.sampleRecords()));
        members.put("sample_chunks", Json.number(report.sampleUnits()));
        members.put("source_sample_bytes", Json.number(report.sourceSampleBytes()));
        members.put("seconds", number(report.seconds()));
        members.put("unmeasured", Json.number(report.unmeasured()));
        members.put("reason", Json.string(report.reason()));
        members.put("copy", new Json.JArray(commandWords().stream().map(w -> (Json) Json.string(w)).toList()));
        List<Json> candidates = new ArrayList<>();
        for (Candidate c : report.ranked()) {
            candidates.add(candidate(c));
        }
        members.put("candidates", new Json.JArray(candidates));
        return new Json.JObject(members);
    }

    private Json candidate(Candidate c) {
        Map<String, Json> m = new LinkedHashMap<>();
        m.put("codec", Json.string(c.layout().compression().toString()));
        m.put("chunks", Json.number(c.layout().chunk()));
        m.put("shards", c.layout().shard() > 0 ? Json.number(c.layout().shard()) : Json.JNull.NULL);
        m.put("copy_options", new Json.JArray(c.layout().copyOptions().stream().map(w -> (Json) Json.string(w)).toList()));
        m.put("stored_bytes", Json.number(c.storedBytes()));
        m.put("size_ratio", number(c.sizeRatio(report.sourceSampleBytes())));
        m.put("write_seconds", number(c.writeSeconds()));
        m.put("first_scan_seconds", number(c.firstScanSeconds()));
        m.put("warm_scan_seconds", number(c.warmScanSeconds()));
        m.put("all_fields_seconds", number(c.allFieldsSeconds()));
        m.put("first_scan_requests", c.firstScanRequests().isPresent() ? Json.number(c.firstScanRequests().getAsLong()) : Json.JNull.NULL);
        m.put("speed_share", number(c.speedShare()));
        return new Json.JObject(m);
    }

    /** Records per second of the sample in {@code seconds}: "41.2M". */
    private String speed(double seconds) {
        double perSecond = report.sampleRecords() / Math.max(seconds, 1e-9);
        return perSecond >= 1e6 ? format("%.1fM", perSecond / 1e6) : perSecond >= 1e3 ? format("%.1fk", perSecond / 1e3) : format("%.0f", perSecond);
    }

    private static Json number(double v) {
        return new Json.JNumber(new BigDecimal(v).round(new MathContext(6)).stripTrailingZeros().toPlainString());
    }

    static String quoted(String word) {
        return PLAIN.matcher(word).matches() ? word : "'" + word.replace("'", "'\\''") + "'";
    }

    private static String format(String pattern, Object... values) {
        return String.format(Locale.ROOT, pattern, values);
    }
}
