package dev.stride.spark;

import dev.stride.Zarr;
import dev.stride.ZarrArray;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * What every remote store owes Spark: an array its tasks write there reads back whole and by parts (several tasks,
 * each opening the store itself from the URI the driver planned with), and Stride reads the same values directly.
 */
final class RemoteRoundTrip {
    private RemoteRoundTrip() {
    }

    /** Writes 20,000 records in 4 tasks to {@code uri}, reads them back in 7 partitions and compares. */
    static void writeAndReadBack(String uri) {
        Dataset<Row> points = Sessions.spark().range(0, 20_000, 1, 4)
                .selectExpr("id AS _index", "CAST(id AS DOUBLE) * 0.25 AS x", "CAST(id % 5 AS INT) AS flags");
        points.write().format("zarr").mode("overwrite").option("chunks", "1500").option("codec", "zstd:1").save(uri);

        Dataset<Row> back = Sessions.spark().read().format("zarr").option("indexColumns", "true")
                .option("partitionBytes", "36000").load(uri);
        assertEquals(7, back.rdd().getNumPartitions(), "boxes of 2 chunks of 1,500 records of 12 bytes");
        assertEquals(0, back.exceptAll(points).count());
        assertEquals(0, points.exceptAll(back).count());
        assertEquals(2.0, back.where("_index >= 8 AND _index < 13").selectExpr("avg(flags)").first().getDouble(0));
        try (Zarr zarr = Zarr.open(uri); ZarrArray array = zarr.array("/")) {
            assertEquals(19_999 * 20_000 / 2.0 * 0.25, array.scan("x").sumAsDouble());
        }
    }
}
