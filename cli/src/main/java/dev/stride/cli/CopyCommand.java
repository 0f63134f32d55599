package dev.stride.cli;

import dev.stride.ArrayWriter;
import dev.stride.Zarr;
import dev.stride.ZarrArray;
import dev.stride.ZarrWriter;
import dev.stride.internal.claim.WriteClaim;
import dev.stride.model.ArrayMetadata;
import dev.stride.model.ArraySpec;
import dev.stride.model.ChunkEncoding;
import dev.stride.model.GroupMetadata;
import dev.stride.model.Json;
import dev.stride.model.NodeMetadata;
import dev.stride.model.Region;
import dev.stride.model.ZarrException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.lang.foreign.MemorySegment;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

@Command(name = "copy",
        description = {"Copies a hierarchy or an array, re-chunked and re-encoded.",
                "",
                "Copies the node at PATH into the new hierarchy DST: a hierarchy",
                "(every group with its attributes, every array) or one array.",
                "Arrays keep their data type, shape, fill value, dimension names and",
                "attributes. A Zarr v2 source is written as Zarr v3: its compressor,",
                "filters and order become the chosen codecs in C order, xarray's",
                "_ARRAY_DIMENSIONS its dimension names. A group with consolidated",
                "metadata (v2 .zmetadata or v3) gets it in the copy, written last.",
                "By default each array is stored in chunks of the shape its",
                "source is read in (the inner chunks of a sharded source), unsharded,",
                "uncompressed and little-endian. Chunks holding only the fill value",
                "are left out. Each array gets chunk statistics (stride.statistics.json",
                "beside its zarr.json, see index), computed as its chunks are written.",
                "Each thread copies a slab of whole destination chunks",
                "or shards at a time, so memory does not grow with the array.",
                "Prints each array's records and bytes on disk before and after, and",
                "the time taken.",
                "",
                "A local copy is made in a hidden directory beside DST and renamed",
                "onto DST once everything in it is on disk: a copy that fails or is",
                "killed leaves no DST, and the next copy to DST removes what it left.",
                "An object store (s3://) has no rename: each array's zarr.json is",
                "written after its chunks, so no half-copied array is readable, and a",
                "copy that fails deletes what it wrote. The copy claims DST first with",
                "an object .stride-copy-claim (a conditional write) that it deletes",
                "at the end, so a second copy to DST is refused instead of mixing in."})
final class CopyCommand extends NodeCommand {
    @Parameters(index = "1", paramLabel = "DST",
            description = "Where the copy goes: a directory (a path or file:///dir) or a store URI (s3://bucket/prefix);"
                    + " it must not exist yet, or be empty.")
    String destination;
    /** The directory DST names, or null for a store of another scheme. */
    private Path destinationPath;

    @Mixin
    LayoutChoice layoutChoice;

    @Option(names = "--skip-unreadable", description = "Copy the rest of the hierarchy when a node below PATH cannot be"
            + " read (a v2 object array of Python strings, an unknown codec or data type): each one left out is named in a"
            + " warning and counted in the summary. Without this option such a node fails the copy, which then writes"
            + " nothing.")
    boolean skipUnreadable;

    @Option(names = "--no-statistics", description = "Write no chunk statistics (and no link to them in the arrays'"
            + " attributes); scan and cat --where then read every chunk until stride index computes them.")
    boolean noStatistics;

    @Option(names = "--threads", paramLabel = "N", description = "Copying threads (default: one per processor, here ${DEFAULT-VALUE}).")
    int threads = Runtime.getRuntime().availableProcessors();

    /** One array on its way: where it is read, where it is written, and its slabs. */
    private record ArrayCopy(ZarrArray source, ArrayWriter target, Slabs slabs) {
    }

    /** This copy's hold on a destination in an object store; null for a local one, which is staged. */
    private WriteClaim claim;

    /** The groups whose source had consolidated metadata (v2 .zmetadata, v3 consolidated_metadata): the copy's have it too. */
    private final List<String> consolidated = new ArrayList<>();

    @Override
    public Integer call() {
        TargetLayout layout = checkUsage();
        long started = System.nanoTime();
        try (Zarr source = openHierarchy()) {
            Map<String, Json.JObject> groups = new LinkedHashMap<>();
            Map<ZarrArray, ArraySpec> arrays = new LinkedHashMap<>();
            CopyReport report = new CopyReport();
            plan(source, layout, groups, arrays, report);
            List<ArrayCopy> copies = new ArrayList<>();
            if (destinationPath != null) {
                try (Staging staging = atDestination(() -> Staging.beside(destinationPath))) {
                    copyTo(() -> ZarrWriter.open(staging.directory()).statistics(!noStatistics), groups, arrays, copies, report);
                    atDestination(staging::publish);
                }
            } else {
                copyTo(() -> claimedVacant(ZarrWriter.open(store(destination)).statistics(!noStatistics)), groups, arrays, copies, report);
            }
            double seconds = (System.nanoTime() - started) / 1e9;
            copies.forEach(c -> report(c, report));
            report.lines(layout.codecText(), seconds).forEach(line -> out().write(line + "\n"));
        }
        return 0;
    }

