package dev.stride.spark;

import dev.stride.ArrayWriter;
import dev.stride.Zarr;
import dev.stride.ZarrWriter;
import dev.stride.internal.claim.WriteClaim;
import dev.stride.model.ArrayMetadata;
import dev.stride.model.GroupMetadata;
import dev.stride.model.NodeMetadata;
import dev.stride.model.ZarrException;
import dev.stride.spi.ListableStore;
import org.apache.spark.SparkContext;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.sql.connector.write.BatchWrite;
import org.apache.spark.sql.connector.write.DataWriterFactory;
import org.apache.spark.sql.connector.write.PhysicalWriteInfo;
import org.apache.spark.sql.connector.write.WriterCommitMessage;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;

/**
 * The driver's side of a write. Before the tasks run it clears the way (replaces an array, refuses a group or a
 * directory of other files); on commit it places the staged records, has the chunks they fall in assembled by a
 * second, small Spark job (each chunk by one task), then stores {@code zarr.json} last: until then no array is
 * readable there. Unless the {@code statistics} option is off, the tasks gather the statistics of the chunks they store
 * as they encode them and send them with their results; the driver publishes them beside the array, just before its
 * {@code zarr.json}, as a single writer would. An abort, or a failure on the way, deletes what the write stored.
 * A claim at the path ({@link WriteClaim}) keeps two writes from mixing there, or deleting each other's array.
 */
final class ZarrBatchWrite implements BatchWrite {
    private static final WriteClaim.Writer CLAIMANT = WriteClaim.Writer.SPARK_WRITE;
    private static final System.Logger LOG = System.getLogger(ZarrBatchWrite.class.getName());
    private final WriteJob job;
    private final boolean replace;
    /** This write's hold on the path, taken before anything is deleted or stored there. */
    private volatile WriteClaim claim;
    /** Set once {@code zarr.json} is stored: from then on an abort deletes nothing. */
    private volatile boolean published;
    /** Set once the way is clear: only then does an abort delete anything (never a group or files it refused). */
    private volatile boolean prepared;

    ZarrBatchWrite(WriteJob job, boolean replace) {
        this.job = job;
        this.replace = replace;
    }

    @Override
    public DataWriterFactory createBatchWriterFactory(PhysicalWriteInfo info) {
        String destination = job.options().store().uri().toString();
        try (ZarrWriter out = ZarrWriter.open(job.options().store())) {
            WriteClaim.refuseIfHeld(out.store(), CLAIMANT, destination);
            NodeMetadata there = existing();
            if (there instanceof GroupMetadata) {
                throw new ZarrException.BadRequest(null, "is a group; a DataFrame is written as an array: give a path inside the group");
            }
            if (there instanceof ArrayMetadata) {
                if (!replace) {
                    throw new ZarrException.BadRequest(null, "an array exists here; write with mode(\"overwrite\") to replace it");
                }
                if (ArraysBeingRead.read(job.options().store())) {
                    throw new ZarrException.BadRequest(null, "is read by the query that would overwrite it, which deletes it first;"
                            + " write to another path (then replace this one), or cache and materialize the rows before writing");
                }
            } else if (out.store() instanceof ListableStore listable && !listable.list("").isEmpty()) {
                throw new ZarrException.BadRequest(null, "holds keys " + listable.list("") + " but no Zarr node; write to an empty or new directory");
            }
            claim = WriteClaim.take(out.store(), CLAIMANT, destination, w -> LOG.log(System.Logger.Level.WARNING, w));
            if (there instanceof ArrayMetadata) {
                replaceAfterClaiming(out);
            }
        }
        prepared = true;
        return job;
    }

    /**
     * Deletes the array this write replaces, then claims the path again (the claim went with it); a failure on the way
     * gives the claim up while it is this write's, since Spark aborts nothing that was never prepared.
     */
    private void replaceAfterClaiming(ZarrWriter out) {
        try {
            out.delete("/");
            claim.renew();
        } catch (RuntimeException e) {
            try {
                if (claim.stillMine()) {
                    claim.release();
                }
            } catch (RuntimeException cleanup) {
                e.addSuppressed(cleanup);
            }
            throw e;
        }
    }

    private NodeMetadata existing() {
        try (Zarr zarr = Zarr.open(job.options().store())) {
            return zarr.metadata("/");
        } catch (ZarrException.NodeNotFound e) {
            return null;
        }
    }

