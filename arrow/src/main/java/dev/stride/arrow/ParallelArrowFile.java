package dev.stride.arrow;

import dev.stride.UnitCursor;
import dev.stride.ZarrArray;
import dev.stride.internal.region.COrderBlocks;
import dev.stride.model.Region;
import dev.stride.model.RunVisitor;
import dev.stride.model.ScanOptions;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.VectorUnloader;
import org.apache.arrow.vector.ipc.WriteChannel;
import org.apache.arrow.vector.ipc.message.ArrowBlock;
import org.apache.arrow.vector.ipc.message.ArrowFooter;
import org.apache.arrow.vector.ipc.message.ArrowRecordBatch;
import org.apache.arrow.vector.ipc.message.MessageSerializer;
import org.apache.arrow.vector.types.pojo.Schema;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.io.UncheckedIOException;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.WritableByteChannel;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The Arrow IPC file format written to a new file on several threads at once. The region is cut into parts of one
 * read unit each, consecutive parts are grouped into items of at least a batch's rows, and every item is cut into
 * batches of about {@value #BATCH_BYTES} bytes of columns; a batch's size in the file follows from its row count
 * alone, so where every batch goes is known before any is filled. Each thread then takes items in turn, decodes each
 * unit once, fills a small batch of its own and writes it at its place: the batch is still in the core's cache when it
 * is written, so the values go from the records to the file without a round trip through memory, and one thread's
 * fill runs while another's write does. The file ends with its footer and magic only once every batch is written.
 *
 * <p>It applies where every part meets one unit (so a unit's runs arrive in row order): any 1-d region, and regions
 * whose units span their trailing dimensions; {@link #fits} says so.
 */
final class ParallelArrowFile {
    /** Bytes of columns per batch: small enough to stay in a core's cache between fill and write. */
    static final long BATCH_BYTES = 1L << 20;
    private static final byte[] MAGIC = "ARROW1".getBytes(StandardCharsets.US_ASCII);

    private final ZarrArray array;
    private final List<ArrowColumn> columns;
    private final Schema schema;
    private final BufferAllocator allocator;
    private final int threads;
    private final List<Item> items;
    private final int batchRows;
    /** Per item, the index of its first batch; one more entry at the end: the number of batches. */
    private final int[] firstBatch;

    /** Consecutive parts, of {@code rows} rows together, filled and written by one thread. */
    private record Item(List<Region> parts, long rows) {
    }

    private ParallelArrowFile(ZarrArray array, List<ArrowColumn> columns, Schema schema, BufferAllocator allocator,
                              int threads, List<Region> parts, long rowBytes) {
        this.array = array;
        this.columns = columns;
        this.schema = schema;
        this.allocator = allocator;
        this.threads = threads;
        this.batchRows = (int) Math.max(8, BATCH_BYTES / rowBytes / 8 * 8);
        this.items = new ArrayList<>();
        List<Region> grouped = new ArrayList<>();
        long rows = 0;
        for (Region part : parts) {
            grouped.add(part);
            rows += part.size();
            if (rows >= batchRows) {
                items.add(new Item(List.copyOf(grouped), rows));
                grouped.clear();
                rows = 0;
            }
        }
        if (!grouped.isEmpty()) {
            items.add(new Item(List.copyOf(grouped), rows));
        }
        this.firstBatch = new int[items.size() + 1];
        for (int i = 0; i < items.size(); i++) {
            long batches = (items.get(i).rows() + batchRows - 1) / batchRows;
            firstBatch[i + 1] = Math.toIntExact(firstBatch[i] + batches);
        }
    }

    /** The writer of {@code region}, or null when a part of it would meet more than one unit. */
    static ParallelArrowFile fits(ZarrArray array, List<ArrowColumn> columns, Schema schema, BufferAllocator allocator,
                                  int threads, Region region, long unitElements, long rowBytes) {
        if (columns.stream().anyMatch(c -> ArrowTypes.textBytes(c.type()) > 0)) {
            // a batch's size is measured once for all batches, which strings of varying length defeat
            return null;
        }
        long[] unit = array.readUnitShape();
        List<Region> parts = new ArrayList<>();
        for (COrderBlocks blocks = new COrderBlocks(region, unit, unitElements); blocks.hasNext(); ) {
            Region part = blocks.next();
            if (!withinOneUnit(part, unit)) {
                return null;
            }
            parts.add(part);
        }
        return new ParallelArrowFile(array, columns, schema, allocator, threads, parts, rowBytes);
    }

    private static boolean withinOneUnit(Region part, long[] unit) {
        long[] start = part.start();
        long[] stop = part.stop();
        for (int d = 0; d < unit.length; d++) {
            if (stop[d] > start[d] && start[d] / unit[d] != (stop[d] - 1) / unit[d]) {
                return false;
            }
        }
        return true;
    }

    /** Writes the file into {@code out}, a file opened for writing (not appending) and empty; returns the rows. */
    long write(FileChannel out, ScanOptions.Progress progress) throws IOException {
        long total = items.stream().mapToLong(Item::rows).sum();
        int threadCount = Math.min(threads, Math.max(1, items.size()));
        List<Batcher> batchers = new ArrayList<>();
        ExecutorService helpers = threadCount == 1 ? null
                : Executors.newFixedThreadPool(threadCount - 1, Thread.ofPlatform().daemon().name("stride-arrow-file-", 0).factory());
        try {
            for (int t = 0; t < threadCount; t++) {
                batchers.add(new Batcher(out));
            }
            PositionedChannel header = new PositionedChannel(out, 0);
            WriteChannel head = new WriteChannel(header);
            head.write(MAGIC);
            head.align();
            MessageSerializer.serialize(head, schema);
            long[] at = new long[firstBatch[items.size()] + 1];
            at[0] = header.position();
            List<ArrowBlock> blocks = plan(batchers.getFirst(), at);
            Progress shared = new Progress(progress, total);
            AtomicInteger next = new AtomicInteger();
            AtomicInteger started = new AtomicInteger();
            Runnable worker = () -> batchers.get(started.getAndIncrement()).takeItems(next, at, shared);
            OnAllThreads.run(worker, helpers, threadCount - 1, () -> next.set(items.size()));
            PositionedChannel trailer = new PositionedChannel(out, at[at.length - 1]);
            WriteChannel tail = new WriteChannel(trailer);
            tail.writeIntLittleEndian(MessageSerializer.IPC_CONTINUATION_TOKEN);
            tail.writeIntLittleEndian(0);
            long footerStart = tail.getCurrentPosition();
            tail.write(new ArrowFooter(schema, List.of(), blocks), false);
            tail.writeIntLittleEndian((int) (tail.getCurrentPosition() - footerStart));
            tail.write(MAGIC);
            out.position(trailer.position());
            return total;
        } catch (UncheckedIOException e) {
            throw e.getCause();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while an Arrow file was written");
        } finally {
            if (helpers != null) {
                helpers.shutdownNow();
            }
            batchers.forEach(Batcher::close);
        }
    }

    /** Rows written so far, reported by whichever thread wrote the last item, one report at a time. */
    private static final class Progress {
        private final ScanOptions.Progress to;
        private final long total;
        private long done;

        Progress(ScanOptions.Progress to, long total) {
            this.to = to;
            this.total = total;
            to.update(0, total);
        }

        synchronized void add(long rows) {
            done += rows;
            to.update(done, total);
        }
    }

    /**
     * Fills {@code at} with where each batch starts in the file (and, last, where they end) from {@code at[0]} on, and
     * returns the footer's blocks: a batch's message size depends on its row count only, so one dry run per count
     * found in the items tells all.
     */
    private List<ArrowBlock> plan(Batcher batcher, long[] at) {
        Map<Integer, ArrowBlock> sizes = new HashMap<>();
        List<ArrowBlock> blocks = new ArrayList<>(at.length - 1);
        int batch = 0;
        for (Item item : items) {
            for (long left = item.rows(); left > 0; left -= batchRows) {
                int rows = (int) Math.min(left, batchRows);
                ArrowBlock size = sizes.computeIfAbsent(rows, batcher::measure);
                blocks.add(new ArrowBlock(at[batch], size.getMetadataLength(), size.getBodyLength()));
                at[batch + 1] = at[batch] + size.getMetadataLength() + size.getBodyLength();
                batch++;
            }
        }
        return blocks;
    }

    /** One thread's batch: fills it from the runs of an item's units and writes it at its place whenever it is full. */
    private final class Batcher implements RunVisitor, AutoCloseable {
        private final FileChannel out;
        private final VectorSchemaRoot root;
        private final RootFill fill;
        private final VectorUnloader unloader;
        /** Where each batch starts in the file. */
        private long[] at;
        /** The batch being filled: its index, its first row within the item and its row count. */
        private int batch;
        private long batchStart;
        private int rows;
        private long itemRows;
        /** The first row of the part being read, within the item. */
        private long partStart;

        Batcher(FileChannel out) {
            this.out = out;
            this.root = VectorSchemaRoot.create(schema, allocator);
            this.fill = new RootFill(array, columns, root);
            this.unloader = new VectorUnloader(root);
        }

        /** The block (offset 0) a batch of {@code count} rows takes in the file. */
        ArrowBlock measure(int count) {
            fill.bind(count);
            root.setRowCount(count);
            try (ArrowRecordBatch b = unloader.getRecordBatch()) {
                return MessageSerializer.serialize(new WriteChannel(new Counting()), b);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        void takeItems(AtomicInteger next, long[] at, Progress progress) {
            this.at = at;
            for (int i; (i = next.getAndIncrement()) < items.size(); ) {
                writeItem(i);
                progress.add(items.get(i).rows());
            }
        }

        private void writeItem(int i) {
            Item item = items.get(i);
            batch = firstBatch[i];
            batchStart = 0;
            itemRows = item.rows();
            startBatch();
            partStart = 0;
            for (Region part : item.parts()) {
                try (UnitCursor units = array.units(part)) {
                    while (units.next()) {
                        units.forEachRun(this);
                    }
                }
                partStart += part.size();
            }
            if (batch != firstBatch[i + 1]) {
                throw new IllegalStateException("the units of " + item.parts() + " gave " + batchStart + " of their "
                        + itemRows + " rows");
            }
        }

        private void startBatch() {
            rows = (int) Math.min(batchRows, itemRows - batchStart);
            fill.bind(rows);
        }

        @Override
        public void run(MemorySegment records, long first, long count, long out) {
            long row = partStart + out - batchStart;
            while (count > 0) {
                if (row < 0 || row >= rows) {
                    throw new IllegalStateException("a run of rows " + (partStart + out) + ".." + (partStart + out + count)
                            + " is outside the batch being filled (rows " + batchStart + ".." + (batchStart + rows) + ")");
                }
                int n = (int) Math.min(count, rows - row);
                fill.copy(records, first, n, (int) row);
                first += n;
                count -= n;
                row += n;
                if (row == rows) {
                    writeBatch();
                    batchStart += rows;
                    batch++;
                    row = 0;
                    if (batchStart < itemRows) {
                        startBatch();
                    } else {
                        // the item is whole: any further row is one too many
                        rows = 0;
                    }
                }
            }
        }

        private void writeBatch() {
            fill.finish(rows);
            root.setRowCount(rows);
            PositionedChannel to = new PositionedChannel(out, at[batch]);
            try (ArrowRecordBatch b = unloader.getRecordBatch()) {
                MessageSerializer.serialize(new WriteChannel(to), b);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            if (to.position() != at[batch + 1]) {
                throw new IllegalStateException("a batch of " + rows + " rows took " + (to.position() - at[batch])
                        + " bytes in the Arrow file, not the " + (at[batch + 1] - at[batch]) + " planned");
            }
        }

        @Override
        public void close() {
            root.close();
        }
    }

    /** Counts what would be written. */
    private static final class Counting implements WritableByteChannel {
        @Override
        public int write(ByteBuffer src) {
            int n = src.remaining();
            src.position(src.limit());
            return n;
        }

        @Override
        public boolean isOpen() {
            return true;
        }

        @Override
        public void close() {
        }
    }
}
