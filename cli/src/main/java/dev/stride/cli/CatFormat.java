package dev.stride.cli;

import dev.stride.array.Region;

import java.io.PrintWriter;

/** The output formats of cat. */
enum CatFormat {
    JSONL {
        @Override
        ElementWriter writer(Projection projection, Region region, PrintWriter out) {
            return new JsonLinesWriter(projection, out);
        }
    },
    CSV {
        @Override
        ElementWriter writer(Projection projection, Region region, PrintWriter out) {
            return new CsvWriter(projection, out);
        }
    },
    TABLE {
        @Override
        ElementWriter writer(Projection projection, Region region, PrintWriter out) {
            return new TableWriter(projection, region, out);
        }
    };

    abstract ElementWriter writer(Projection projection, Region region, PrintWriter out);
}
