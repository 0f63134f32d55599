package dev.stride.bench.spark;

import dev.stride.UnitCursor;
import dev.stride.Zarr;
import dev.stride.ZarrArray;
import dev.stride.model.Region;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.execution.SparkPlan;
import org.apache.spark.sql.vectorized.ColumnarBatch;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.List;

/** The parts of a connector task timed alone by the split phase: decoding its units, and the columnar scan. */
final class TaskParts {
    private TaskParts() {
    }

    /** Reads and decodes the units of one box, as a connector task does before filling vectors; returns its records. */
    static long units(String path, long[] box, boolean touch) {
        long n = 0;
        long sink = 0;
        try (Zarr zarr = Zarr.open(path); ZarrArray array = zarr.array("/");
             UnitCursor cursor = array.units(new Region(new long[]{box[0]}, new long[]{box[1]}))) {
            while (cursor.next()) {
                MemorySegment r = cursor.records();
                n += r.byteSize() / array.layout().recordSize();
                if (touch) {
                    for (long at = 0; at + 8 <= r.byteSize(); at += 4096) {
                        sink += r.get(ValueLayout.JAVA_LONG_UNALIGNED, at);
                    }
                }
            }
        }
        touched = sink;
        return n;
    }

    /** Where the touched values go, so the reads stay. */
    static volatile long touched;

    /** The scan of a DataFrame alone: its columnar leaf executed, rows of each batch counted, nothing else done. */
    static long scanOnly(Dataset<Row> df) {
        SparkPlan plan = df.queryExecution().executedPlan();
        List<SparkPlan> leaves = scala.jdk.javaapi.CollectionConverters.asJava(plan.collectLeaves());
        if (leaves.size() != 1 || !leaves.getFirst().supportsColumnar()) {
            throw new IllegalStateException("no one columnar scan in " + plan.treeString());
        }
        JavaRDD<ColumnarBatch> batches = leaves.getFirst().executeColumnar().toJavaRDD();
        return batches.mapPartitions(it -> {
            long rows = 0;
            while (it.hasNext()) {
                rows += it.next().numRows();
            }
            return List.of(rows).iterator();
        }).reduce(Long::sum);
    }
}
