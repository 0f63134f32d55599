package dev.stride.cli;

import dev.stride.model.CoreType;
import dev.stride.model.FieldAccessor;
import dev.stride.model.Region;

import java.io.PrintWriter;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;

/**
 * Aligned columns for people: the element's index in the array, then one column per leaf field, datetimes readable.
 * Rows are laid out a page at a time so memory stays bounded; a page with wider cells widens the columns from there on.
 */
final class TableWriter implements ElementWriter {
    private static final int PAGE = 256;

    private final List<CellText> cells;
    private final long[] start;
    private final long[] shape;
    private final PrintWriter out;
    private final List<String> headers = new ArrayList<>();
    private final TextTable table;
    private final List<String[]> page = new ArrayList<>();
    private boolean headerWritten;

    TableWriter(Projection projection, Region region, PrintWriter out) {
        List<FieldAccessor> columns = projection.columns();
        this.cells = columns.stream().map(CellText::of).toList();
        this.start = region.start();
        this.shape = region.shape();
        this.out = out;
        boolean[] numeric = new boolean[columns.size() + 1];
        numeric[0] = true;
        headers.add("index");
        for (int c = 0; c < columns.size(); c++) {
            headers.add(TerminalText.of(Projection.header(columns.get(c))));
            numeric[c + 1] = columns.get(c).type() instanceof CoreType t && t.isReal();
        }
        this.table = new TextTable(headers, numeric);
    }

    @Override
    public void write(MemorySegment records, long i, long position) {
        String[] row = new String[cells.size() + 1];
        row[0] = index(position);
        for (int c = 0; c < cells.size(); c++) {
            row[c + 1] = cells.get(c).of(records, i);
        }
        page.add(row);
        if (page.size() == PAGE) {
            writePage();
        }
    }

    @Override
    public void finish() {
        writePage();
    }

    private void writePage() {
        page.forEach(table::fit);
        if (!headerWritten) {
            out.write(table.header(headers) + "\n");
            headerWritten = true;
        }
        for (String[] row : page) {
            out.write(table.line(row) + "\n");
        }
        page.clear();
    }

    /** The element's coordinates in the array ("7", or "2,5" in two dimensions). */
    private String index(long position) {
        long[] coordinates = new long[shape.length];
        for (int d = shape.length - 1; d >= 0; d--) {
            coordinates[d] = start[d] + position % shape[d];
            position /= shape[d];
        }
        StringBuilder s = new StringBuilder();
        for (long c : coordinates) {
            s.append(s.isEmpty() ? "" : ",").append(c);
        }
        return s.toString();
    }
}
