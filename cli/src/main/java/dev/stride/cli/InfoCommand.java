package dev.stride.cli;

import dev.stride.ZarrException;
import dev.stride.array.Zarr;
import picocli.CommandLine.Command;

import java.util.List;

@Command(name = "info",
        description = {"Shows a hierarchy as a tree of groups and arrays.",
                "",
                "For each node its attributes; for an array its shape, chunk and shard",
                "shape, data type, fill value, codecs and dimension names, and for",
                "records (struct) each field's path, type, byte offset and size."})
final class InfoCommand extends NodeCommand {

    @Override
    public Integer call() {
        try (Zarr zarr = openHierarchy()) {
            List<ZarrException> failures = new HierarchyTree(zarr, out()).draw(path.toString());
            if (!failures.isEmpty()) {
                // the tree shows every unreadable node; the exit code and stderr tell scripts about the first
                throw failures.getFirst();
            }
        }
        return 0;
    }
}
