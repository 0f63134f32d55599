package dev.stride.spark;

import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.connector.read.Scan;
import org.apache.spark.sql.execution.SparkPlan;
import org.apache.spark.sql.execution.adaptive.AdaptiveSparkPlanExec;
import org.apache.spark.sql.execution.datasources.v2.BatchScanExec;
import scala.jdk.javaapi.CollectionConverters;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The zarr scan of a query's physical plan. */
final class Plans {
    private Plans() {
    }

    /** The one BatchScan of the query, looked for inside adaptive plans too. */
    static BatchScanExec batchScan(Dataset<Row> df) {
        List<BatchScanExec> found = new ArrayList<>();
        collect(df.queryExecution().executedPlan(), found);
        assertEquals(1, found.size(), () -> "BatchScans in " + df.queryExecution().executedPlan());
        return found.getFirst();
    }

    static Scan scan(Dataset<Row> df) {
        return batchScan(df).scan();
    }

    /** The scan's line of the physical plan: its output, then the scan's description. */
    static String scanText(Dataset<Row> df) {
        return batchScan(df).simpleString(100);
    }

    private static void collect(SparkPlan plan, List<BatchScanExec> out) {
        if (plan instanceof BatchScanExec scan) {
            out.add(scan);
        } else if (plan instanceof AdaptiveSparkPlanExec adaptive) {
            collect(adaptive.executedPlan(), out);
        }
        for (SparkPlan child : CollectionConverters.asJava(plan.children())) {
            collect(child, out);
        }
    }
}
