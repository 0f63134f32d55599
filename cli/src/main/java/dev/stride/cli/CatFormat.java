package dev.stride.cli;

import dev.stride.model.Region;

import java.io.PrintWriter;

/** The output formats of cat. */
enum CatFormat {
    JSONL((projection, region, out) -> new JsonLinesWriter(projection, out)),
    CSV((projection, region, out) -> new CsvWriter(projection, out)),
    TABLE(TableWriter::new);

    private interface Factory {
        ElementWriter open(Projection projection, Region region, PrintWriter out);
    }

    private final Factory factory;

    CatFormat(Factory factory) {
        this.factory = factory;
    }

    ElementWriter writer(Projection projection, Region region, PrintWriter out) {
        return factory.open(projection, region, out);
    }
}
