import dev.stride.Zarr;
import dev.stride.ZarrArray;
import dev.stride.model.LongColumn;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerExecutorRemoved;
import org.apache.spark.scheduler.SparkListenerTaskEnd;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.execution.ExtendedMode$;
import scala.collection.Seq;
import scala.jdk.javaapi.CollectionConverters;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;

import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.count;
import static org.apache.spark.sql.functions.expr;
import static org.apache.spark.sql.functions.max;
import static org.apache.spark.sql.functions.min;
import static org.apache.spark.sql.functions.sum;

/**
 * What checks/cluster/run.sh submits, with {@code spark-submit}'s own class, to a standalone cluster of executors in
 * other JVMs ({@code cluster}), and then to {@code local[1]} ({@code local}), each in one application, as starting
 * one costs more than its checks. Files the script compares go to OUT; a check that fails throws with its reason.
 * <ul>
 *   <li>{@code cluster ARRAYS OUT BIG S3_SOURCE S3_COPY SECRET}: every record of each array named in the file ARRAYS
 *       (one path a line) as sorted text into OUT/digest.txt; a large array written to BIG with one executor's JVM
 *       killed midway, then read back here with Stride: every record exactly once; a grouped aggregate of BIG, with
 *       an executor killed again, into OUT/aggregate.txt; S3_SOURCE copied to S3_COPY through the cluster (the
 *       script compares them with stride cat); and the SECRET (a credential only the processes' environment holds)
 *       in no query plan, configuration or environment page of the application.
 *   <li>{@code local ARRAYS OUT BIG}: the digest and the aggregate without kills, to compare.
 * </ul>
 */
public final class ClusterCheck {
    /** Records of the large array: enough for a few dozen tasks, so that a kill lands while they run. */
    private static final long BIG_RECORDS = 4_000_000;

    private ClusterCheck() {
    }

    public static void main(String[] args) throws Exception {
        SparkSession spark = SparkSession.builder().appName("stride-cluster-check " + args[0]).getOrCreate();
        spark.sparkContext().setLogLevel("WARN");
        List<String> arrays = Files.readAllLines(Path.of(args[1]));
        Path out = Path.of(args[2]);
        String big = args[3];
        try {
            boolean cluster = args[0].equals("cluster");
            if (cluster) {
                writeKill(spark, big, BIG_RECORDS);
            }
            digest(spark, arrays, out.resolve("digest.txt"));
            aggregate(spark, big, out.resolve("aggregate.txt"), cluster);
            if (cluster) {
                spark.read().format("zarr").load(args[4]).write().format("zarr").mode("overwrite").save(args[5]);
                secret(spark, args[5], args[6]);
            }
        } finally {
            spark.stop();
        }
    }

    private static void digest(SparkSession spark, List<String> arrays, Path out) throws IOException {
        List<String> lines = new ArrayList<>();
        for (String array : arrays) {
            List<Row> rows = spark.read().format("zarr").option("indexColumns", "true").load(array).collectAsList();
            lines.add("# " + array + ": " + rows.size() + " records");
            rows.stream().map(ClusterCheck::text).sorted().forEach(lines::add);
        }
        Files.write(out, lines);
    }

    /** A value as text that is the same in every JVM (byte arrays by content, not identity). */
    private static String text(Object v) {
        return switch (v) {
            case null -> "null";
            case byte[] b -> "0x" + HexFormat.of().formatHex(b);
            case Row r -> {
                List<String> fields = new ArrayList<>();
                for (int i = 0; i < r.length(); i++) {
                    fields.add(text(r.get(i)));
                }
                yield "{" + String.join(", ", fields) + "}";
            }
            case Seq<?> s -> CollectionConverters.asJava(s).stream().map(ClusterCheck::text).collect(Collectors.joining(", ", "[", "]"));
            default -> v.toString();
        };
    }

    private static void aggregate(SparkSession spark, String array, Path out, boolean kill) throws Exception {
        Dataset<Row> records = spark.read().format("zarr").option("partitionBytes", String.valueOf(2 << 20)).load(array);
        Dataset<Row> query = records.groupBy(expr("pmod(id, 7)").as("k"))
                .agg(count("*"), sum("id"), sum("x"), min("x"), max("x")).orderBy(col("k"));
        List<Row> rows = kill ? withExecutorKilled(spark, query::collectAsList) : query.collectAsList();
        Files.write(out, rows.stream().map(ClusterCheck::text).toList());
    }

