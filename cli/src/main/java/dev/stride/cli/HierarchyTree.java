package dev.stride.cli;

import dev.stride.Zarr;
import dev.stride.model.ArrayMetadata;
import dev.stride.model.GroupMetadata;
import dev.stride.model.NodeMetadata;
import dev.stride.model.ZarrException;

import java.io.PrintWriter;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

/**
 * A hierarchy drawn as a tree of groups and arrays with their details. A node below the root that cannot be read is
 * drawn with the reason and the rest of the tree still follows, so one broken array does not hide its siblings. The
 * walk keeps the nodes still to draw on a stack of its own, not the thread's: a hierarchy thousands of groups deep
 * is drawn like any other.
 */
final class HierarchyTree {
    private final Zarr zarr;
    private final PrintWriter out;
    private final List<ZarrException> failures = new ArrayList<>();
    private final Deque<Pending> pending = new ArrayDeque<>();

    /** A node still to draw: {@code lead} goes before its own line, {@code indent} before every line under it. */
    private record Pending(String path, String label, String lead, String indent) {
    }

    HierarchyTree(Zarr zarr, PrintWriter out) {
        this.zarr = zarr;
        this.out = out;
    }

    /** Draws the whole tree, the root labelled {@code rootLabel}; returns the failures of the nodes below it. */
    List<ZarrException> draw(String rootLabel) {
        // the root's failure is the command's, so it is not caught
        node(new Pending("/", TerminalText.of(rootLabel), "", ""));
        while (!pending.isEmpty()) {
            Pending child = pending.pop();
            try {
                node(child);
            } catch (ZarrException e) {
                failures.add(e);
                out.println(child.lead() + child.label() + "  unreadable: " + TerminalText.of(e.reason()));
            }
        }
        return failures;
    }

    /** Draws one node's lines and puts its children on top of the stack, first child on top, so they come next. */
    private void node(Pending node) {
        switch (zarr.metadata(node.path())) {
            case ArrayMetadata a -> {
                List<String> summary = ArraySummary.lines(zarr.array(node.path()));
                out.println(node.lead() + node.label() + "  array" + format(a));
                summary.forEach(line -> out.println(node.indent() + "    " + line));
            }
            case GroupMetadata g -> {
                List<String> children = zarr.children(node.path());
                out.println(node.lead() + node.label() + "  group" + format(g));
                String detailIndent = node.indent() + (children.isEmpty() ? "    " : "│   ");
                new Details().attributes(g.attributes()).lines().forEach(line -> out.println(detailIndent + line));
                for (int i = children.size() - 1; i >= 0; i--) {
                    boolean last = i == children.size() - 1;
                    String name = children.get(i);
                    pending.push(new Pending(NodeMetadata.childPath(node.path(), name), TerminalText.of(name),
                            node.indent() + (last ? "└── " : "├── "), node.indent() + (last ? "    " : "│   ")));
                }
            }
        }
    }

    /** Says which nodes are Zarr v2, the older format a user may be about to migrate; v3 goes without saying. */
    private static String format(NodeMetadata metadata) {
        return metadata.zarrFormat() == 2 ? " (Zarr v2)" : "";
    }
}
