package dev.stride.cli;

import dev.stride.Zarr;
import dev.stride.internal.json.JsonCodec;
import dev.stride.model.ZarrException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.util.List;

@Command(name = "info",
        description = {"Shows a hierarchy as a tree of groups and arrays.",
                "",
                "For each node its attributes; for an array its shape, chunk and shard",
                "shape, data type, fill value, codecs and dimension names, and for",
                "records (struct) each field's path, type, byte offset and size."})
final class InfoCommand extends NodeCommand {

    @Option(names = "--json", description = "Print the hierarchy as one JSON document, for scripts.")
    boolean json;

    @Override
    public Integer call() {
        if (json) {
            return printJson();
        }
        try (Zarr zarr = openHierarchy()) {
            List<ZarrException> failures = new HierarchyTree(zarr, out()).draw(location);
            if (!failures.isEmpty()) {
                // the tree shows every unreadable node; the exit code and stderr tell scripts about the first
                throw failures.getFirst();
            }
        }
        return 0;
    }

    /** The same nodes and failures as the tree, as one JSON document on one line. */
    private Integer printJson() {
        try (Zarr zarr = openHierarchy()) {
            InfoJson info = new InfoJson(zarr);
            out().println(JsonCodec.print(info.hierarchy()));
            if (!info.failures().isEmpty()) {
                throw info.failures().getFirst();
            }
        }
        return 0;
    }
}
