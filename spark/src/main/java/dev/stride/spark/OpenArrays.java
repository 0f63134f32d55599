package dev.stride.spark;

import dev.stride.Zarr;
import dev.stride.ZarrArray;
import dev.stride.model.ZarrException;
import dev.stride.spi.StoreDescriptor;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * The arrays an executor keeps open between tasks, one per store descriptor. An open array keeps its chunk files
 * mapped and its decode buffers, so a later task or query reads from memory already faulted in instead of mapping or
 * copying each chunk afresh; a store client (S3, HTTP) is made once, not per task.
 *
 * <p>Each lease first reads the array's {@code zarr.json} (a v2 array's {@code .zarray}) again: an array whose metadata
 * changed (rewritten, or deleted), or whose kept store can no longer read it (a zip file replaced), is opened anew,
 * and closed once its last task is done. Chunks need no check here, because the local store checks a kept mapping
 * against its file on every read. An array nobody leased for {@link #IDLE_SECONDS} is closed,
 * which also lets go of files deleted since, and so is the one idle longest when more than {@link #MAX_IDLE} are.
 */
final class OpenArrays {
    static final long IDLE_SECONDS = 30;
    /** Idle arrays kept at most: a job over many arrays keeps the last ones it read, not every one for 30 s. */
    static final int MAX_IDLE = 32;
    private static final String METADATA_KEY = "zarr.json";
    private static final String V2_METADATA_KEY = ".zarray";
    private static final Map<StoreDescriptor, Entry> OPEN = new HashMap<>();

    private OpenArrays() {
    }

    /** A task's use of an open array; closing it more than once gives it back once. */
    static final class Lease implements AutoCloseable {
        private final Entry entry;
        private boolean closed;

        private Lease(Entry entry) {
            this.entry = entry;
        }

        ZarrArray array() {
            return entry.array;
        }

        @Override
        public void close() {
            if (!closed) {
                closed = true;
                release(entry);
            }
        }
    }

    private static final class Entry {
        final Zarr zarr;
        final ZarrArray array;
        final byte[] metadata;
        /** Guarded by {@link OpenArrays}' lock, as are the fields below. */
        int leases;
        boolean retired;
        long idleSince;

        Entry(Zarr zarr, ZarrArray array, byte[] metadata) {
            this.zarr = zarr;
            this.array = array;
            this.metadata = metadata;
        }

        void shut() {
            try (zarr; array) {
                // both closed, the array first
            }
        }
    }

    /** The array at the root of {@code store}, as its metadata is now. */
    static Lease lease(StoreDescriptor store) {
        Entry kept = take(store);
        if (kept != null) {
            boolean current = false;
            try {
                current = Arrays.equals(metadata(kept.zarr), kept.metadata);
            } catch (ZarrException.StoreFailure e) {
                // a store kept open can fail where a new one reads (a zip file replaced under it): it is opened anew
            } finally {
                if (!current) {
                    retire(store, kept);
                    release(kept);
                }
            }
            if (current) {
                return new Lease(kept);
            }
        }
        Entry fresh = open(store);
        synchronized (OpenArrays.class) {
            fresh.leases = 1;
            Entry before = OPEN.put(store, fresh);
            if (before != null) {
                before.retired = true;
                closeIfUnused(before);
            }
        }
        return new Lease(fresh);
    }

    private static Entry open(StoreDescriptor store) {
        Zarr zarr = Zarr.open(store);
        try {
            // read before the array opens: a change in between is seen, and the array opened anew, by the next lease
            byte[] metadata = metadata(zarr);
            return new Entry(zarr, zarr.array("/"), metadata);
        } catch (RuntimeException | Error e) {
            zarr.close();
            throw e;
        }
    }

    /** The document that says how the array reads: its v3 {@code zarr.json}, else its v2 {@code .zarray}. */
    private static byte[] metadata(Zarr zarr) {
        byte[] v3 = zarr.store().readBytes(METADATA_KEY);
        return v3 != null ? v3 : zarr.store().readBytes(V2_METADATA_KEY);
    }

    private static synchronized Entry take(StoreDescriptor store) {
        Entry e = OPEN.get(store);
        if (e != null) {
            e.leases++;
        }
        return e;
    }

    private static synchronized void retire(StoreDescriptor store, Entry e) {
        OPEN.remove(store, e);
        e.retired = true;
    }

    private static void release(Entry e) {
        Entry evicted;
        synchronized (OpenArrays.class) {
            e.leases--;
            if (closeIfUnused(e) || e.leases > 0) {
                return;
            }
            e.idleSince = System.nanoTime();
            evicted = oldestIdleBeyondLimit();
        }
        if (evicted != null) {
            evicted.shut();
        }
        CompletableFuture.delayedExecutor(IDLE_SECONDS, TimeUnit.SECONDS).execute(() -> closeIfIdle(e));
    }

    /** With more than {@value #MAX_IDLE} idle arrays, the one idle longest, taken out (the caller closes it). */
    private static Entry oldestIdleBeyondLimit() {
        int idle = 0;
        Map.Entry<StoreDescriptor, Entry> oldest = null;
        for (var kept : OPEN.entrySet()) {
            if (kept.getValue().leases == 0) {
                idle++;
                if (oldest == null || kept.getValue().idleSince < oldest.getValue().idleSince) {
                    oldest = kept;
                }
            }
        }
        if (idle <= MAX_IDLE) {
            return null;
        }
        OPEN.remove(oldest.getKey());
        oldest.getValue().retired = true;
        return oldest.getValue();
    }

    /** Arrays open now, leased or idle. */
    static synchronized int open() {
        return OPEN.size();
    }

    private static void closeIfIdle(Entry e) {
        synchronized (OpenArrays.class) {
            boolean idle = e.leases == 0 && System.nanoTime() - e.idleSince >= TimeUnit.SECONDS.toNanos(IDLE_SECONDS);
            if (!idle || !OPEN.values().remove(e)) {
                return;
            }
            e.retired = true;
        }
        e.shut();
    }

    /** Closes a retired entry without leases; true when it did. Called with the lock held. */
    private static boolean closeIfUnused(Entry e) {
        if (e.retired && e.leases == 0) {
            e.shut();
            return true;
        }
        return false;
    }
}