    @Override
    public void commit(WriterCommitMessage[] messages) {
        List<WrittenPart> parts = Arrays.stream(messages).map(m -> (WrittenPart) m).toList();
        try {
            RowEncoder encoder = job.encoder();
            List<StagedRecords> placed = job.options().indexColumn() == null ? inOrder(parts) : byIndex(parts);
            long length = length(parts);
            List<byte[]> statistics = new ArrayList<>(ChunkAssembly.run(JavaSparkContext.fromSparkContext(SparkContext.getOrCreate()), job, length, placed));
            parts.stream().map(WrittenPart::statistics).filter(Objects::nonNull).forEach(statistics::add);
            try (ZarrWriter out = job.options().writer();
                 ArrayWriter array = out.createArray("/", job.options().spec(encoder.type(), length))) {
                statistics.forEach(array::addChunkStatistics);
                try {
                    claim.through(out.store()).confirm();
                } catch (ZarrException.BadRequest lost) {
                    array.abandon();
                    throw lost;
                }
                array.commit();
                published = true;
            }
        } catch (RuntimeException | Error e) {
            try {
                abort(messages);
            } catch (RuntimeException cleanup) {
                e.addSuppressed(cleanup);
            }
            throw e;
        }
        tidy();
    }

    /**
     * Deletes the staged records and the claim once the array is published: a failure here leaves the array whole, so
     * it is reported, not thrown (Spark would abort the write, and an abort deletes).
     */
    private void tidy() {
        try (ZarrWriter out = ZarrWriter.open(job.options().store())) {
            out.delete("/" + WriteJob.STAGING);
            claim.through(out.store()).release();
        } catch (RuntimeException e) {
            LOG.log(System.Logger.Level.WARNING, job.options().store().uri() + ": the array is written whole, but its staged"
                    + " records or its claim " + CLAIMANT.key() + " could not be deleted (" + e.getMessage() + "); delete them"
                    + " before writing there again", e);
        }
    }

    /** Rows in DataFrame order: each partition's runs start where the partitions before it end. */
    private static List<StagedRecords> inOrder(List<WrittenPart> parts) {
        List<StagedRecords> out = new ArrayList<>();
        long offset = 0;
        for (WrittenPart part : parts) {
            for (StagedRecords s : part.staged()) {
                out.add(new StagedRecords(s.key(), s.partition(), s.sequence(), offset + s.first(), s.count()));
            }
            offset += part.rows();
        }
        return out;
    }

    /** Indexed rows: the tasks' index runs must not overlap, as each task stored the chunks inside its run alone. */
    private static List<StagedRecords> byIndex(List<WrittenPart> parts) {
        List<WrittenPart> sorted = parts.stream().filter(p -> p.rows() > 0).sorted(Comparator.comparingLong(WrittenPart::lowest)).toList();
        for (int i = 1; i < sorted.size(); i++) {
            if (sorted.get(i).lowest() <= sorted.get(i - 1).highest()) {
                throw new ZarrException.BadRequest(null, "two tasks wrote overlapping index runs (" + sorted.get(i - 1).lowest() + ".."
                        + sorted.get(i - 1).highest() + " and " + sorted.get(i).lowest() + ".." + sorted.get(i).highest()
                        + "): an index value appears twice, or Spark did not range-partition the rows");
            }
        }
        return parts.stream().flatMap(p -> p.staged().stream()).toList();
    }

    /** The array's length: the shape option, else one past the highest index, else the rows counted. */
    private long length(List<WrittenPart> parts) {
        long rows = parts.stream().mapToLong(WrittenPart::rows).sum();
        long needed = job.options().indexColumn() == null ? rows : parts.stream().mapToLong(p -> p.highest() + 1).max().orElse(0);
        long given = job.options().shape();
        if (given == WriteOptions.SHAPE_FROM_ROWS) {
            return needed;
        }
        if (given < needed) {
            throw new ZarrException.BadRequest(null, "option shape is " + given + " but the rows need " + needed);
        }
        return given;
    }

    /**
     * Deletes what the write stored, everything at the path (it was empty, or held the array this write replaced),
     * while the claim is this write's; nothing once another write took it over, as both stored the same keys.
     */
    @Override
    public void abort(WriterCommitMessage[] messages) {
        if (!prepared || published) {
            return;
        }
        try (ZarrWriter out = ZarrWriter.open(job.options().store())) {
            if (claim.through(out.store()).stillMine()) {
                out.delete("/");
            }
        }
    }
}