    /** Copies into the hierarchy {@code open} gives; a failed copy deletes what it wrote ({@link #deleteAfter}). */
    private void copyTo(Supplier<ZarrWriter> open, Map<String, Json.JObject> groups, Map<ZarrArray, ArraySpec> arrays,
            List<ArrayCopy> copies, CopyReport report) {
        try (ZarrWriter target = atDestination(open)) {
            try {
                copyInto(target, groups, arrays, copies, report);
            } catch (RuntimeException e) {
                deleteAfter(e, target, copies);
                throw e;
            }
            if (claim != null) {
                try {
                    claim.release();
                } catch (ZarrException e) {
                    err().println(spec.qualifiedName() + ": warning: " + destination + " is copied whole, but its claim "
                            + WriteClaim.Writer.COPY.key() + " could not be deleted (" + oneLine(e.getMessage()) + "); delete it"
                            + " before copying there again");
                }
            }
        }
    }

    /**
     * Deletes what a failed copy wrote: the whole hierarchy, arrays it had published already too, as everything at a
     * staging directory or a claimed destination is this copy's (it was empty). Nothing when another copy took the
     * claim over (a server that ignores conditional writes), as both wrote the same keys: the arrays are only left.
     */
    private void deleteAfter(RuntimeException failure, ZarrWriter target, List<ArrayCopy> copies) {
        if (claim == null || claim.stillMine()) {
            // each array aborted on its own first, so that one failing delete still leaves the others tried
            copies.forEach(c -> cleanUp(failure, c.target()::abort));
            cleanUp(failure, () -> target.delete("/"));
            if (claim != null) {
                cleanUp(failure, claim::release);
            }
            return;
        }
        copies.forEach(c -> c.target().abandon());
        // the failure is the loss itself when confirming the claim found it; else it is news
        if (!(failure instanceof ZarrException z && claim.lostReason().equals(z.reason()))) {
            err().println(spec.qualifiedName() + ": warning: " + destination + " " + claim.lostReason());
        }
    }

    /** One step of cleaning up after {@code failure}: its own failure is suppressed there, and the next step runs. */
    private static void cleanUp(RuntimeException failure, Runnable step) {
        try {
            step.run();
        } catch (RuntimeException left) {
            failure.addSuppressed(left);
        }
    }

    /**
     * A writer of a store that holds nothing yet, claimed for this copy: a copy never mixes into existing keys, nor
     * two copies into one another.
     */
    private ZarrWriter claimedVacant(ZarrWriter target) {
        try {
            claim = WriteClaim.take(target.store(), WriteClaim.Writer.COPY, destination, w -> err().println(spec.qualifiedName() + ": warning: " + w));
            if (!target.store().list("").equals(List.of(WriteClaim.Writer.COPY.key()))) {
                claim.release();
                throw usageError(destination + " already holds keys; copy writes a new hierarchy");
            }
            return target;
        } catch (RuntimeException e) {
            target.close();
            throw e;
        }
    }

    /**
     * Creates the groups and arrays in the staging hierarchy and copies every array's records into it; each array is
     * published there as its writer closes, all of them renamed onto DST together afterwards.
     */
    private void copyInto(ZarrWriter target, Map<String, Json.JObject> groups, Map<ZarrArray, ArraySpec> arrays,
            List<ArrayCopy> copies, CopyReport report) {
        groups.forEach((node, attributes) -> {
            atDestination(() -> target.createGroup(node, attributes));
            report.group();
        });
        arrays.forEach((array, spec) -> {
            ArrayWriter writer = atDestination(() -> target.createArray(array.path(), spec));
            copies.add(new ArrayCopy(array, writer, new Slabs(array.shape(), writer.metadata().chunkShape(),
                    array.readUnitShape(), array.layout().recordSize(), threads)));
        });
        copyAll(copies);
        if (claim != null) {
            atDestination(claim::confirm);
        }
        copies.forEach(c -> atDestination(c.target()::commit));
        // last, once every array is published: consolidated metadata never names an array that is not there
        for (String group : consolidated) {
            atDestination(() -> target.consolidate(group));
            report.consolidated(group);
        }
    }

