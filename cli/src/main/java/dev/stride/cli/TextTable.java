package dev.stride.cli;

import java.util.ArrayList;
import java.util.List;

/** Rows of cells padded to common column widths: numbers right-aligned, words left-aligned, two spaces apart. */
final class TextTable {
    private final boolean[] rightAligned;
    private final int[] widths;

    TextTable(List<String> headers, boolean[] rightAligned) {
        this.rightAligned = rightAligned.clone();
        this.widths = new int[headers.size()];
        fit(headers.toArray(String[]::new));
    }

    /** A whole table laid out at once: the header line, then a line per row. */
    static List<String> lines(List<String> headers, boolean[] rightAligned, List<String[]> rows) {
        TextTable table = new TextTable(headers, rightAligned);
        rows.forEach(table::fit);
        List<String> lines = new ArrayList<>();
        lines.add(table.header(headers));
        rows.forEach(row -> lines.add(table.line(row)));
        return lines;
    }

    /** Widens the columns to hold a row; columns never narrow, so rows laid out earlier stay aligned above. */
    void fit(String[] row) {
        for (int c = 0; c < row.length; c++) {
            widths[c] = Math.max(widths[c], columns(row[c]));
        }
    }

    String line(String[] row) {
        StringBuilder s = new StringBuilder();
        for (int c = 0; c < row.length; c++) {
            String pad = " ".repeat(Math.max(0, widths[c] - columns(row[c])));
            s.append(c == 0 ? "" : "  ").append(rightAligned[c] ? pad + row[c] : row[c] + pad);
        }
        return s.toString().stripTrailing();
    }

    String header(List<String> headers) {
        return line(headers.toArray(String[]::new));
    }

    /**
     * How many terminal columns {@code text} takes: combining marks and format characters none, the East Asian wide
     * and fullwidth blocks (CJK, Hangul, fullwidth forms, emoji) two, everything else one, as terminals draw them.
     */
    static int columns(String text) {
        return text.codePoints().map(TextTable::columns).sum();
    }

    private static int columns(int c) {
        int type = Character.getType(c);
        if (type == Character.NON_SPACING_MARK || type == Character.ENCLOSING_MARK || type == Character.FORMAT) {
            return 0;
        }
        boolean wide = (c >= 0x1100 && c <= 0x115f) || (c >= 0x2e80 && c <= 0xa4cf && c != 0x303f)
                || (c >= 0xac00 && c <= 0xd7a3) || (c >= 0xf900 && c <= 0xfaff) || (c >= 0xfe30 && c <= 0xfe4f)
                || (c >= 0xff00 && c <= 0xff60) || (c >= 0xffe0 && c <= 0xffe6) || (c >= 0x1f300 && c <= 0x1f64f)
                || (c >= 0x1f680 && c <= 0x1f6ff) || (c >= 0x1f900 && c <= 0x1f9ff) || (c >= 0x20000 && c <= 0x3fffd);
        return wide ? 2 : 1;
    }
}
