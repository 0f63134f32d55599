package dev.stride.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** What copy wrote: a row per array (records, chunking, stored bytes before and after), then groups, totals and speed. */
final class CopyReport {
    private static final List<String> HEADERS = List.of("array", "records", "chunks", "before", "after", "after/before");
    private static final boolean[] RIGHT_ALIGNED = {false, true, false, true, true, true};

    private record Row(String path, long records, long recordBytes, String chunks, long before, long after) {
    }

    private final List<Row> rows = new ArrayList<>();
    private int groups;
    private int skipped;
    private final List<String> consolidated = new ArrayList<>();

    void group() {
        groups++;
    }

    /** A node of the source left out because it could not be read (--skip-unreadable). */
    void skipped() {
        skipped++;
    }

    /** A group given consolidated metadata, as its source had. */
    void consolidated(String group) {
        consolidated.add(group);
    }

    /** An array copied: {@code shards} is null when unsharded; before and after are bytes on disk, -1 when unknown (not local). */
    void array(String path, long records, long recordSize, long[] chunks, long[] shards, long before, long after) {
        String chunking = TargetLayout.text(chunks) + (shards == null ? "" : " in shards of " + TargetLayout.text(shards));
        rows.add(new Row(path, records, records * recordSize, chunking, before, after));
    }

    List<String> lines(String codecs, double seconds) {
        List<String[]> cells = new ArrayList<>();
        long records = 0;
        long recordBytes = 0;
        long before = 0;
        long after = 0;
        for (Row r : rows) {
            cells.add(new String[] {r.path, String.format(Locale.ROOT, "%,d", r.records), r.chunks,
                    bytes(r.before), bytes(r.after), ratio(r.after, r.before)});
            records += r.records;
            recordBytes += r.recordBytes;
            before = r.before < 0 || before < 0 ? -1 : before + r.before;
            after = r.after < 0 || after < 0 ? -1 : after + r.after;
        }
        List<String> out = new ArrayList<>(TextTable.lines(HEADERS, RIGHT_ALIGNED, cells));
        out.add("");
        double perSecond = 1 / Math.max(seconds, 1e-9);
        Details details = new Details()
                .add("arrays", rows.size() + (groups == 0 ? "" : ", in " + groups + (groups == 1 ? " group" : " groups") + " with their attributes"))
                .add("codecs", codecs);
        if (skipped > 0) {
            details.add("left out", skipped + (skipped == 1 ? " unreadable node" : " unreadable nodes") + " (named in the warnings)");
        }
        if (!consolidated.isEmpty()) {
            details.add("consolidated", "metadata in " + String.join(", ", consolidated));
        }
        out.addAll(details
                .add("stored", stored(before, after))
                .add("time", String.format(Locale.ROOT, "%.3f s", seconds))
                .add("speed", String.format(Locale.ROOT, "%,.0f records/s, %s/s of records", records * perSecond, ByteText.of(recordBytes * perSecond)))
                .lines());
        return out;
    }

    /** The bytes stored before and after, saying which a remote store left uncounted rather than printing "?". */
    private static String stored(long before, long after) {
        if (before < 0 && after < 0) {
            return "not counted (remote stores)";
        }
        if (before < 0 || after < 0) {
            return bytes(Math.max(before, after)) + (before < 0 ? " after" : " before") + "; "
                    + (before < 0 ? "before" : "after") + " not counted (remote store)";
        }
        return bytes(before) + " before, " + bytes(after) + " after (" + ratio(after, before) + ")";
    }

    private static String ratio(long after, long before) {
        return before <= 0 || after < 0 ? "-" : String.format(Locale.ROOT, "%.1f%%", 100.0 * after / before);
    }

    /** Bytes on disk, or "remote" for a store whose sizes are not counted. */
    private static String bytes(long n) {
        return n < 0 ? "remote" : ByteText.of(n);
    }
}
