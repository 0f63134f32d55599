package dev.stride.spi;

import java.lang.foreign.MemorySegment;
import java.util.OptionalLong;

/**
 * Where the bytes of a hierarchy live, read side: keys like {@code zarr.json} or {@code points/c/0/1} map to values
 * (byte strings). This is what a store plug-in implements, with {@link StoreProvider} to open it by URI; listing
 * ({@link ListableStore}) and writing ({@link WritableStore}) are capabilities a store adds by implementing those
 * interfaces, which a reader tests with {@code instanceof}.
 *
 * <p><b>Keys</b> are {@code /}-separated non-empty segments, none {@code .} or {@code ..}, without a leading or
 * trailing {@code /}. Every call but {@link #willRead} refuses any other key (an empty one, {@code a//b},
 * {@code ../x}) with a {@link dev.stride.model.ZarrException.StoreFailure} naming it, so no key reaches outside its
 * store. Within a segment a store holds any other character (spaces, letters beyond ASCII, {@code % ? # + & =}),
 * encoding keys as its medium needs (a remote store percent-encodes them in URIs); it may refuse a character its
 * medium cannot hold (a backslash or NUL in a file name).
 *
 * <p><b>Missing or failed.</b> Reads never invent data: a key is <em>missing</em> (null, -1) only when the store
 * says it does not exist (for files: nothing at that path, ENOENT; for HTTP: 404). Anything else that keeps a key
 * from being read is a {@link dev.stride.model.ZarrException.StoreFailure} whose {@code chunkKey()} is the key as
 * given and whose reason says why in plain words; when a server refused or failed a request, the reason names the
 * request's URI. Examples: a directory, a FIFO or another special file where the value should be, permission
 * denied, HTTP 403, a value where a parent of the key should be (reason {@link #PARENT_NOT_A_DIRECTORY}), a link
 * leading out of the store ({@link #LEADS_OUTSIDE}). A store whose folders are real (directories) reads a key naming
 * a folder as such a failure; in an object store a folder is only a shared prefix, and the key is missing.
 *
 * <p><b>Threads</b>: every method may be called from many threads at once, on the same key too, and {@link #close}
 * from any thread while others read (their reads then fail with {@link dev.stride.model.ZarrException.Closed} or
 * finish). What is <em>not</em> shared is the {@link Scratch} a read is given: one thread uses one scratch.
 *
 * <p><b>Lifetimes</b>: a segment a read returns is read-only to the caller and valid until {@code scratch} is next
 * used by this store, except a value a store keeps (a whole-file mapping), which lives as long as the scratch's
 * {@link ReadScope}: the scope of the array that read it, released when that array closes.
 *
 * <p><b>Checking a store</b>: core's test-jar ({@code dev.stride:stride-core}, type {@code test-jar}) holds the tests
 * every store must pass, in {@code dev.stride.testing}: {@code StoreContract} for this interface,
 * {@code ListableStoreContract} and {@code WritableStoreContract} for the others. A store's test extends the one that
 * matches what it implements and says how to make a store holding given values.
 */
public interface Store extends AutoCloseable {

    /**
     * The reason ({@code reason()}) of a failure to read a key below a name that holds a value (ENOTDIR), in a store
     * whose folders are real: that name has no keys below it.
     */
    String PARENT_NOT_A_DIRECTORY = "a parent of it is a file, not a directory";

    /** The reason ({@code reason()}) of a refusal to read or write a key that a symbolic link leads out of the store. */
    String LEADS_OUTSIDE = "leads outside the store through a symbolic link";

    /**
     * The reason ({@code reason()}) of a failure to read a version of a value that was replaced since (a versioned
     * {@link #read(String, long, long, Object, Scratch)}): the reader starts again from its first read of the value.
     */
    String CHANGED = "changed while being read";

    /**
     * Bytes {@code [offset, offset + length)} of a key's value ({@code length < 0}: from {@code offset} to the end),
     * or null when the key does not exist. A range of no bytes that starts within the value or at its end is an empty
     * segment, not null; a range that starts before 0 or ends past the value's end is a failure naming the key.
     *
     * @param key the key, checked as the type's documentation says
     * @param offset where the range starts, at least 0
     * @param length how many bytes, or a negative number for all from {@code offset} on
     * @param scratch the reading thread's scratch; the store may put the bytes in a buffer of it (see the lifetimes
     *        above)
     * @return exactly the bytes asked for, read-only to the caller, or null when the key does not exist
     * @throws dev.stride.model.ZarrException.StoreFailure when the value cannot be read, the range lies beyond its end, or
     *         the key leads outside the store
     * @throws dev.stride.model.ZarrException.Closed when the store or the scratch's scope is closed
     */
    MemorySegment read(String key, long offset, long length, Scratch scratch);

