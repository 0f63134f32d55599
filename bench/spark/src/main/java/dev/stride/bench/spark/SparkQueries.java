package dev.stride.bench.spark;

import dev.stride.Zarr;
import dev.stride.ZarrArray;
import org.apache.hadoop.conf.Configuration;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.util.HadoopInputFile;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Spark SQL queries over the benchmark arrays through the zarr connector, next to Spark's own vectorized Parquet reader
 * on the same records, in one session (one master, so the same task threads for both), one JSON line per measurement.
 * Built by the module bench/spark on Spark's own class path, run by bench/spark.sh; bench/spark_report.py prints the
 * tables.
 *
 * <p>Arguments, {@code key=value}: {@code data=DIR} (holds raw.zarr and zstd.zarr; the Parquet copies are written
 * there once, from raw.zarr through the connector), {@code master=local[2]} (or a cluster's {@code spark://HOST:PORT},
 * with {@code cores=N}, the task slots it has), {@code label=NAME} (what the results call the master; the master by
 * default), {@code spark.NAME=VALUE} (a setting of the session, such as {@code spark.jars} for a cluster's executors),
 * {@code out=FILE} (JSON lines, appended),
 * {@code warmup=8} (rounds of every query on every source before the timed ones; the split and sweep phases, after
 * the main one, take at most 3 and 2), {@code repeat=10}, {@code phases=main,split,sweep} (also {@code profile}: {@code query=} on
 * {@code source=} alone in a loop, {@code seconds=} long, recorded by Java Flight Recorder into {@code jfr=FILE}), {@code parquet=snappy,zstd,none}, {@code taskChunks=4}
 * (chunks per connector task, so per Parquet file as well), {@code zarr.NAME=VALUE} (an option of the connector's
 * sources in the main and split phases, e.g. {@code zarr.store.io=read}).
 *
 * <p>Fairness: both sides get the same tasks. The Parquet copies are written by the connector's tasks of
 * {@code taskChunks} chunks each, so every Parquet file holds the records of one connector task, and
 * {@code spark.sql.files.maxPartitionBytes} is set, per copy, to its largest file: each file is then one split and one
 * task, never packed with another (at Spark's default of 128 MB, compressed files of 40-70 MB get packed two to a task).
 */
public final class SparkQueries {
    static final Map<String, String> QUERIES = new LinkedHashMap<>();
    static final Map<String, String[]> COLUMNS = new LinkedHashMap<>();

    static {
        QUERIES.put("sum_x", "SELECT sum(x) FROM %s");
        QUERIES.put("all_fields", "SELECT sum(x), sum(y), sum(id), max(flags) FROM %s");
        QUERIES.put("group_by", "SELECT flags, avg(x) FROM %s GROUP BY flags");
        COLUMNS.put("sum_x", new String[]{"x"});
        COLUMNS.put("all_fields", new String[]{"x", "y", "id", "flags"});
        COLUMNS.put("group_by", new String[]{"flags", "x"});
    }

    private final SparkSession spark;
    private final Path data;
    private final String master;
    private final JsonLines results;
    private final int warmup;
    private final int repeat;
    private final int taskChunks;
    private final long records;
    private final long chunkRecords;
    private final long recordSize;
    private final Tasks tasks = new Tasks();
    /** Options given to the connector's sources of the main and split phases (arguments {@code zarr.NAME=VALUE}). */
    private final Map<String, String> zarrOptions = new LinkedHashMap<>();
    /** Per source: the table name and, for Parquet, the maxPartitionBytes that makes each file one task. */
    private final Map<String, Source> sources = new LinkedHashMap<>();

    record Source(String name, String table, String path, boolean zarr, long maxPartitionBytes, int files) {
    }

    SparkQueries(SparkSession spark, Path data, String master, PrintStream out, int warmup, int repeat, int taskChunks) {
        this.spark = spark;
        this.data = data;
        this.master = master;
        this.warmup = warmup;
        this.repeat = repeat;
        this.taskChunks = taskChunks;
        try (Zarr zarr = Zarr.open(data.resolve("raw.zarr").toString()); ZarrArray array = zarr.array("/")) {
            this.records = array.shape()[0];
            this.chunkRecords = array.metadata().chunkShape()[0];
            this.recordSize = array.layout().recordSize();
        }
        this.results = new JsonLines(out, master, records);
        spark.sparkContext().addSparkListener(tasks);
    }

    public static void main(String[] args) throws Exception {
        Map<String, String> a = new LinkedHashMap<>();
        for (String arg : args) {
            int eq = arg.indexOf('=');
            if (eq < 0) {
                throw new IllegalArgumentException("arguments are key=value, not " + arg);
            }
            a.put(arg.substring(0, eq), arg.substring(eq + 1));
        }
        Path data = Path.of(a.getOrDefault("data", "/tmp/benchdata")).toAbsolutePath();
        String master = a.getOrDefault("master", "local[2]");
        List<String> phases = List.of(a.getOrDefault("phases", "main,split,sweep").split(","));
        List<String> parquet = List.of(a.getOrDefault("parquet", "snappy,zstd,none").split(","));
        int cores = a.containsKey("cores") ? Integer.parseInt(a.get("cores"))
                : master.equals("local[*]") ? Runtime.getRuntime().availableProcessors()
                : Integer.parseInt(master.replaceAll("\\D", ""));
        SparkSession.Builder session = SparkSession.builder();
        a.forEach((k, v) -> {
            if (k.startsWith("spark.")) {
                session.config(k, v);
            }
        });
        SparkSession spark = session
                .master(master)
                .appName("stride-spark-bench")
                .config("spark.ui.enabled", "false")
                .config("spark.driver.host", "127.0.0.1")
                .config("spark.driver.bindAddress", "127.0.0.1")
                // a shuffle of at most 7 groups per task: one reducer per core, not 200 (the same for both sides)
                .config("spark.sql.shuffle.partitions", String.valueOf(cores))
                .getOrCreate();
        spark.sparkContext().setLogLevel("WARN");
        try (PrintStream out = new PrintStream(Files.newOutputStream(Path.of(a.getOrDefault("out", "spark.jsonl")),
                java.nio.file.StandardOpenOption.CREATE, java.nio.file.StandardOpenOption.APPEND), true)) {
            SparkQueries bench = new SparkQueries(spark, data, a.getOrDefault("label", master), out,
                    Integer.parseInt(a.getOrDefault("warmup", "8")), Integer.parseInt(a.getOrDefault("repeat", "10")),
                    Integer.parseInt(a.getOrDefault("taskChunks", "4")));
            a.forEach((k, v) -> {
                if (k.startsWith("zarr.")) {
                    bench.zarrOptions.put(k.substring(5), v);
                }
            });
            bench.prepare(parquet);
            bench.check();
            if (phases.contains("main")) {
                bench.main();
            }
            if (phases.contains("split")) {
                bench.split();
            }
            if (phases.contains("sweep")) {
                bench.sweep();
            }
            if (phases.contains("profile")) {
                bench.profile(a.getOrDefault("source", "zarr-raw"), a.getOrDefault("query", "all_fields"),
                        Double.parseDouble(a.getOrDefault("seconds", "30")), a.get("jfr"));
            }
        } finally {
            spark.stop();
        }
    }

    private long taskBytes() {
        return taskChunks * chunkRecords * recordSize;
    }

    /** The sources: both arrays through the connector, and the Parquet copies, written first if missing. */
    void prepare(List<String> parquet) throws IOException {
        for (String a : List.of("raw", "zstd")) {
            String path = data.resolve(a + ".zarr").toString();
            String table = "zarr_" + a;
            spark.read().format("zarr").option("partitionBytes", taskBytes()).options(zarrOptions).load(path)
                    .createOrReplaceTempView(table);
            sources.put("zarr-" + a, new Source("zarr-" + a, table, path, true, 0, 0));
        }
        for (String codec : parquet) {
            Path dir = data.resolve("parquet-" + codec + "-" + taskChunks);
            if (!Files.exists(dir.resolve("_SUCCESS"))) {
                Path tmp = data.resolve(dir.getFileName() + ".tmp");
                deleteTree(tmp);
                long t = System.nanoTime();
                spark.read().format("zarr").option("partitionBytes", taskBytes()).load(data.resolve("raw.zarr").toString())
                        .write().option("compression", codec).parquet(tmp.toString());
                Files.move(tmp, dir);
                System.err.printf("wrote %s in %.1f s%n", dir, (System.nanoTime() - t) / 1e9);
            }
            List<Path> files;
            try (Stream<Path> s = Files.list(dir)) {
                files = s.filter(p -> p.getFileName().toString().endsWith(".parquet")).sorted().toList();
            }
            long max = 0;
            long total = 0;
            int rowGroups = 0;
            Configuration conf = new Configuration();
            for (Path f : files) {
                long size = Files.size(f);
                max = Math.max(max, size);
                total += size;
                try (ParquetFileReader r = ParquetFileReader.open(HadoopInputFile.fromPath(
                        new org.apache.hadoop.fs.Path(f.toUri()), conf))) {
                    rowGroups += r.getFooter().getBlocks().size();
                }
            }
            String table = "parquet_" + codec;
            spark.read().parquet(dir.toString()).createOrReplaceTempView(table);
            Source s = new Source("parquet-" + codec, table, dir.toString(), false, max, files.size());
            sources.put(s.name(), s);
            results.emit("info", s.name(), "", "", Map.of("files", files.size(), "rowGroups", rowGroups, "bytes", total,
                    "maxPartitionBytes", max), null);
        }
        results.emit("info", "", "", "", Map.of("zarrOptions", zarrOptions.toString(), "records", records, "chunkRecords", chunkRecords, "recordSize", recordSize,
                "taskChunks", taskChunks, "cpu", cpu(), "java", System.getProperty("java.vm.version"),
                "spark", spark.version(), "cores", Runtime.getRuntime().availableProcessors()), null);
    }

    /** Planning for a source: Parquet's split size is a session setting, read when a query plans its scan. */
    private void use(Source s) {
        if (s.zarr()) {
            spark.conf().unset("spark.sql.files.maxPartitionBytes");
        } else {
            spark.conf().set("spark.sql.files.maxPartitionBytes", String.valueOf(s.maxPartitionBytes()));
        }
    }

    /** Every query gives the same answer on every source (sums to rounding), or the run stops. */
    void check() {
        for (var q : QUERIES.entrySet()) {
            List<Row> first = null;
            String firstName = null;
            for (Source s : sources.values()) {
                use(s);
                List<Row> rows = new ArrayList<>(spark.sql(q.getValue().formatted(s.table())).collectAsList());
                rows.sort(Comparator.comparing(Row::toString));
                if (first == null) {
                    first = rows;
                    firstName = s.name();
                    System.err.println(q.getKey() + ": " + rows);
                } else if (!same(first, rows)) {
                    throw new IllegalStateException(q.getKey() + " differs: " + firstName + " " + first + ", " + s.name() + " " + rows);
                }
            }
        }
        // the plans, once, for the record
        for (Source s : sources.values()) {
            use(s);
            System.err.println("== plan of all_fields on " + s.name() + "\n"
                    + spark.sql(QUERIES.get("all_fields").formatted(s.table())).queryExecution().executedPlan().treeString());
        }
    }

    private static boolean same(List<Row> a, List<Row> b) {
        if (a.size() != b.size()) {
            return false;
        }
        for (int i = 0; i < a.size(); i++) {
            Row x = a.get(i);
            Row y = b.get(i);
            for (int c = 0; c < x.length(); c++) {
                Object u = x.get(c);
                Object v = y.get(c);
                if (u instanceof Double d && v instanceof Double e) {
                    if (Math.abs(d - e) > 1e-6 + 1e-9 * Math.abs(d)) {
                        return false;
                    }
                } else if (!u.equals(v)) {
                    return false;
                }
            }
        }
        return true;
    }

    /** The queries on every source, round robin (query by query, source by source) so drift hits all alike. */
    void main() {
        Map<String, List<Double>> times = new LinkedHashMap<>();
        Map<String, List<Double>> taskTimes = new LinkedHashMap<>();
        Map<String, List<Double>> others = new LinkedHashMap<>();
        Map<String, Long> diskRead = new LinkedHashMap<>();
        Map<String, List<Double>> canaries = new LinkedHashMap<>();
        Map<String, String> taskCounts = new LinkedHashMap<>();
        for (int i = 0; i < warmup + repeat; i++) {
            for (var q : QUERIES.entrySet()) {
                for (Source s : sources.values()) {
                    use(s);
                    String key = s.name() + "|" + q.getKey();
                    tasks.reset();
                    long disk = Stopwatch.diskKiB();
                    Stopwatch.Timed t = Stopwatch.time(() -> spark.sql(q.getValue().formatted(s.table())).collectAsList());
                    disk = Stopwatch.diskKiB() - disk;
                    if (i >= warmup) {
                        diskRead.merge(key, disk, Long::sum);
                        times.computeIfAbsent(key, k -> new ArrayList<>()).add(t.seconds());
                        others.computeIfAbsent(key, k -> new ArrayList<>()).add(t.otherCpuSeconds());
                        canaries.computeIfAbsent(key, k -> new ArrayList<>()).add(t.canaryMillis());
                        taskTimes.computeIfAbsent(key, k -> new ArrayList<>()).add(tasks.runSeconds());
                        taskCounts.put(key, tasks.counts());
                    }
                }
            }
        }
        for (var e : times.entrySet()) {
            String[] k = e.getKey().split("\\|");
            results.emit("main", k[0], k[1], "", Map.of("tasks", taskCounts.get(e.getKey()), "taskSeconds", taskTimes.get(e.getKey()),
                    "otherCpuSeconds", others.get(e.getKey()), "diskKiB", diskRead.get(e.getKey()),
                    "canaryMillis", canaries.get(e.getKey())), e.getValue());
        }
    }

    /**
     * Where a task's time goes, per query's columns: the connector's units alone (read and decode every unit of each
     * task's box, with and without touching each 4 KiB page of the records), the scan alone (batches filled, rows
     * counted: Parquet's too), against the whole query of {@link #main()}.
     */
    void split() {
        Map<String, List<Double>> times = new LinkedHashMap<>();
        Map<String, List<Double>> others = new LinkedHashMap<>();
        List<long[]> boxes = new ArrayList<>();
        for (long start = 0; start < records; start += taskChunks * chunkRecords) {
            boxes.add(new long[]{start, Math.min(records, start + taskChunks * chunkRecords)});
        }
        JavaSparkContext jsc = JavaSparkContext.fromSparkContext(spark.sparkContext());
        // the code is warm from main(); the units-only job is new, so a few rounds
        int warmup = Math.min(this.warmup, 3);
        for (int i = 0; i < warmup + repeat; i++) {
            for (Source s : sources.values()) {
                use(s);
                if (s.zarr()) {
                    for (boolean touch : new boolean[]{false, true}) {
                        String path = s.path();
                        Stopwatch.Timed t = Stopwatch.time(() -> {
                            long n = jsc.parallelize(boxes, boxes.size()).map(box -> TaskParts.units(path, box, touch)).reduce(Long::sum);
                            if (n != records) {
                                throw new IllegalStateException("units held " + n + " records");
                            }
                        });
                        if (i >= warmup) {
                            String key = s.name() + "|" + (touch ? "units+touch" : "units");
                            times.computeIfAbsent(key, k -> new ArrayList<>()).add(t.seconds());
                            others.computeIfAbsent(key, k -> new ArrayList<>()).add(t.otherCpuSeconds());
                        }
                    }
                }
                for (var q : COLUMNS.entrySet()) {
                    String[] cols = q.getValue();
                    Stopwatch.Timed t = Stopwatch.time(() -> {
                        long n = TaskParts.scanOnly(spark.table(s.table()).select(cols[0], Arrays.copyOfRange(cols, 1, cols.length)));
                        if (n != records) {
                            throw new IllegalStateException("the scan gave " + n + " rows");
                        }
                    });
                    if (i >= warmup) {
                        String key = s.name() + "|scan:" + q.getKey();
                        times.computeIfAbsent(key, k -> new ArrayList<>()).add(t.seconds());
                        others.computeIfAbsent(key, k -> new ArrayList<>()).add(t.otherCpuSeconds());
                    }
                }
            }
        }
        for (var e : times.entrySet()) {
            String[] k = e.getKey().split("\\|");
            results.emit("split", k[0], k[1], "", Map.of("otherCpuSeconds", others.get(e.getKey())), e.getValue());
        }
    }

    /**
     * The connector's options: {@code batchRows} at this run's task size, then {@code partitionBytes} (in chunks, and
     * the default 128 MiB) at the default batch; Parquet at Spark's default split size next to the one of {@link #main()}.
     */
    void sweep() {
        Map<String, Dataset<Row>> configs = new LinkedHashMap<>();
        for (String a : List.of("raw", "zstd")) {
            String path = data.resolve(a + ".zarr").toString();
            for (int rows : new int[]{1024, 4096, 8192, 32768, 131072}) {
                configs.put("zarr-" + a + "|batchRows=" + rows, spark.read().format("zarr")
                        .option("partitionBytes", taskBytes()).option("batchRows", rows).load(path));
            }
            for (int chunks : new int[]{1, 2, 8, 16, 32}) {
                configs.put("zarr-" + a + "|partitionBytes=" + chunks + "ch", spark.read().format("zarr")
                        .option("partitionBytes", chunks * chunkRecords * recordSize).load(path));
            }
            configs.put("zarr-" + a + "|partitionBytes=default", spark.read().format("zarr").load(path));
            for (String io : new String[]{"read", "map"}) {
                configs.put("zarr-" + a + "|store.io=" + io, spark.read().format("zarr")
                        .option("partitionBytes", taskBytes()).option("store.io", io).load(path));
            }
        }
        for (Source s : sources.values()) {
            if (!s.zarr()) {
                configs.put(s.name() + "|maxPartitionBytes=default", spark.read().parquet(s.path()));
                configs.put(s.name() + "|maxPartitionBytes=" + s.maxPartitionBytes(), spark.read().parquet(s.path()));
            }
        }
        Map<String, List<Double>> times = new LinkedHashMap<>();
        Map<String, List<Double>> others = new LinkedHashMap<>();
        Map<String, String> taskCounts = new LinkedHashMap<>();
        int sweepWarmup = Math.min(warmup, 2);
        int sweepRepeat = Math.max(3, repeat / 2);
        for (int i = 0; i < sweepWarmup + sweepRepeat; i++) {
            for (String q : List.of("sum_x", "all_fields")) {
                for (var c : configs.entrySet()) {
                    String view = "sweep_view";
                    c.getValue().createOrReplaceTempView(view);
                    if (c.getKey().contains("maxPartitionBytes=default")) {
                        spark.conf().unset("spark.sql.files.maxPartitionBytes");
                    } else if (c.getKey().contains("maxPartitionBytes=")) {
                        spark.conf().set("spark.sql.files.maxPartitionBytes", c.getKey().replaceAll(".*=", ""));
                    }
                    tasks.reset();
                    Stopwatch.Timed t = Stopwatch.time(() -> spark.sql(QUERIES.get(q).formatted(view)).collectAsList());
                    if (i >= sweepWarmup) {
                        String key = c.getKey() + "|" + q;
                        times.computeIfAbsent(key, k -> new ArrayList<>()).add(t.seconds());
                        others.computeIfAbsent(key, k -> new ArrayList<>()).add(t.otherCpuSeconds());
                        taskCounts.put(key, tasks.counts());
                    }
                }
            }
        }
        for (var e : times.entrySet()) {
            String[] k = e.getKey().split("\\|");
            results.emit("sweep", k[0], k[2], k[1], Map.of("tasks", taskCounts.get(e.getKey()), "otherCpuSeconds", others.get(e.getKey())),
                    e.getValue());
        }
    }

    /**
     * One source and query in a loop, for a profiler: first {@code warmup} rounds of every query on every source, as
     * {@link #main()} does before it times (the JIT compiles the connector's loops differently after other histories:
     * the all-fields query alone in a fresh JVM ran 2x slower than after the rounds), then, when {@code jfr} names a
     * file, a Java Flight Recorder recording (settings "profile") of the loop alone.
     */
    void profile(String source, String query, double seconds, String jfr) throws Exception {
        for (int i = 0; i < warmup; i++) {
            for (var q : QUERIES.entrySet()) {
                for (Source w : sources.values()) {
                    use(w);
                    spark.sql(q.getValue().formatted(w.table())).collectAsList();
                }
            }
        }
        Source s = sources.get(source);
        use(s);
        jdk.jfr.Recording recording = null;
        if (jfr != null) {
            recording = new jdk.jfr.Recording(jdk.jfr.Configuration.getConfiguration("profile"));
            recording.start();
        }
        List<Double> times = new ArrayList<>();
        long end = System.nanoTime() + (long) (seconds * 1e9);
        while (System.nanoTime() < end) {
            times.add(Stopwatch.time(() -> spark.sql(QUERIES.get(query).formatted(s.table())).collectAsList()).seconds());
        }
        if (recording != null) {
            recording.stop();
            recording.dump(Path.of(jfr));
            recording.close();
        }
        results.emit("profile", source, query, "", Map.of(), times);
    }

    private static String cpu() {
        try (Stream<String> lines = Files.lines(Path.of("/proc/cpuinfo"))) {
            return lines.filter(l -> l.startsWith("model name")).findFirst().map(l -> l.replaceAll(".*:\\s*", "")).orElse("?");
        } catch (IOException e) {
            return "?";
        }
    }

    private static void deleteTree(Path p) throws IOException {
        if (Files.exists(p)) {
            try (Stream<Path> s = Files.walk(p)) {
                for (Path q : s.sorted(Comparator.reverseOrder()).toList()) {
                    Files.delete(q);
                }
            }
        }
    }
}
