package dev.stride.spark;

import dev.stride.FilteredArray;
import dev.stride.UnitCursor;
import dev.stride.ZarrArray;
import dev.stride.model.Region;
import dev.stride.model.RunVisitor;
import org.apache.spark.sql.connector.read.PartitionReader;
import org.apache.spark.sql.execution.vectorized.OffHeapColumnVector;
import org.apache.spark.sql.execution.vectorized.WritableColumnVector;
import org.apache.spark.sql.sources.Filter;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.vectorized.ColumnarBatch;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.Arrays;
import java.util.List;

/**
 * Reads one partition's box as column batches, of the records passing the field filters the scan tests (all records
 * when there are none: then no record is tested). The array is leased from the executor's {@link OpenArrays}; the box's
 * units are decoded one at a time by a {@link UnitCursor}, and each batch copies the runs of records it takes, column
 * by column, into vectors made once and reused: Spark's {@code closeIfFreeable} leaves writable vectors alone, so nothing a later
 * batch needs is freed. A batch may span units, as each unit's records are copied before the next is decoded. A box of
 * chunks never written gives fill values in C order of the box, and asks the store nothing.
 */
final class BatchReader implements PartitionReader<ColumnarBatch> {
    private final OpenArrays.Lease lease;
    private final Region region;
    private final int batchRows;
    private final long recordSize;
    private final OffHeapColumnVector[] vectors;
    private final ColumnarBatch batch;
    /** Per column: how to fill it from records, or null for an index column. */
    private final ColumnFill[] fills;
    /** Per column: the dimension of an index column, or -1. */
    private final int[] dimensions;
    private final long[] regionStrides;
    /** Whether an index column is read: else a run of filtered matches, often short, costs no look at the region. */
    private final boolean anyIndex;
    /**
     * Null when no field is read or the box was never written: the rows are then the region's positions, with fill
     * values in the fields, and no chunk is decoded.
     */
    private final UnitCursor cursor;
    /** Fill records the fields of a never-written box are copied from, or null. */
    private final FillRecords fillRecords;
    /** Where the cursor's runs go: to the batch's runs, through the filter when there is one. */
    private final RunVisitor runs;
    /** Whether records are tested by filters, so that fewer rows than the region's may come. */
    private final boolean filtered;
    /**
     * With filters and fields read: the batch's matching records, packed, which the columns are filled from at once
     * when the batch is full. Matches come in short runs, and filling every column run by run cost more than Spark's
     * own filter saves; copying a run's records is one small copy. Null otherwise.
     */
    private final MemorySegment packed;
    private final Arena packing;
    /** Rows the region has not yet given; with filters, at most as many come. */
    private long rowsLeft;
    /** The runs of the current unit not yet copied: first record, count and position in the region of each. */
    private long[] runList = new long[3 * 16];
    private int runCount;
    private int run;
    /** Records of the current run already copied. */
    private long inRun;
    /** The next position in the region when no field is read. */
    private long position;

    BatchReader(ReadOptions options, StructType required, Region region) {
        this(options, required, List.of(), ZarrPartition.read(region));
    }

    /** {@code filters}: the field filters each record is tested by (joined by AND); empty for every record. */
    BatchReader(ReadOptions options, StructType required, List<Filter> filters, ZarrPartition partition) {
        Region region = partition.region();
        this.lease = OpenArrays.lease(options.store());
        try {
            ZarrArray array = lease.array();
            this.region = region;
            this.batchRows = (int) Math.min(options.batchRows(), Math.max(1, region.size()));
            this.recordSize = array.layout().recordSize();
            ArrayColumns columns = new ArrayColumns(array, options.indexColumns());
            StructField[] wanted = required.fields();
            this.fills = new ColumnFill[wanted.length];
            this.dimensions = new int[wanted.length];
            boolean anyField = false;
            for (int i = 0; i < wanted.length; i++) {
                dimensions[i] = columns.dimensionOf(wanted[i].name());
                if (dimensions[i] < 0) {
                    fills[i] = columns.fill(wanted[i]);
                    anyField = true;
                }
            }
            this.regionStrides = strides(region.shape());
            this.anyIndex = Arrays.stream(dimensions).anyMatch(d -> d >= 0);
            this.rowsLeft = region.size();
            this.vectors = OffHeapColumnVector.allocateColumns(batchRows, required);
            this.batch = new ColumnarBatch(vectors);
            FilteredArray filter = filters.isEmpty() ? null : array.where(FieldFilters.of(array).allExact(filters), null);
            this.runs = filter == null ? this::addRun : filter.matching(region, this::addRun);
            this.filtered = filter != null;
            if (filter != null && partition.unwritten() && !FillRecords.matches(array, filter)) {
                rowsLeft = 0;
            }
            // the records are decoded for the filter even when no field is among the columns
            this.cursor = (anyField || filtered) && !partition.unwritten() ? array.units(region) : null;
            this.fillRecords = anyField && partition.unwritten() ? new FillRecords(array, batchRows) : null;
            this.packing = filtered && anyField && cursor != null ? Arena.ofShared() : null;
            this.packed = packing == null ? null : packing.allocate(Math.max(1, batchRows * recordSize));
        } catch (RuntimeException | Error e) {
            lease.close();
            throw e;
        }
    }

