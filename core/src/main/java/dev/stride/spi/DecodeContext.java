package dev.stride.spi;

import dev.stride.model.ZarrException;

import java.lang.foreign.MemorySegment;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.function.Supplier;

/**
 * What one reading thread decodes with: its reused off-heap buffers and the chunk being decoded, so a codec's
 * error names the array and the chunk key.
 */
public final class DecodeContext implements AutoCloseable {
    private final Scratch scratch;
    private String node = "";
    private String key = "";
    private final Map<Object, Object> locals = new IdentityHashMap<>();

    public DecodeContext(Scratch scratch) {
        this.scratch = scratch;
    }

    public DecodeContext() {
        this(new Scratch());
    }

    public Scratch scratch() {
        return scratch;
    }

    /** Names the chunk that the following decode calls work on. */
    public DecodeContext at(String node, String key) {
        this.node = node;
        this.key = key;
        scratch.at(node, key);
        return this;
    }

    public String node() {
        return node;
    }

    public String key() {
        return key;
    }

    /** A reused buffer of exactly {@code size} bytes owned by {@code owner} (a codec instance). */
    public MemorySegment buffer(Object owner, long size) {
        if (size < 0 || size > Scratch.MAX_BUFFER) {
            throw corrupt("needs " + size + " bytes, more than the 2 GiB a chunk may have");
        }
        return scratch.buffer(owner, size);
    }

    /** Per-thread state of a codec (an Inflater, a native context), made on first use and closed with this context. */
    @SuppressWarnings("unchecked")
    public <T> T local(Object owner, Supplier<T> create) {
        return (T) locals.computeIfAbsent(owner, o -> create.get());
    }

    /** An error naming the current array and chunk key. */
    public ZarrException.CorruptChunk corrupt(String reason) {
        return new ZarrException.CorruptChunk(node, key, reason);
    }

    public ZarrException.CorruptChunk corrupt(String reason, Throwable cause) {
        return new ZarrException.CorruptChunk(node, key, reason, cause);
    }

    /** An encoder's failure naming the current array and chunk key: the chunk is not written. */
    public ZarrException.WriteFailure unwritable(String reason, Throwable cause) {
        return new ZarrException.WriteFailure(node, key, reason, cause);
    }

    @Override
    public void close() {
        for (Object state : locals.values()) {
            if (state instanceof AutoCloseable c) {
                try {
                    c.close();
                } catch (Exception ignored) {
                    // closing native state cannot fail in a way the reader could act on
                }
            }
        }
        locals.clear();
        scratch.close();
    }
}
