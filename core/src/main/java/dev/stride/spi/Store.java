package dev.stride.spi;

import java.lang.foreign.MemorySegment;

/**
 * Where the bytes of a hierarchy live, read side: keys like {@code zarr.json} or {@code points/c/0/1} map to values.
 * Listing ({@link ListableStore}) and writing ({@link WritableStore}) are separate capabilities a store may add; a
 * reader asks for them with {@code instanceof}.
 *
 * <p>Threads: every method may be called from many threads at once, on the same key too, and {@link #close} from
 * any thread while others read (their reads then fail with {@link dev.stride.model.ZarrException.Closed} or finish).
 * What is <em>not</em> shared is the {@link Scratch} a read is given: one thread uses one scratch, and a segment a
 * read returns belongs to that thread until its scratch is next used by this store.
 *
 * <p>Reads never invent data: a key is <em>missing</em> (null, -1) only when the store says it does not exist (for
 * files: nothing at that path, ENOENT). Anything else that keeps a key from being read is a
 * {@link dev.stride.model.ZarrException.StoreFailure} naming the key: a directory, a FIFO or another special file where the
 * value should be, permission denied, a value where a parent of the key should be (reason
 * {@link #PARENT_NOT_A_DIRECTORY}), a link leading out of the store ({@link #LEADS_OUTSIDE}).
 *
 * <p>Lifetimes: a segment read is valid until {@code scratch} is next used by this store, except a value a store
 * keeps (a whole-file mapping), which lives as long as the scratch's {@link ReadScope}: the scope of the array that
 * read it, released when that array closes.
 */
public interface Store extends AutoCloseable {

    /** The reason of a failure to read a key below a name that holds a value (ENOTDIR): that name has no keys below it. */
    String PARENT_NOT_A_DIRECTORY = "a parent of it is a file, not a directory";

    /** The reason of a refusal to read a key that a symbolic link leads out of the store. */
    String LEADS_OUTSIDE = "leads outside the store through a symbolic link";

    /** The reason of a failure to read a version of a value that was replaced since (a versioned {@link #read}). */
    String CHANGED = "changed while being read";

    /**
     * Bytes {@code [offset, offset + length)} of a key's value ({@code length < 0}: to the end), or null when the
     * key does not exist. A range beyond the value's end is an error.
     *
     * @throws dev.stride.model.ZarrException.StoreFailure when the value cannot be read, the range lies beyond its end, or
     *         the key leads outside the store
     * @throws dev.stride.model.ZarrException.Closed when the store or the scratch's scope is closed
     */
    MemorySegment read(String key, long offset, long length, Scratch scratch);

    /**
     * The first {@code length} bytes of a key's value (all of a shorter one) with the value's size, in one request: a
     * compressed chunk bounded before it is decoded, a shard index at the start. Null when the key does not exist.
     * The default asks {@link #size} and then reads; stores with a cheaper way override it.
     *
     * @throws dev.stride.model.ZarrException.StoreFailure as {@link #read}
     */
    default ValuePart readPrefix(String key, long length, Scratch scratch) {
        long size = size(key);
        if (size < 0) {
            return null;
        }
        MemorySegment bytes = read(key, 0, Math.min(length, size), scratch);
        return bytes == null ? null : new ValuePart(bytes, size);
    }

    /**
     * The last {@code length} bytes of a key's value (all of a shorter one) with the value's size, in one request,
     * without asking for the size first: a shard index at the end. Null when the key does not exist. The default
     * asks {@link #size} and then reads; stores with a cheaper way override it.
     *
     * @throws dev.stride.model.ZarrException.StoreFailure as {@link #read}
     */
    default ValuePart readSuffix(String key, long length, Scratch scratch) {
        long size = size(key);
        if (size < 0) {
            return null;
        }
        long n = Math.min(length, size);
        MemorySegment bytes = read(key, size - n, n, scratch);
        return bytes == null ? null : new ValuePart(bytes, size);
    }

