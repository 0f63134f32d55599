package dev.stride.bench;

import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * What the passes went through, reported by JMH as rates: {@code records} per second, and {@code bytes} per
 * second, which are the decoded record bytes for Stride's passes and the decode-only baseline, and the stored
 * file bytes for the plain-read and mapped-sum baselines.
 */
@State(Scope.Thread)
@AuxCounters(AuxCounters.Type.OPERATIONS)
public class Counters {
    public long records;
    public long bytes;

    @Setup(Level.Iteration)
    public void reset() {
        records = 0;
        bytes = 0;
    }

    void add(long records, long bytes) {
        this.records += records;
        this.bytes += bytes;
    }
}
