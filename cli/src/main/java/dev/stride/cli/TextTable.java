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
            widths[c] = Math.max(widths[c], row[c].codePointCount(0, row[c].length()));
        }
    }

    String line(String[] row) {
        StringBuilder s = new StringBuilder();
        for (int c = 0; c < row.length; c++) {
            String pad = " ".repeat(Math.max(0, widths[c] - row[c].codePointCount(0, row[c].length())));
            s.append(c == 0 ? "" : "  ").append(rightAligned[c] ? pad + row[c] : row[c] + pad);
        }
        return s.toString().stripTrailing();
    }

    String header(List<String> headers) {
        return line(headers.toArray(String[]::new));
    }
}
