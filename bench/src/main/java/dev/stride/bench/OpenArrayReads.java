package dev.stride.bench;

import dev.stride.ZarrArray;
import dev.stride.model.FieldAccessor.DoubleField;
import dev.stride.model.FieldAccessor.FloatField;
import dev.stride.model.FieldStats;
import dev.stride.model.ScanOptions;
import org.openjdk.jmh.annotations.Benchmark;

import java.util.List;

/** Passes over an array opened once for the trial: field sums, projection into a Java array, record visits. */
public class OpenArrayReads extends StrideBenchmark {

    /** Sum of one float64 field over the whole array, again and again. */
    @Benchmark
    public double scan(OpenArray.Any open, Threads threads, Counters counters) {
        FieldStats x = open.array().scan(BenchData.X, null, ScanOptions.threads(threads.threads));
        counters.add(open.records(), open.bytes());
        return x.sumAsDouble();
    }

    /** Sums of three fields (float64, float32, int64) in one pass: each chunk is read and decoded once for all three. */
    @Benchmark
    public double scanThreeFields(OpenArray.Any open, Threads threads, Counters counters) {
        List<FieldStats> all = open.array().scan(List.of(BenchData.X, BenchData.Y, BenchData.ID), null, ScanOptions.threads(threads.threads));
        counters.add(open.records(), open.bytes());
        return all.getFirst().sumAsDouble() + all.get(1).sumAsDouble() + all.get(2).sumAsDouble();
    }

    /** One float64 field of every record into a {@code double[]}, each thread filling its chunks' part. */
    @Benchmark
    public double[] readDoubles(OpenArray.Any open, DoubleColumn column, Threads threads, Counters counters) {
        open.array().readDoubles(BenchData.X, null, column.values, ScanOptions.threads(threads.threads));
        counters.add(open.records(), open.bytes());
        return column.values;
    }

    /** Every record visited in place, adding its float64 and float32 fields through the compiled accessors (one thread). */
    @Benchmark
    public double forEachRecord(OpenArray.Any open, Counters counters) {
        ZarrArray array = open.array();
        DoubleField x = array.field(BenchData.X, DoubleField.class);
        FloatField y = array.field(BenchData.Y, FloatField.class);
        double[] sum = new double[1];
        array.forEachRecord(null, (index, records, i) -> sum[0] += x.get(records, i) + y.get(records, i));
        counters.add(open.records(), open.bytes());
        return sum[0];
    }
}
