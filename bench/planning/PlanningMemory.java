import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;

import java.lang.management.ManagementFactory;

import static org.apache.spark.sql.functions.max;
import static org.apache.spark.sql.functions.min;
import static org.apache.spark.sql.functions.sum;

/**
 * What bench/planning.sh measures in a local Spark driver: the heap a plan of 10^6 stored chunks holds (one partition
 * each) and how long planning takes, and how long count() and sum() of an array of 2^40 records with 10 stored
 * chunks take, with their values (the stored chunks hold 0..2^20-1 each, the fill is 0).
 *
 * <p>usage: java @spark/jvm-options -cp SPARK_JARS:stride-spark.jar PlanningMemory.java DENSE SPARSE
 */
public final class PlanningMemory {
    /** Held so that the plan stays reachable while the heap is measured. */
    private static Dataset<Row> held;

    private PlanningMemory() {
    }

    public static void main(String[] args) {
        SparkSession spark = SparkSession.builder().master("local[2]").appName("planning")
                .config("spark.ui.enabled", "false").config("spark.driver.host", "127.0.0.1").getOrCreate();
        spark.sparkContext().setLogLevel("WARN");
        long before = usedAfterGc();
        long started = System.nanoTime();
        held = spark.read().format("zarr").option("partitionBytes", "1").option("maxPartitions", "2000000").load(args[0]);
        int partitions = held.rdd().getNumPartitions();
        double seconds = (System.nanoTime() - started) / 1e9;
        long retained = usedAfterGc() - before;
        System.out.printf("dense: %d partitions planned in %.1f s; the plan holds %.0f MiB of heap (%.0f bytes a partition)%n",
                partitions, seconds, retained / 1048576.0, (double) retained / partitions);
        held = null;

        started = System.nanoTime();
        long count = spark.read().format("zarr").load(args[1]).count();
        System.out.printf("sparse: count() = %d in %.1f s%n", count, (System.nanoTime() - started) / 1e9);
        started = System.nanoTime();
        Row all = spark.read().format("zarr").load(args[1]).agg(sum("value"), min("value"), max("value")).first();
        System.out.printf("sparse: sum, min, max of value = %s, %s, %s in %.1f s%n", all.get(0), all.get(1), all.get(2),
                (System.nanoTime() - started) / 1e9);
        spark.stop();
    }

    private static long usedAfterGc() {
        for (int i = 0; i < 3; i++) {
            System.gc();
        }
        return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    }
}
