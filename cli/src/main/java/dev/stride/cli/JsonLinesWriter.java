package dev.stride.cli;

import dev.stride.internal.json.JsonCodec;

import java.io.PrintWriter;
import java.lang.foreign.MemorySegment;

/** One line per element in the Zarr v3 fill_value JSON encoding: the contract other programs read. */
final class JsonLinesWriter implements ElementWriter {
    private final Projection projection;
    private final JsonCodec.LineWriter lines;

    JsonLinesWriter(Projection projection, PrintWriter out) {
        this.projection = projection;
        this.lines = JsonCodec.lines(out);
    }

    @Override
    public void write(MemorySegment records, long i, long position) {
        lines.write(projection.toJson(records, i));
    }

    @Override
    public void finish() {
        lines.flush();
    }
}
