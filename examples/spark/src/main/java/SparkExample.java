import org.apache.spark.sql.SparkSession;

public class SparkExample {
    public static void main(String[] args) {
        SparkSession spark = SparkSession.builder().master("local[2]").appName("stride-example")
                .config("spark.ui.enabled", "false").getOrCreate();
        spark.sparkContext().setLogLevel("ERROR");
        // a million records of (x float64, flags int16), placed by their _index, in chunks of 100,000
        spark.range(0, 1_000_000, 1, 4)
                .selectExpr("id AS _index", "CAST(id AS DOUBLE) * 0.5 AS x", "CAST(id % 10 AS SHORT) AS flags")
                .write().format("zarr").mode("overwrite").option("chunks", "100000").option("codec", "zstd:3")
                .save(args[0]);
        spark.read().format("zarr").option("indexColumns", "true").load(args[0]).createOrReplaceTempView("points");
        spark.sql("SELECT count(*), sum(x), max(flags) FROM points").show();
        spark.sql("SELECT flags, avg(x) FROM points WHERE _index < 1000 GROUP BY flags ORDER BY flags LIMIT 3").show();
        spark.stop();
    }
}
