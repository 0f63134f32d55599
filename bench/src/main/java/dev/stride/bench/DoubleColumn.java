package dev.stride.bench;

import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * A {@code double[]} for every record of the array, made once for the trial: projections fill it again and again, so
 * they are measured without allocating 268 MB per pass (whose cost swings with the heap's size from run to run).
 */
@State(Scope.Benchmark)
public class DoubleColumn {
    double[] values;

    @Setup(Level.Trial)
    public void allocate(OpenArray.Any open) {
        values = new double[Math.toIntExact(open.records())];
    }
}
