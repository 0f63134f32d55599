package dev.stride.cli;

import dev.stride.ZarrArray;
import dev.stride.model.Region;
import picocli.CommandLine.Option;

import java.util.List;

/** The fields and the box of an array that cat and export write out: their options, shared as a picocli mixin. */
final class TableChoice {
    @Option(names = "--fields", split = ",", paramLabel = "FIELD",
            description = "Only these fields, by dotted path (point.x), a nested struct's path (point), or one element of a field"
                    + " with a shape (pos[1], m[1][0]).")
    List<String> fields = List.of();

    @Option(names = "--region", paramLabel = "REGION",
            description = "A box per dimension, Python style: 0:10,5: (start:stop, an index, negative counts from the end).")
    String region;

    /** The box asked for, or the whole array. */
    Region box(ZarrArray array) {
        return region == null ? Region.all(array.shape()) : Region.parse(region, array.shape());
    }
}