    private static void writeKill(SparkSession spark, String dest, long n) throws Exception {
        Dataset<Row> records = spark.range(0, n, 1, 48).selectExpr("id", "cast(id as double) * 0.5 as x");
        withExecutorKilled(spark, () -> {
            records.write().format("zarr").mode("overwrite").option("chunks", "65536").save(dest);
            return null;
        });
        try (Zarr zarr = Zarr.open(dest); ZarrArray array = zarr.array("/")) {
            if (array.metadata().size() != n) {
                throw new IllegalStateException(dest + " holds " + array.metadata().size() + " records, not " + n);
            }
            long[] ids = ((LongColumn) array.read("id", null)).values();
            boolean[] seen = new boolean[Math.toIntExact(n)];
            for (long id : ids) {
                if (id < 0 || id >= n || seen[(int) id]) {
                    throw new IllegalStateException(dest + " holds id " + id + " twice or out of range");
                }
                seen[(int) id] = true;
            }
            System.out.println("write: " + n + " records written through the cluster, each read back once, sum of x "
                    + array.scan("x").sumAsDouble());
        }
    }

    /**
     * Runs a job and, once two of its tasks have finished, kills one executor's JVM (SIGKILL, as a lost machine would
     * go): the job must finish anyway, and must have lost a task or an executor for the check to mean anything.
     */
    private static <T> T withExecutorKilled(SparkSession spark, Callable<T> job) throws Exception {
        CountDownLatch twoFinished = new CountDownLatch(2);
        AtomicInteger failed = new AtomicInteger();
        AtomicInteger removed = new AtomicInteger();
        Thread killer = new Thread(() -> {
            try {
                twoFinished.await();
            } catch (InterruptedException e) {
                return;
            }
            ProcessHandle executor = ProcessHandle.allProcesses()
                    .filter(p -> p.info().commandLine().orElse("").contains("CoarseGrainedExecutorBackend"))
                    .findFirst().orElseThrow(() -> new IllegalStateException("no executor process to kill"));
            System.out.println("kill: executor process " + executor.pid());
            executor.destroyForcibly();
        });
        spark.sparkContext().addSparkListener(new SparkListener() {
            @Override
            public void onTaskEnd(SparkListenerTaskEnd end) {
                if (end.taskInfo().successful()) {
                    twoFinished.countDown();
                } else {
                    failed.incrementAndGet();
                }
            }

            @Override
            public void onExecutorRemoved(SparkListenerExecutorRemoved event) {
                removed.incrementAndGet();
            }
        });
        killer.setDaemon(true);
        killer.start();
        T result = job.call();
        killer.join(60_000);
        if (removed.get() == 0) {
            throw new IllegalStateException("the job finished, but no executor was lost: the kill came too late to test");
        }
        System.out.println("kill: executors lost " + removed.get() + ", tasks failed and run again " + failed.get());
        return result;
    }

    private static void secret(SparkSession spark, String s3Array, String secret) throws Exception {
        Dataset<Row> df = spark.read().format("zarr").load(s3Array);
        long n = df.count();
        String plan = df.queryExecution().toString() + df.groupBy().sum().queryExecution().explainString(ExtendedMode$.MODULE$);
        String conf = spark.sparkContext().getConf().toDebugString();
        String ui = spark.sparkContext().uiWebUrl().get();
        String app = spark.sparkContext().applicationId();
        String environment = HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(ui + "/api/v1/applications/" + app + "/environment")).build(),
                HttpResponse.BodyHandlers.ofString()).body();
        for (String[] place : new String[][] {{"the query plan", plan}, {"the configuration", conf}, {"the environment page", environment}}) {
            if (place[1].contains(secret)) {
                throw new IllegalStateException("the secret key is shown in " + place[0]);
            }
        }
        if (!environment.contains("sparkProperties")) {
            throw new IllegalStateException("the environment page did not answer: " + environment);
        }
        System.out.println("secret: " + n + " records read from " + s3Array + "; the key is in no plan, configuration or environment page");
    }
}
