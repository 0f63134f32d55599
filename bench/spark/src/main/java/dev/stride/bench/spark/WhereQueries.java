package dev.stride.bench.spark;

import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.execution.DataSourceScanExec;
import org.apache.spark.sql.execution.SparkPlan;
import org.apache.spark.sql.execution.adaptive.AdaptiveSparkPlanExec;
import org.apache.spark.sql.execution.adaptive.QueryStageExec;
import org.apache.spark.sql.execution.datasources.v2.BatchScanExec;
import scala.jdk.javaapi.CollectionConverters;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * A query selecting a window of times, through the connector with chunk statistics next to Spark's Parquet reader
 * with Parquet's own statistics, on the arrays of bench/where.sh and their Parquet copies (bench/where_parquet.py:
 * a row group per chunk, {@value #TASK_CHUNKS} chunks per file), in one session; the same query without the window on
 * both, for reference. The connector reads {@value #TASK_CHUNKS} chunks per task; Parquet is read twice, each file one
 * task (the same tasks, as {@link SparkQueries} does) and at Spark's default split size (fewer, larger tasks). Run by
 * bench/spark_where.sh, which saves the markdown table this prints to stdout; the measurements go to {@code out} as
 * JSON lines.
 *
 * <p>Arguments, {@code key=value}: {@code data=DIR} (holds where-sorted.zarr, where-loose.zarr and their copies
 * NAME-parquet-4/), {@code from=} and {@code to=} (the window, {@code 2026-09-11T04:20:16}, UTC),
 * {@code master=local[2]}, {@code out=FILE}, {@code warmup=3}, {@code repeat=7}.
 */
public final class WhereQueries {
    private static final String FULL = "SELECT count(*), sum(speed) FROM %s";
    private static final String WHERE = " WHERE time >= TIMESTAMP '%s' AND time < TIMESTAMP '%s'";
    /** What the results are checked by: the id sum and time range name the rows exactly, not only their count. */
    private static final String CHECK = "SELECT count(*), sum(speed), sum(id), min(time), max(time) FROM %s%s";
    private static final Pattern RULED_OUT = Pattern.compile("chunksRuledOut=(\\d+ of \\d+)");
    /** Chunks per connector task and per Parquet file. */
    static final int TASK_CHUNKS = 4;
    /** Chunk records and record bytes of the arrays of bench/make_where_array.py. */
    private static final long CHUNK_BYTES = (1L << 18) * 20;
    private static final String CONNECTOR = "connector";
    private static final String PARQUET_FILES = "parquet, a file a task";
    private static final String PARQUET_SPLITS = "parquet, 128 MB splits";
    private final SparkSession spark;
    private final Tasks tasks = new Tasks();
    /** The tasks of each source's query, per stage, in the last timed run. */
    private final Map<String, String> taskCounts = new LinkedHashMap<>();
    /** Per source kind and array: the rows its scan gave Spark for the windowed query. */
    private final Map<String, Long> scanRows = new LinkedHashMap<>();
    /** The records of an array, for the JSON lines. */
    private long records;

    /**
     * A way to read an array: {@code kind} is {@link #CONNECTOR}, {@link #PARQUET_FILES} (each file one task, as many
     * tasks as the connector's) or {@link #PARQUET_SPLITS} (Spark's default split size, which packs files into fewer
     * tasks); {@code maxPartitionBytes} the Parquet split size, null for Spark's default.
     */
    record Source(String array, String kind, String table, Long maxPartitionBytes) {
    }

    private WhereQueries(SparkSession spark) {
        this.spark = spark;
        spark.sparkContext().addSparkListener(tasks);
    }

    public static void main(String[] args) throws IOException {
        Map<String, String> a = new LinkedHashMap<>();
        for (String arg : args) {
            String[] kv = arg.split("=", 2);
            if (kv.length != 2) {
                throw new IllegalArgumentException("arguments are key=value, not " + arg);
            }
            a.put(kv[0], kv[1]);
        }
        Path data = Path.of(a.getOrDefault("data", "/work/benchdata")).toAbsolutePath();
        if (!a.containsKey("from") || !a.containsKey("to")) {
            throw new IllegalArgumentException("from= and to= give the window of times");
        }
        String where = WHERE.formatted(a.get("from").replace('T', ' '), a.get("to").replace('T', ' '));
        int warmup = Integer.parseInt(a.getOrDefault("warmup", "3"));
        int repeat = Integer.parseInt(a.getOrDefault("repeat", "7"));
        String master = a.getOrDefault("master", "local[2]");
        SparkSession spark = SparkSession.builder().master(master).appName("stride-spark-where")
                .config("spark.ui.enabled", "false")
                .config("spark.driver.host", "127.0.0.1")
                .config("spark.driver.bindAddress", "127.0.0.1")
                // the window is UTC, as bench/where.sh gives it to the CLI
                .config("spark.sql.session.timeZone", "UTC")
                .getOrCreate();
        spark.sparkContext().setLogLevel("WARN");
        try (PrintStream out = new PrintStream(Files.newOutputStream(Path.of(a.getOrDefault("out", "spark-where.jsonl")),
                StandardOpenOption.CREATE, StandardOpenOption.APPEND), true)) {
            WhereQueries bench = new WhereQueries(spark);
            List<Source> sources = bench.sources(data);
            Map<String, String> queries = new LinkedHashMap<>();
            queries.put("window", FULL + where);
            queries.put("full", FULL);
            Map<String, String> ruledOut = bench.check(sources, where);
            Map<String, List<Double>> times = bench.time(sources, queries, warmup, repeat);
            JsonLines results = new JsonLines(out, master, bench.records);
            times.forEach((k, t) -> {
                String[] source = k.split("\\|");
                results.emit("where", source[0] + " " + source[1], source[2], "", Map.of("tasks", bench.taskCounts.get(k)), t);
            });
            System.out.print(bench.table(sources, times, ruledOut, queries.get("window").formatted("t")));
        } finally {
            spark.stop();
        }
    }

    /** Both arrays through the connector, with their statistics, and their Parquet copies at two split sizes. */
    private List<Source> sources(Path data) throws IOException {
        List<Source> out = new ArrayList<>();
        for (String name : List.of("where-sorted", "where-loose")) {
            String zarr = name.replace('-', '_') + "_zarr";
            spark.read().format("zarr").option("partitionBytes", TASK_CHUNKS * CHUNK_BYTES)
                    .load(data.resolve(name + ".zarr").toString()).createOrReplaceTempView(zarr);
            out.add(new Source(name, CONNECTOR, zarr, null));
            Path dir = data.resolve(name + "-parquet-" + TASK_CHUNKS);
            long largest;
            try (Stream<Path> files = Files.list(dir)) {
                largest = files.filter(p -> p.toString().endsWith(".parquet")).mapToLong(p -> p.toFile().length()).max()
                        .orElseThrow(() -> new IOException(dir + " holds no Parquet file: run bench/spark_where.sh"));
            }
            String parquet = name.replace('-', '_') + "_parquet";
            spark.read().parquet(dir.toString()).createOrReplaceTempView(parquet);
            out.add(new Source(name, PARQUET_FILES, parquet, largest));
            out.add(new Source(name, PARQUET_SPLITS, parquet, null));
        }
        return out;
    }

    /** Parquet's split size is a session setting, read when a query plans its scan. */
    private void use(Source s) {
        if (s.maxPartitionBytes() != null) {
            spark.conf().set("spark.sql.files.maxPartitionBytes", String.valueOf(s.maxPartitionBytes()));
        } else {
            spark.conf().unset("spark.sql.files.maxPartitionBytes");
        }
    }

    /**
     * Stops the run unless both sources of an array give the same rows, with and without the window; returns, per
     * array, what the connector's statistics ruled out of the windowed query (from its plan), and keeps how many rows
     * each source's scan gave Spark for it (Parquet's: those of the row groups its statistics left).
     */
    private Map<String, String> check(List<Source> sources, String where) {
        Map<String, String> ruledOut = new LinkedHashMap<>();
        Map<String, Row> first = new LinkedHashMap<>();
        for (String w : List.of("", where)) {
            for (Source s : sources) {
                use(s);
                Dataset<Row> query = spark.sql(CHECK.formatted(s.table(), w));
                Row row = query.collectAsList().getFirst();
                if (!w.isEmpty()) {
                    scanRows.put(s.kind() + "|" + s.array(), scanRows(query.queryExecution().executedPlan()));
                }
                System.err.println(s.kind() + " " + s.array() + (w.isEmpty() ? "" : " window") + ": " + row);
                Row seen = first.putIfAbsent(s.array() + w, row);
                records = w.isEmpty() ? row.getLong(0) : records;
                if (seen != null && !same(seen, row)) {
                    throw new IllegalStateException(s.array() + w + " differs: " + seen + " and " + row);
                }
                if (s.kind().equals(CONNECTOR) && !w.isEmpty()) {
                    String plan = spark.sql(CHECK.formatted(s.table(), w)).queryExecution().executedPlan().toString();
                    Matcher m = RULED_OUT.matcher(plan);
                    ruledOut.put(s.array(), m.find() ? m.group(1) : "none");
                    System.err.println(plan);
                }
            }
        }
        return ruledOut;
    }

    /** The rows the scans of an executed plan gave (their numOutputRows), through adaptive plans and their stages. */
    private static long scanRows(SparkPlan plan) {
        long rows = plan instanceof DataSourceScanExec || plan instanceof BatchScanExec ? plan.metrics().apply("numOutputRows").value() : 0;
        if (plan instanceof AdaptiveSparkPlanExec adaptive) {
            rows += scanRows(adaptive.executedPlan());
        } else if (plan instanceof QueryStageExec stage) {
            rows += scanRows(stage.plan());
        }
        for (SparkPlan child : CollectionConverters.asJava(plan.children())) {
            rows += scanRows(child);
        }
        return rows;
    }

    /** Equal, the double sum to rounding (the two sources add in different orders). */
    private static boolean same(Row x, Row y) {
        for (int c = 0; c < x.length(); c++) {
            if (x.get(c) instanceof Double d && y.get(c) instanceof Double e ? Math.abs(d - e) > 1e-9 * Math.abs(d) : !x.get(c).equals(y.get(c))) {
                return false;
            }
        }
        return true;
    }

    /** Every query on every source, round robin, so that drift of the shared machine hits all alike. */
    private Map<String, List<Double>> time(List<Source> sources, Map<String, String> queries, int warmup, int repeat) {
        Map<String, List<Double>> times = new LinkedHashMap<>();
        for (int i = 0; i < warmup + repeat; i++) {
            for (var q : queries.entrySet()) {
                for (Source s : sources) {
                    use(s);
                    tasks.reset();
                    double t = Stopwatch.time(() -> spark.sql(q.getValue().formatted(s.table())).collectAsList()).seconds();
                    if (i >= warmup) {
                        String key = s.kind() + "|" + s.array() + "|" + q.getKey();
                        times.computeIfAbsent(key, k -> new ArrayList<>()).add(t);
                        taskCounts.put(key, tasks.counts());
                    }
                }
            }
        }
        return times;
    }

    private static double median(List<Double> times) {
        List<Double> sorted = times.stream().sorted().toList();
        int n = sorted.size();
        return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
    }

    /** The median times of each array and query, and the ratio of the faster Parquet reading to the connector. */
    private String table(List<Source> sources, Map<String, List<Double>> times, Map<String, String> ruledOut, String query) {
        StringBuilder b = new StringBuilder("| array | query | connector | " + PARQUET_FILES + " | " + PARQUET_SPLITS
                + " | faster Parquet / connector | tasks (same order) | chunks ruled out | rows scanned (connector, Parquet) |\n| --- | --- | --- | --- | --- | --- | --- | --- | --- |\n");
        for (String array : sources.stream().map(Source::array).distinct().toList()) {
            for (String q : List.of("window", "full")) {
                List<String> keys = Stream.of(CONNECTOR, PARQUET_FILES, PARQUET_SPLITS).map(k -> k + "|" + array + "|" + q).toList();
                double[] t = keys.stream().mapToDouble(k -> median(times.get(k))).toArray();
                b.append(String.format(Locale.ROOT, "| %s | %s | %.3f s | %.3f s | %.3f s | %.2fx | %s | %s | %s |%n", array,
                        q.equals("window") ? "1% window" : "full scan", t[0], t[1], t[2], Math.min(t[1], t[2]) / t[0],
                        String.join(", ", keys.stream().map(taskCounts::get).toList()),
                        q.equals("window") ? ruledOut.get(array) : "-",
                        q.equals("window") ? scanRows.get(CONNECTOR + "|" + array) + ", " + scanRows.get(PARQUET_FILES + "|" + array) : "all"));
            }
        }
        return b.append("\nquery: `").append(query).append("` (full scan: the same without the WHERE); median of ")
                .append(times.values().iterator().next().size()).append(" runs each; tasks: per stage\n").toString();
    }
}
