package dev.stride.cli;

import dev.stride.ZarrException;
import dev.stride.array.Zarr;
import dev.stride.metadata.ArrayMetadata;
import dev.stride.metadata.GroupMetadata;
import dev.stride.metadata.NodeMetadata;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;

/**
 * A hierarchy drawn as a tree of groups and arrays with their details. A node below the root that cannot be read is
 * drawn with the reason and the rest of the tree still follows, so one broken array does not hide its siblings.
 */
final class HierarchyTree {
    private final Zarr zarr;
    private final PrintWriter out;
    private final List<ZarrException> failures = new ArrayList<>();

    HierarchyTree(Zarr zarr, PrintWriter out) {
        this.zarr = zarr;
        this.out = out;
    }

    /** Draws the whole tree, the root labelled {@code rootLabel}; returns the failures of the nodes below it. */
    List<ZarrException> draw(String rootLabel) {
        node("/", rootLabel, "", "");
        return failures;
    }

    /** {@code lead} goes before the node's own line, {@code indent} before every line under it. */
    private void node(String path, String label, String lead, String indent) {
        switch (zarr.metadata(path)) {
            case ArrayMetadata a -> {
                List<String> summary = ArraySummary.lines(zarr.array(path));
                out.println(lead + label + "  array");
                summary.forEach(line -> out.println(indent + "    " + line));
            }
            case GroupMetadata g -> {
                List<String> children = zarr.children(path);
                out.println(lead + label + "  group");
                String detailIndent = indent + (children.isEmpty() ? "    " : "│   ");
                new Details().attributes(g.attributes()).lines().forEach(line -> out.println(detailIndent + line));
                for (int i = 0; i < children.size(); i++) {
                    child(path, children.get(i), i == children.size() - 1, indent);
                }
            }
        }
    }

    private void child(String parent, String name, boolean last, String indent) {
        String lead = indent + (last ? "└── " : "├── ");
        try {
            node(NodeMetadata.childPath(parent, name), name, lead, indent + (last ? "    " : "│   "));
        } catch (ZarrException e) {
            failures.add(e);
            out.println(lead + name + "  unreadable: " + e.reason());
        }
    }
}
