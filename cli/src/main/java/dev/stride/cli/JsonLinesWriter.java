package dev.stride.cli;

import dev.stride.json.JsonCodec;

import java.io.PrintWriter;
import java.lang.foreign.MemorySegment;

/** One line per element in the Zarr v3 fill_value JSON encoding: the contract other programs read. */
final class JsonLinesWriter implements ElementWriter {
    private final Projection projection;
    private final PrintWriter out;

    JsonLinesWriter(Projection projection, PrintWriter out) {
        this.projection = projection;
        this.out = out;
    }

    @Override
    public void write(MemorySegment records, long i, long position) {
        out.write(JsonCodec.print(projection.toJson(records, i)));
        out.write('\n');
    }
}
