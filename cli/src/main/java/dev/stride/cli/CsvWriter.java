package dev.stride.cli;

import dev.stride.model.FieldAccessor;

import java.io.PrintWriter;
import java.lang.foreign.MemorySegment;
import java.util.List;

/** RFC 4180 CSV: a header of field paths (control characters escaped, see {@link TerminalText}), then one row per element with a column per leaf field. */
final class CsvWriter implements ElementWriter {
    private final List<CellText> cells;
    private final PrintWriter out;

    CsvWriter(Projection projection, PrintWriter out) {
        List<FieldAccessor> columns = projection.columns();
        this.cells = columns.stream().map(CellText::of).toList();
        this.out = out;
        StringBuilder header = new StringBuilder();
        for (FieldAccessor f : columns) {
            header.append(header.isEmpty() ? "" : ",").append(quoted(TerminalText.of(Projection.header(f))));
        }
        out.write(header.append('\n').toString());
    }

    @Override
    public void write(MemorySegment records, long i, long position) {
        StringBuilder row = new StringBuilder();
        for (int c = 0; c < cells.size(); c++) {
            row.append(c == 0 ? "" : ",").append(quoted(cells.get(c).of(records, i)));
        }
        out.write(row.append('\n').toString());
    }

    private static String quoted(String cell) {
        if (cell.indexOf(',') < 0 && cell.indexOf('"') < 0 && cell.indexOf('\n') < 0 && cell.indexOf('\r') < 0) {
            return cell;
        }
        return '"' + cell.replace("\"", "\"\"") + '"';
    }
}