    /**
     * The first {@code length} bytes of a key's value (all of a shorter one; none for {@code length} 0) with the
     * value's size, in one request: a compressed chunk bounded before it is decoded, a shard index at the start. Null
     * when the key does not exist. The default asks {@link #size} and then reads; stores with a cheaper way override
     * it, and may give the value's {@link ValuePart#version} for the reads of it that follow. A writable store must
     * override it (and {@link #readSuffix}) to read one version: a value replaced between the two calls would give one
     * version's size with another's bytes, or fail.
     *
     * @param key the key, as the SPI allows keys
     * @param length how many bytes at most, at least 0
     * @param scratch the calling thread's buffers
     * @return the bytes read and the value's size, or null when the key does not exist
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
     * The last {@code length} bytes of a key's value (all of a shorter one; none for {@code length} 0) with the
     * value's size, in one request, without asking for the size first: a shard index at the end. Null when the key
     * does not exist. The default asks {@link #size} and then reads, which a writable store must override as
     * {@link #readPrefix} says; stores with a cheaper way override it (an HTTP suffix range), and may give the value's
     * {@link ValuePart#version}.
     *
     * @param key the key, as the SPI allows keys
     * @param length how many bytes at most, at least 0
     * @param scratch the calling thread's buffers
     * @return the bytes read and the value's size, or null when the key does not exist
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
     * Several ranges of one key's value in one call ({@code offsets[i]}, {@code lengths[i]}, each at least 0, in any
     * order, overlapping or empty), or null when the key does not exist; segment {@code i} holds exactly
     * {@code lengths[i]} bytes, and all are valid until {@code scratch} is next used by this store. No ranges give an
     * empty array for a key that exists. The default reads the span that covers them all once and slices it, which
     * suits ranges close together; a store that pays per byte moved overrides it.
     *
     * @param key the key, as the SPI allows keys
     * @param offsets where each range starts in the value
     * @param lengths how long each range is
     * @param scratch the calling thread's buffers
     * @return one segment per range, or null when the key does not exist
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
     * @param key the key, as the SPI allows keys
     * @param offset where the range starts
     * @param length its length, or -1 for the rest of the value
     * @param version the version to read, or null for any
     * @param scratch the calling thread's buffers
     * @return the bytes, or null when the key does not exist
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
     * @param key the key, as the SPI allows keys
     * @param offsets where each range starts in the value
     * @param lengths how long each range is
     * @param version the version to read, or null for any
     * @param scratch the calling thread's buffers
     * @return one segment per range, or null when the key does not exist
     * @throws dev.stride.model.ZarrException.StoreFailure with the reason {@link #CHANGED} when the value is no longer
     *         that version, else as {@link #readRanges(String, long[], long[], Scratch)}
     */
    default MemorySegment[] readRanges(String key, long[] offsets, long[] lengths, Object version, Scratch scratch) {
        return readRanges(key, offsets, lengths, scratch);
    }

    /**
     * Size of a key's value in bytes, or -1 when it does not exist; any other failure to find it is an error, as for
     * {@link #read}.
     *
     * @param key the key, as the SPI allows keys
     * @return the size in bytes, or -1 when the key does not exist
     * @throws dev.stride.model.ZarrException.StoreFailure when the size cannot be read or the key leads outside the store
     */
    long size(String key);

    /**
     * A key's value's size and version tag, found together without reading the value (one look at a file, one HEAD),
     * or null when the key does not exist. The tag changes whenever the value is replaced or rewritten (a local file's
     * modification time and identity, an object's ETag); it is null when the store cannot tell one cheaply, as by
     * default, which asks {@link #size} alone. Chunk statistics record both and trust themselves only while both are
     * unchanged: a store that gives a tag must never give an old tag for a new value.
     *
     * @param key the key, as the SPI allows keys
     * @return the value's size and tag (the tag possibly null), or null when the key does not exist
     * @throws dev.stride.model.ZarrException.StoreFailure when the key cannot be looked at, as for {@link #size}
     */
    default ValueIdentity identity(String key) {
        long size = size(key);
        return size < 0 ? null : new ValueIdentity(size, null);
    }

    /**
     * A whole small value (metadata) on the heap, a new array the caller owns, or null when missing (the same rules as
     * {@link #read}). A store may refuse a value too large for the heap.
     *
     * @param key the key, as the SPI allows keys
     * @return the whole value, or null when the key does not exist
     * @throws dev.stride.model.ZarrException.StoreFailure when the value cannot be read
     */
    default byte[] readBytes(String key) {
        try (OneReadScratch scratch = new OneReadScratch()) {
            MemorySegment s = read(key, 0, -1, scratch);
            return s == null ? null : s.toArray(java.lang.foreign.ValueLayout.JAVA_BYTE);
        }
    }

    /**
     * How many reads a pass over an array should keep in flight ahead of decoding, at least 0: 0 for a store whose
     * reads cost no waiting (files, memory; the default); a remote store answers its setting.
     *
     * @return reads to keep in flight, 0 or more
     */
    default int readAhead() {
        return 0;
    }

    /**
     * A hint that a key's value will be read soon, given a few units ahead by a pass that reads unit by unit (a store
     * whose {@link #readAhead()} is 0): a store that can prepare does (files: the kernel reads them into the page cache
     * in the background); nothing by default. Never fails, not even for a missing or invalid key.
     *
     * @param key a key that will be read soon
     */
    default void willRead(String key) {
    }

    /**
     * How many requests this store has sent to its server since it was opened, retries included, for a store that
     * reads through a network; empty for one that sends none (files, memory; the default). Comparing it before and
     * after a pass tells what the pass cost in requests, which is what a remote layout is judged by (tuning reports it).
     *
     * @return the requests sent so far, or empty
     */
    default OptionalLong requestsSent() {
        return OptionalLong.empty();
    }

    /**
     * Where this store can be opened again, in this JVM or another, through the {@link StoreProvider} of the
     * descriptor's scheme: {@code provider.open(descriptor())} must read the same values and give back an equal
     * descriptor. Null for a store that lives only here (in memory; the default).
     *
     * @return where to open this store again, or null
     */
    default StoreDescriptor descriptor() {
        return null;
    }

    /**
     * Ends reading and frees what the store holds; reads after it fail with
     * {@link dev.stride.model.ZarrException.Closed}. Closing twice does nothing, and close never throws.
     */
    @Override
    void close();
}
