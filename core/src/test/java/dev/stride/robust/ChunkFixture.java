package dev.stride.robust;

import dev.stride.ArrayWriter;
import dev.stride.Zarr;
import dev.stride.ZarrArray;
import dev.stride.ZarrWriter;
import dev.stride.internal.store.MemoryStore;
import dev.stride.model.ArraySpec;
import dev.stride.model.CoreType;
import dev.stride.model.Region;
import dev.stride.model.StructType.Field;
import dev.stride.model.StructType;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Random;

/**
 * A 4 x 6 array of 15-byte records in one chunk (or shard), in a {@link MemoryStore}, through one {@link Chain};
 * a test or a fuzzer supplies the chunk's bytes and reads the whole array back. {@link #valid()} is the chunk the
 * writer made of {@link #records()}.
 */
public final class ChunkFixture {
    /** A nested struct: int32, float64, then {uint8, int16}. */
    public static final StructType RECORD = StructType.of(new Field("a", CoreType.INT32), new Field("b", CoreType.FLOAT64),
            new Field("p", StructType.of(new Field("c", CoreType.UINT8), new Field("d", CoreType.INT16))));
    public static final long[] SHAPE = {4, 6};
    public static final String KEY = "c/0/0";

    private final Chain chain;
    private final MemoryStore store;
    private final ZarrArray array;
    private final byte[] metadata;
    private final byte[] valid;

    private ChunkFixture(Chain chain, MemoryStore store, byte[] metadata, byte[] valid) {
        this.chain = chain;
        this.store = store.put("zarr.json", metadata);
        this.array = Zarr.open(store).array("/");
        this.metadata = metadata;
        this.valid = valid;
    }

    /** Writes {@link #records()} through the chain, then opens the array over a fresh store holding the same bytes. */
    public static ChunkFixture of(Chain chain) {
        MemoryStore written = new MemoryStore();
        byte[] metadata;
        byte[] chunk;
        try (ZarrWriter out = ZarrWriter.open(written)) {
            ArrayWriter a = out.createArray("/", ArraySpec.of(RECORD, SHAPE).codecs(chain.codecs()));
            a.write(null, MemorySegment.ofArray(records()), ByteOrder.LITTLE_ENDIAN);
            a.commit();
            metadata = written.readBytes("zarr.json");
            chunk = written.readBytes(KEY);
        }
        ChunkFixture fixture = new ChunkFixture(chain, new MemoryStore(), metadata, chunk);
        if (!Arrays.equals(fixture.read(chunk), records())) {
            throw new AssertionError(chain + ": the written chunk does not read back");
        }
        return fixture;
    }

    /** The records written, packed little-endian in C order: {@code records(24, 3)}. */
    public static byte[] records() {
        return records((int) (SHAPE[0] * SHAPE[1]), 3);
    }

    /** {@code n} packed little-endian records of random bytes (so no codec compresses them much). */
    public static byte[] records(int n, int seed) {
        byte[] out = new byte[n * RECORD.byteSize()];
        new Random(seed).nextBytes(out);
        return out;
    }

    /** Writes {@code records} as an array of rows of 6 in chunks of {@code chunkRows} x 6 at {@code path} of a directory store. */
    public static void write(Path store, String path, Chain chain, byte[] records, long chunkRows) {
        long rows = records.length / RECORD.byteSize() / SHAPE[1];
        try (ZarrWriter out = ZarrWriter.open(store)) {
            out.createArray(path, ArraySpec.of(RECORD, rows, SHAPE[1]).chunks(chunkRows, SHAPE[1]).codecs(chain.codecs()))
                    .write(null, MemorySegment.ofArray(records), ByteOrder.LITTLE_ENDIAN);
        }
    }

    public Chain chain() {
        return chain;
    }

    /** The array's {@code zarr.json} as the writer made it. */
    public byte[] metadata() {
        return metadata.clone();
    }

    /** The chunk as the writer made it. */
    public byte[] valid() {
        return valid.clone();
    }

    /** Stores {@code chunk} as the array's only chunk and reads every record, packed in the layout's byte order. */
    public byte[] read(byte[] chunk) {
        store.put(KEY, chunk);
        return records(array, null);
    }

    /** The records of a region (null: all) of any array, packed in its layout's byte order. */
    public static byte[] records(ZarrArray array, Region region) {
        try (Arena arena = Arena.ofConfined()) {
            return array.readRecords(region, arena).toArray(ValueLayout.JAVA_BYTE);
        }
    }

    @Override
    public String toString() {
        return chain.name();
    }
}
