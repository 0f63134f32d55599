package dev.stride.bench;

import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/** A {@link ChunkDecoder} over a compressed array opened for the trial: its buffers are reused from pass to pass. */
@State(Scope.Benchmark)
public class OpenDecoder {
    private ChunkDecoder decoder;

    @Setup(Level.Trial)
    public void open(OpenArray.Compressed array, Threads threads) {
        decoder = new ChunkDecoder(array.name(), array.zarr(), threads.threads);
    }

    @TearDown(Level.Trial)
    public void close() {
        decoder.close();
    }

    ChunkDecoder decoder() {
        return decoder;
    }
}
