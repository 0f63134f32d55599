package dev.stride.internal.read;

import dev.stride.model.ZarrException;
import dev.stride.internal.memory.DecodeBudget;
import dev.stride.spi.ValuePart;

import java.util.Arrays;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Keeps the reads of a pass in flight ahead of its decoders, for stores whose reads wait on a network
 * ({@link dev.stride.spi.Store#readAhead()} above 0). The pass's units are cut into <em>batches</em>: one unit, or
 * consecutive units in one shard, whose byte ranges go to the store in one call so it can merge neighbours into one
 * request. Batch {@code b} is fetched on a virtual thread into slot {@code b % depth}, each slot with its own buffers;
 * the decoder that takes batch {@code b} hands the slot on to batch {@code b + depth} when it is done. So at most
 * {@code depth} batches are fetched or waiting, whatever the decoders' pace, and memory stays bounded.
 *
 * <p>Decoders take batches in ascending order (as {@link Workers} hands them out), so a decoder waiting for a batch
 * waits only for I/O or for a decoder busy with an earlier batch: no cycle.
 */
final class ReadAhead implements AutoCloseable {
    /**
     * Bytes of decoded records a batch of one shard's units stays within: large enough that a shard's neighbouring
     * ranges merge into few requests, small enough that several batches keep every decoder busy.
     */
    static final long BATCH_BYTES = 64L << 20;
    /**
     * Bytes of batches in flight at most: at 1 GB/s this hides 64 ms of latency per request, and more costs fresh
     * buffers without hiding more (bench/results/2026-12-01-issue15.md).
     */
    static final long AHEAD_BYTES = 64L << 20;
    /** Passes of more units than this fetch them one by one rather than keep a table of batches. */
    static final long MAX_BATCHED_UNITS = 1 << 24;

    /** The stored bytes of one batch's units, in order: null for a unit never written. */
    record Fetched(long[][] units, ValuePart[] stored) {
    }

    private final ArrayReader array;
    private final UnitGrid grid;
    private final long[] items;
    /** Batch {@code b} is the items {@code [starts[b], starts[b + 1])}; null: one item per batch. */
    private final long[] starts;
    private final long batches;
    private final Slot[] slots;
    /**
     * The pass's first failure, or its end: no batch is fetched after it, so a permanent failure does not start the
     * next {@code depth} requests (and their retries) while the pass winds down; the batches not fetched fail with it.
     */
    private final AtomicReference<Throwable> stopped = new AtomicReference<>();

    /** One batch's place: its buffers and the fetch under way or done. */
    private static final class Slot {
        final ReadSession session;
        long batch = -1;
        CompletableFuture<Fetched> fetched;

        Slot(ReadSession session) {
            this.session = session;
        }
    }

    /**
     * Starts fetching the first batches of the units numbered {@code items} (null: every unit of the grid), with up to
     * {@code inFlight} batches ahead.
     */
    ReadAhead(ArrayReader array, UnitGrid grid, long[] items, int inFlight, int decoders) {
        this.array = array;
        this.grid = grid;
        this.items = items;
        long count = items == null ? grid.count() : items.length;
        long unitBytes = Math.max(1, array.unitBytes());
        this.starts = array.source().shardLevels() > 0 && count <= MAX_BATCHED_UNITS
                ? batchStarts(count, Math.max(1, BATCH_BYTES / unitBytes)) : null;
        this.batches = starts == null ? count : starts.length - 1;
        long batchBytes = unitBytes * (starts == null ? 1 : Math.max(1, BATCH_BYTES / unitBytes));
        long byMemory = Math.min(AHEAD_BYTES, DecodeBudget.shared().limit() / 2) / batchBytes;
        int depth = (int) Math.min(batches, Math.min(inFlight, Math.max(decoders + 1L, byMemory)));
        this.slots = new Slot[Math.max(1, depth)];
        for (int i = 0; i < slots.length; i++) {
            slots[i] = new Slot(array.acquireForFetching());
        }
        for (int b = 0; b < slots.length; b++) {
            dispatch(b);
        }
    }

    long batches() {
        return batches;
    }

    /** Consecutive items in the same stored key (a shard), at most {@code perBatch} of them, form a batch. */
    private long[] batchStarts(long count, long perBatch) {
        long[] found = new long[16];
        int n = 0;
        String key = null;
        long size = 0;
        for (long i = 0; i < count; i++) {
            String k = array.keyOf(grid.unit(item(i)));
            if (!k.equals(key) || size == perBatch) {
                if (n == found.length) {
                    found = Arrays.copyOf(found, n * 2);
                }
                found[n++] = i;
                key = k;
                size = 0;
            }
            size++;
        }
        long[] out = Arrays.copyOf(found, n + 1);
        out[n] = count;
        return out;
    }

    private long item(long i) {
        return items == null ? i : items[(int) i];
    }

    private long first(long batch) {
        return starts == null ? batch : starts[(int) batch];
    }

    private long end(long batch) {
        return starts == null ? batch + 1 : starts[(int) batch + 1];
    }

    /**
     * Fetches batch {@code b} into its slot on a virtual thread; nothing past the end. Once the pass stopped the batch
     * fails at once with what stopped it, so a decoder already waiting for it does not wait for ever.
     */
    private void dispatch(long b) {
        if (b >= batches) {
            return;
        }
        Slot slot = slots[(int) (b % slots.length)];
        CompletableFuture<Fetched> fetched = new CompletableFuture<>();
        synchronized (slot) {
            slot.batch = b;
            slot.fetched = fetched;
            slot.notifyAll();
        }
        Throwable stop = stopped.get();
        if (stop != null) {
            fetched.completeExceptionally(stop);
            return;
        }
        Thread.ofVirtual().name("stride-fetch-" + b).start(() -> {
            try {
                fetched.complete(fetch(b, slot.session));
            } catch (Throwable t) {
                stop(t);
                fetched.completeExceptionally(t);
            }
        });
    }

    /** Fetches no more batches: the pass failed with {@code failure} (the first failure is kept). */
    void stop(Throwable failure) {
        stopped.compareAndSet(null, failure);
    }

    private Fetched fetch(long b, ReadSession session) {
        ChunkSource source = array.source();
        int n = (int) (end(b) - first(b));
        long[][] units = new long[n][];
        try {
            for (int i = 0; i < n; i++) {
                units[i] = grid.unit(item(first(b) + i));
            }
            return new Fetched(units, source.stored(units, session));
        } catch (ZarrException e) {
            throw e;
        } catch (RuntimeException e) {
            // a plug-in store failing outside the family still names what it was reading
            throw new ZarrException.StoreFailure(array.keyOf(grid.unit(item(first(b)))), "cannot be read: " + e, e);
        }
    }

    /**
     * The stored bytes of batch {@code b}, waiting for them; valid until {@link #release}. A failure of the fetch is
     * thrown as it was.
     */
    Fetched take(long b) {
        Slot slot = slots[(int) (b % slots.length)];
        CompletableFuture<Fetched> fetched;
        boolean interrupted = false;
        synchronized (slot) {
            // the batch before in this slot is being decoded: it is handed on soon, so an interrupt waits and stays set
            while (slot.batch != b) {
                try {
                    slot.wait();
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
            fetched = slot.fetched;
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
        try {
            return fetched.join();
        } catch (CompletionException e) {
            if (e.getCause() instanceof Error err) {
                throw err;
            }
            // fetches throw nothing checked
            throw e.getCause() instanceof RuntimeException r ? r : e;
        }
    }

    /** Batch {@code b} is decoded: its slot goes on to the batch {@code depth} later. */
    void release(long b) {
        dispatch(b + slots.length);
    }

    /**
     * Stops fetching, waits for the fetches under way (bounded by the store's timeouts) and gives back the buffers; called
     * once every decoder is done.
     */
    @Override
    public void close() {
        stop(new ZarrException.Closed("the read-ahead of a pass"));
        for (Slot slot : slots) {
            CompletableFuture<Fetched> fetched;
            synchronized (slot) {
                fetched = slot.fetched;
            }
            if (fetched != null) {
                fetched.handle((done, failure) -> null).join();
            }
            array.release(slot.session);
        }
    }
}
