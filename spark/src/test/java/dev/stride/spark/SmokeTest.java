package dev.stride.spark;

import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;

class SmokeTest {
    @Test
    void writes() throws Exception {
        Path dir = Files.createTempDirectory("sw");
        var spark = Sessions.spark();
        Dataset<Row> df = spark.range(0, 10000, 1, 3).selectExpr("id as _index", "cast(id as double) * 0.5 as x",
                "cast(id as float) as y", "cast(id % 7 as short) as flags", "id % 2 = 0 as even",
                "named_struct('a', cast(id as int), 'b', cast(id % 100 as byte)) as inner", "timestamp_micros(id * 1000000) as t");
        df.write().format("zarr").mode("overwrite").option("chunks", "1000").save(dir.resolve("a").toString());
        Dataset<Row> back = spark.read().format("zarr").option("indexColumns", "true").load(dir.resolve("a").toString());
        System.out.println(back.count());
        back.orderBy("_index").show(5);
        df.exceptAll(back).show(5);
        back.filter("x != _index * 0.5").show(5);
    }
}