    /**
     * Several ranges of one key's value in one call ({@code offsets[i]}, {@code lengths[i]}, each at least 0), or
     * null when the key does not exist; all segments are valid until {@code scratch} is next used by this store. The
     * default reads the span that covers them all once and slices it, which suits ranges close together; a store
     * that pays per byte moved overrides it.
     *
     * @throws dev.stride.model.ZarrException.StoreFailure as {@link #read}, or when the arrays differ in length
     */
    default MemorySegment[] readRanges(String key, long[] offsets, long[] lengths, Scratch scratch) {
        if (offsets.length != lengths.length) {
            throw new dev.stride.model.ZarrException.StoreFailure(key, offsets.length + " offsets but " + lengths.length + " lengths", null);
        }
        MemorySegment[] out = new MemorySegment[offsets.length];
        if (out.length == 0) {
            return size(key) < 0 ? null : out;
        }
        long start = Long.MAX_VALUE;
        long end = 0;
        for (int i = 0; i < out.length; i++) {
            start = Math.min(start, offsets[i]);
            end = Math.max(end, offsets[i] + lengths[i]);
        }
        MemorySegment span = read(key, start, end - start, scratch);
        if (span == null) {
            return null;
        }
        for (int i = 0; i < out.length; i++) {
            out[i] = span.asSlice(offsets[i] - start, lengths[i]);
        }
        return out;
    }

    /**
     * As {@link #read(String, long, long, Scratch)}, but only from the version of the value {@code version} names (the
     * {@link ValuePart#version} of an earlier read of this key by this store; null: any version): a value read in
     * parts, a shard's index and then its inner chunks, then never mixes two versions. A store that cannot tell versions
     * reads as {@code read} does (the default).
     *
     * @throws dev.stride.model.ZarrException.StoreFailure with the reason {@link #CHANGED} when the value is no longer
     *         that version (the reader starts again from its first read), else as {@link #read}
     */
    default MemorySegment read(String key, long offset, long length, Object version, Scratch scratch) {
        return read(key, offset, length, scratch);
    }

    /**
     * As {@link #readRanges(String, long[], long[], Scratch)}, only from the version {@code version} names, as
     * {@link #read(String, long, long, Object, Scratch)}.
     *
     * @throws dev.stride.model.ZarrException.StoreFailure with the reason {@link #CHANGED} when the value is no longer
     *         that version, else as {@link #readRanges(String, long[], long[], Scratch)}
     */
    default MemorySegment[] readRanges(String key, long[] offsets, long[] lengths, Object version, Scratch scratch) {
        return readRanges(key, offsets, lengths, scratch);
    }

    /**
     * Size of a key's value in bytes, or -1 when it does not exist; any other failure to find it is an error.
     *
     * @throws dev.stride.model.ZarrException.StoreFailure when the size cannot be read or the key leads outside the store
     */
    long size(String key);

    /**
     * A whole small value (metadata) on the heap, or null when missing (the same rules as {@link #read}).
     *
     * @throws dev.stride.model.ZarrException.StoreFailure when the value cannot be read
     */
    default byte[] readBytes(String key) {
        try (OneReadScratch scratch = new OneReadScratch()) {
            MemorySegment s = read(key, 0, -1, scratch);
            return s == null ? null : s.toArray(java.lang.foreign.ValueLayout.JAVA_BYTE);
        }
    }

    /**
     * How many reads a pass over an array should keep in flight ahead of decoding: 0 for a store whose reads cost no
     * waiting (files); a remote store answers its setting.
     */
    default int readAhead() {
        return 0;
    }

    /**
     * A hint that a key's value will be read soon, given a few units ahead by a pass that reads unit by unit (a store
     * whose {@link #readAhead()} is 0): a store that can prepare does (files: the kernel reads them into the page cache
     * in the background); nothing by default. Never fails.
     */
    default void willRead(String key) {
    }

    /**
     * Where this store can be opened again, in this JVM or another, through {@link StoreProvider}; null for a store
     * that lives only here (in memory).
     */
    default StoreDescriptor descriptor() {
        return null;
    }

    /** Ends reading; reads after it fail with {@link dev.stride.model.ZarrException.Closed}. Closing twice does nothing. */
    @Override
    void close();
}