    private static long[] strides(long[] shape) {
        long[] s = new long[shape.length];
        long n = 1;
        for (int d = shape.length - 1; d >= 0; d--) {
            s[d] = n;
            n *= shape[d];
        }
        return s;
    }

    @Override
    public boolean next() {
        if (rowsLeft == 0) {
            return false;
        }
        for (OffHeapColumnVector v : vectors) {
            v.reset();
        }
        int rows = 0;
        while (rows < batchRows && rowsLeft > 0) {
            int n = cursor == null ? takePositions(rows) : takeRun(rows);
            if (n < 0) {
                rowsLeft = 0;
                break;
            }
            rows += n;
            rowsLeft -= n;
        }
        if (packed != null) {
            for (int i = 0; i < fills.length; i++) {
                if (fills[i] != null) {
                    fills[i].fill(packed, 0, rows, vectors[i], 0);
                }
            }
        }
        batch.setNumRows(rows);
        return rows > 0 || !filtered;
    }

    /** Fills up to the batch's room with the region's next positions: their index columns, and fill values. */
    private int takePositions(int row) {
        int n = (int) Math.min(batchRows - row, rowsLeft);
        if (fillRecords != null) {
            for (int i = 0; i < fills.length; i++) {
                if (fills[i] != null) {
                    fillRecords.copy(fills[i], n, vectors[i], row);
                }
            }
        }
        fillIndexes(position, n, row);
        position += n;
        return n;
    }

    /**
     * Copies up to the batch's room from the current run, decoding the next unit when the runs are used up; -1 when
     * the units are used up, which only the filters' dropping records explains.
     */
    private int takeRun(int row) {
        while (run == runCount) {
            if (!cursor.next()) {
                if (filtered) {
                    return -1;
                }
                throw new IllegalStateException("the units of " + region + " hold fewer records than it has");
            }
            runCount = 0;
            run = 0;
            cursor.forEachRun(runs);
        }
        long first = runList[3 * run];
        long count = runList[3 * run + 1];
        long out = runList[3 * run + 2];
        int n = (int) Math.min(batchRows - row, count - inRun);
        if (packed != null) {
            MemorySegment.copy(cursor.records(), (first + inRun) * recordSize, packed, row * recordSize, n * recordSize);
        } else {
            for (int i = 0; i < fills.length; i++) {
                if (fills[i] != null) {
                    fills[i].fill(cursor.records(), (first + inRun) * recordSize, n, vectors[i], row);
                }
            }
        }
        fillIndexes(out + inRun, n, row);
        inRun += n;
        if (inRun == count) {
            run++;
            inRun = 0;
        }
        return n;
    }

    private void addRun(MemorySegment unit, long first, long count, long out) {
        if (3 * runCount == runList.length) {
            runList = Arrays.copyOf(runList, runList.length * 2);
        }
        runList[3 * runCount] = first;
        runList[3 * runCount + 1] = count;
        runList[3 * runCount + 2] = out;
        runCount++;
    }

    /** Index columns of rows {@code row..row+n-1}: the coordinates of region positions {@code out..out+n-1}. */
    private void fillIndexes(long out, int n, int row) {
        if (!anyIndex) {
            return;
        }
        long[] start = region.start();
        long[] shape = region.shape();
        for (int i = 0; i < dimensions.length; i++) {
            int d = dimensions[i];
            if (d < 0) {
                continue;
            }
            WritableColumnVector v = vectors[i];
            for (int k = 0; k < n; k++) {
                v.putLong(row + k, start[d] + (out + k) / regionStrides[d] % shape[d]);
            }
        }
    }

    /** Whether column {@code i} is an index column (a coordinate) rather than a field. */
    boolean isIndexColumn(int i) {
        return dimensions[i] >= 0;
    }

    @Override
    public ColumnarBatch get() {
        return batch;
    }

    @Override
    public void close() {
        try (lease; fillRecords; packing) {
            if (cursor != null) {
                cursor.close();
            }
        } finally {
            batch.close();
        }
    }
}
