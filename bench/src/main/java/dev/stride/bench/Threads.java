package dev.stride.bench;

import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

/** How many threads one pass reads with (Stride's own parallelism; JMH itself runs one benchmark thread). */
@State(Scope.Benchmark)
public class Threads {
    @Param({"1", "2"})
    public int threads;
}
