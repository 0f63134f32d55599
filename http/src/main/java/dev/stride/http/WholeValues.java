package dev.stride.http;

import dev.stride.model.ZarrException;
import dev.stride.spi.Scratch;
import dev.stride.spi.ValuePart;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.Collections;
import java.util.Map;
import java.util.WeakHashMap;
import java.util.function.LongFunction;

/**
 * The whole values a store reads when its server ignores {@code Range}: each reading thread's {@link Scratch} keeps
 * the last one it fetched, in a buffer of that scratch (so counted against its decode budget, and one value per
 * thread at most), and a shard's index and then its inner chunks cost one GET. A kept value is forgotten when the
 * scratch's pass ends ({@link Scratch#releaseHeld}), since values may change between passes, as shard indexes are.
 * Safe from many threads, each with its own scratch.
 */
final class WholeValues {
    /** The owner of the scratch buffer a value is kept in. */
    private final Object buffer = new Object();
    /** The owner of an empty arena held for the pass: once the scratch releases it, its pass has ended. */
    private final Object pass = new Object();
    private final Map<Scratch, Kept> kept = Collections.synchronizedMap(new WeakHashMap<>());
    /** Names the store in refusals: {@code <uri> ignores Range requests}. */
    private final String source;

    private record Kept(String key, ValuePart value, Arena pass) {
        boolean holds(String k) {
            return key.equals(k) && pass.scope().isAlive() && value.bytes().scope().isAlive();
        }
    }

    /** Fetches a whole value into memory that {@code memory} gives for its length; null when the key does not exist. */
    @FunctionalInterface
    interface Fetch {
        ValuePart into(LongFunction<MemorySegment> memory);
    }

    WholeValues(String source) {
        this.source = source;
    }

    /**
     * The whole value of {@code key}, kept by {@code scratch} from an earlier read of this pass or fetched now into
     * its buffer; null when the key does not exist.
     *
     * @throws ZarrException.OverBudget when the decode budget cannot hold the whole value
     */
    ValuePart get(String key, Scratch scratch, Fetch fetch) {
        Kept k = kept.get(scratch);
        if (k != null && k.holds(key)) {
            return k.value;
        }
        kept.remove(scratch);
        ValuePart whole = fetch.into(n -> memory(scratch, key, n));
        if (whole == null) {
            return null;
        }
        Arena marker = Arena.ofShared();
        scratch.hold(pass, marker);
        kept.put(scratch, new Kept(key, whole, marker));
        return whole;
    }

    private MemorySegment memory(Scratch scratch, String key, long n) {
        String why = source + " ignores Range requests, so reading part of a value reads all of it";
        if (n > Scratch.MAX_BUFFER) {
            throw new ZarrException.OverBudget(null, key, why + ", and its " + n + " bytes are more than one buffer holds ("
                    + Scratch.MAX_BUFFER + ")");
        }
        try {
            return scratch.buffer(buffer, n);
        } catch (ZarrException.OverBudget e) {
            throw new ZarrException.OverBudget(e.node(), key, why + "; " + e.reason());
        }
    }
}