    private void report(ArrayCopy c, CopyReport report) {
        ArrayMetadata written = c.target().metadata();
        ChunkEncoding encoding = c.target().chunkEncoding();
        report.array(c.source().path().equals("/") ? (path == null ? location : path.toString()) : c.source().path(), written.size(), c.source().layout().recordSize(),
                encoding.sharded() ? encoding.innerChunkShape() : written.chunkShape(), encoding.sharded() ? written.chunkShape() : null,
                storedBytes(path, c.source().path()), storedBytes(destinationPath, c.source().path()));
    }

    /** Refuses the options and DST where they cannot work; the layout the options give. */
    private TargetLayout checkUsage() {
        requireThreads(threads);
        TargetLayout layout = layoutChoice.layout(this::usageError);
        destinationPath = newHierarchyDestination(destination, "copied");
        return layout;
    }

    /**
     * Collects every group and array of the hierarchy, parents first, with the array each becomes, and the groups that
     * have consolidated metadata; nothing is written yet. A node below the root that cannot be read fails the plan, or
     * with --skip-unreadable is left out and counted in {@code report}.
     */
    private void plan(Zarr source, TargetLayout layout, Map<String, Json.JObject> groups, Map<ZarrArray, ArraySpec> arrays,
            CopyReport report) {
        // a stack, not recursion: hierarchies may be thousands of groups deep
        Deque<String> pending = new ArrayDeque<>(List.of("/"));
        while (!pending.isEmpty()) {
            String node = pending.pop();
            NodeMetadata metadata;
            ZarrArray readable = null;
            try {
                metadata = source.metadata(node);
                if (metadata instanceof ArrayMetadata) {
                    readable = source.array(node);
                }
            } catch (ZarrException.InvalidMetadata | ZarrException.Unsupported e) {
                if (node.equals("/")) {
                    throw e;
                }
                if (!skipUnreadable) {
                    throw withSkipHint(e);
                }
                err().println(spec.qualifiedName() + ": warning: left out " + node + ": " + oneLine(e.reason()));
                report.skipped();
                continue;
            }
            switch (metadata) {
                case GroupMetadata g -> {
                    groups.put(node, g.attributes());
                    if (g.consolidated() != null) {
                        consolidated.add(node);
                    }
                    List<String> children = source.children(node);
                    for (int i = children.size() - 1; i >= 0; i--) {
                        pending.push(NodeMetadata.childPath(node, children.get(i)));
                    }
                }
                case ArrayMetadata a -> arrays.put(readable, layout.spec(readable));
            }
        }
    }

    /** The refusal of an unreadable node, saying how to copy the rest of the hierarchy without it. */
    private static ZarrException withSkipHint(ZarrException e) {
        String reason = e.reason() + "; --skip-unreadable copies the rest without it";
        return switch (e) {
            case ZarrException.InvalidMetadata invalid -> new ZarrException.InvalidMetadata(e.node(), e.member(), reason, invalid);
            default -> new ZarrException.Unsupported(e.node(), e.member(), reason);
        };
    }

    private static String oneLine(String text) {
        return text.replaceAll("\\s+", " ");
    }

    private void copyAll(List<ArrayCopy> copies) {
        long total = copies.stream().mapToLong(c -> c.slabs().count()).sum();
        ProgressBar progress = new ProgressBar(err(), "copy " + location, "slabs", Terminal::stderrIsTerminal);
        long done = 0;
        for (ArrayCopy c : copies) {
            long before = done;
            try (SlabBuffers buffers = new SlabBuffers()) {
                Parallel.forEach(threads, c.slabs().count(), (n, count) -> progress.update(before + n, total),
                        n -> copySlab(c, c.slabs().get(n), buffers));
            }
            done += c.slabs().count();
        }
        progress.clear();
    }

    private void copySlab(ArrayCopy c, Region slab, SlabBuffers buffers) {
        MemorySegment buffer = buffers.take(slab.size() * c.source().layout().recordSize());
        try {
            MemorySegment records = c.source().readRecords(slab, buffer);
            atDestination(() -> c.target().write(slab, records, c.source().layout().order()));
        } finally {
            buffers.give(buffer);
        }
    }

    private <T> T atDestination(Supplier<T> step) {
        try {
            return step.get();
        } catch (ZarrException e) {
            throw atOutput(destination, e);
        }
    }

    private void atDestination(Runnable step) {
        atDestination(() -> {
            step.run();
            return null;
        });
    }

    /** Bytes a node's files take on disk, or -1 for a node in another kind of store. */
    private static long storedBytes(Path root, String node) {
        return root == null ? -1 : Directories.storedBytes(node.equals("/") ? root : root.resolve(node.substring(1)));
    }
}
