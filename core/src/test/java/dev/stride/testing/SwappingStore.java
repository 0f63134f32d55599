package dev.stride.testing;

import dev.stride.spi.Scratch;
import dev.stride.spi.Store;
import dev.stride.spi.ValuePart;

import java.lang.foreign.MemorySegment;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntConsumer;

/**
 * A store that replaces a value right after its first part was read (a shard's index), so the reads of its other
 * parts meet another version, every time and without racing: {@code swap} is given the swap's number (1, 2, ...),
 * at most {@code swaps} times. It forwards the versioned reads and the read-ahead of the store it wraps.
 */
public final class SwappingStore extends ForwardingStore {
    private final String key;
    private final int swaps;
    private final IntConsumer swap;
    private final AtomicInteger swapped = new AtomicInteger();

    public SwappingStore(Store delegate, String key, int swaps, IntConsumer swap) {
        super(delegate);
        this.key = key;
        this.swaps = swaps;
        this.swap = swap;
    }

    /** How many times the value was replaced. */
    public int swapped() {
        return swapped.get();
    }

    @Override
    public ValuePart readSuffix(String key, long length, Scratch scratch) {
        return swapAfter(key, delegate.readSuffix(key, length, scratch));
    }

    @Override
    public ValuePart readPrefix(String key, long length, Scratch scratch) {
        return swapAfter(key, delegate.readPrefix(key, length, scratch));
    }

    private ValuePart swapAfter(String read, ValuePart part) {
        if (read.equals(key)) {
            int n = swapped.incrementAndGet();
            if (n <= swaps) {
                swap.accept(n);
            } else {
                swapped.decrementAndGet();
            }
        }
        return part;
    }

    @Override
    public MemorySegment read(String key, long offset, long length, Object version, Scratch scratch) {
        return delegate.read(key, offset, length, version, scratch);
    }

    @Override
    public MemorySegment[] readRanges(String key, long[] offsets, long[] lengths, Object version, Scratch scratch) {
        return delegate.readRanges(key, offsets, lengths, version, scratch);
    }

    @Override
    public int readAhead() {
        return delegate.readAhead();
    }
}
