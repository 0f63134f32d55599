package dev.stride.internal.codec;

import dev.stride.internal.metadata.Node;
import dev.stride.model.CoreType;
import dev.stride.model.FillValue;
import dev.stride.model.Json;
import dev.stride.spi.ArrayToBytesCodec;
import dev.stride.spi.ChunkSpec;
import dev.stride.spi.CodecConfig;
import dev.stride.spi.DecodeContext;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code sharding_indexed}: a shard holds a grid of inner chunks, each through its own codec chain, plus an index of
 * (offset, nbytes) per inner chunk at the start or end. Readers that want one inner chunk use {@link #readIndex}
 * and read just that byte range; {@link #decode} assembles a whole shard when a preceding array->array codec needs it.
 */
public final class ShardingCodec implements ArrayToBytesCodec {
    public static final String NAME = "sharding_indexed";

    /** An inner chunk that was never written: offset and nbytes both 2^64 - 1. */
    public static final long EMPTY = -1L;

    private final ChunkSpec shard;
    private final long[] innerShape;
    private final long[] chunksPerShard;
    private final int innerCount;
    private final CodecPipeline inner;
    private final CodecPipeline index;
    private final boolean indexAtEnd;
    private final long indexSize;
    private final Json.JObject configuration;
    private final Object fillBuffer = new Object();
    private final Object blockBuffer = new Object();
    private final Object indexBuffer = new Object();

    ShardingCodec(CodecConfig config, ChunkSpec shard, CodecRegistry registry) {
        config.allowOnly("chunk_shape", "codecs", "index_codecs", "index_location");
        this.shard = shard;
        Json shapeJson = config.required("chunk_shape");
        if (!(shapeJson instanceof Json.JArray a) || a.size() != shard.rank()) {
            throw config.invalid("chunk_shape", "must list " + shard.rank() + " inner chunk sizes, one per dimension");
        }
        long[] outer = shard.shape();
        this.innerShape = new long[outer.length];
        this.chunksPerShard = new long[outer.length];
        long count = 1;
        for (int i = 0; i < outer.length; i++) {
            innerShape[i] = config.integerValue(a.get(i), "chunk_shape/" + i, 1, Integer.MAX_VALUE);
            if (outer[i] % innerShape[i] != 0) {
                throw config.invalid("chunk_shape", "inner chunk size " + innerShape[i] + " does not divide the shard size " + outer[i]);
            }
            chunksPerShard[i] = outer[i] / innerShape[i];
            count = Math.multiplyExact(count, chunksPerShard[i]);
        }
        if (count > 1 << 26) {
            throw config.invalid("chunk_shape", "a shard of " + count + " inner chunks has an index larger than 1 GiB");
        }
        this.innerCount = (int) count;
        this.indexAtEnd = config.oneOf("index_location", "end", List.of("start", "end")).equals("end");
        String node = config.node();
        this.inner = registry.pipeline(node, new Node(node).extensions(config.required("codecs"), config.member("codecs")),
                shard.withShape(innerShape), config.member("codecs"));
        long[] indexShape = new long[outer.length + 1];
        System.arraycopy(chunksPerShard, 0, indexShape, 0, outer.length);
        indexShape[outer.length] = 2;
        FillValue none = new FillValue(CoreType.UINT64, Json.number(-1), new byte[] {-1, -1, -1, -1, -1, -1, -1, -1});
        this.index = registry.pipeline(node, new Node(node).extensions(config.required("index_codecs"), config.member("index_codecs")),
                new ChunkSpec(indexShape, CoreType.UINT64, none), config.member("index_codecs"));
        this.indexSize = index.fixedEncodedSize();
        if (indexSize < 0) {
            throw config.invalid("index_codecs", "index codecs must have a fixed size (bytes, crc32c, transpose; no compression)");
        }
        Map<String, Json> conf = new LinkedHashMap<>(config.configuration().members());
        conf.putIfAbsent("index_location", Json.string("end"));
        this.configuration = new Json.JObject(conf);
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public Json.JObject configuration() {
        return configuration;
    }

    @Override
    public ByteOrder order() {
        return inner.order();
    }

    @Override
    public long encodedSize() {
        return -1;
    }

    /**
     * None: inner chunks may lie in a shard in any order with gaps (the sharding spec), so bytes no index entry names
     * make a valid shard of any size. Each inner chunk is bounded by the inner codecs instead, before it is read.
     */
    @Override
    public long maxEncodedSize() {
        return Long.MAX_VALUE;
    }

    public long[] innerShape() {
        return innerShape.clone();
    }

    public long[] chunksPerShard() {
        return chunksPerShard.clone();
    }

    public CodecPipeline inner() {
        return inner;
    }

    /** Encoded index size in bytes. */
    public long indexSize() {
        return indexSize;
    }

    public boolean indexAtEnd() {
        return indexAtEnd;
    }

    /** Byte offset of the index in a shard of {@code shardSize} bytes. */
    public long indexOffset(long shardSize) {
        return indexAtEnd ? shardSize - indexSize : 0;
    }

    /**
     * Decodes and checks an index: every non-empty inner chunk must lie inside the shard, outside the index,
     * and overlap no other.
     */
    public ShardIndex readIndex(MemorySegment indexBytes, long shardSize, DecodeContext ctx) {
        if (indexBytes.byteSize() != indexSize) {
            throw ctx.corrupt("shard index holds " + indexBytes.byteSize() + " bytes, expected " + indexSize);
        }
        MemorySegment decoded = index.decode(indexBytes, ctx);
        ValueLayout.OfLong u64 = ValueLayout.JAVA_LONG_UNALIGNED.withOrder(index.order());
        long[] offsets = new long[innerCount];
        long[] lengths = new long[innerCount];
        long dataStart = indexAtEnd ? 0 : indexSize;
        long dataEnd = indexAtEnd ? shardSize - indexSize : shardSize;
        for (int i = 0; i < innerCount; i++) {
            long offset = decoded.get(u64, 16L * i);
            long length = decoded.get(u64, 16L * i + 8);
            if (offset == EMPTY && length == EMPTY) {
                offsets[i] = EMPTY;
                lengths[i] = EMPTY;
                continue;
            }
            if (offset < dataStart || length < 0 || offset > dataEnd || length > dataEnd - offset) {
                throw ctx.corrupt("shard index entry " + i + " (offset " + Long.toUnsignedString(offset) + ", nbytes "
                        + Long.toUnsignedString(length) + ") points outside the shard's data [" + dataStart + ", " + dataEnd + ")");
            }
            offsets[i] = offset;
            lengths[i] = length;
        }
        ShardIndex result = new ShardIndex(offsets, lengths);
        result.checkNoOverlap(ctx);
        return result;
    }

    /** Assembles a whole shard: each inner chunk decoded (or filled) into place. */
    @Override
    public MemorySegment decode(MemorySegment encoded, DecodeContext ctx) {
        long size = encoded.byteSize();
        if (size < indexSize) {
            throw ctx.corrupt("shard of " + size + " bytes is smaller than its " + indexSize + "-byte index");
        }
        ShardIndex idx = readIndex(encoded.asSlice(indexOffset(size), indexSize), size, ctx);
        MemorySegment out = ctx.buffer(this, shard.byteSize());
        long elementSize = shard.type().byteSize();
        long[] shardStrides = NdCopy.strides(shard.shape());
        long[] innerStrides = NdCopy.strides(innerShape);
        long[] coords = new long[innerShape.length];
        for (int i = 0; i < innerCount; i++) {
            long start = innerStart(i, shardStrides, coords);
            if (idx.isEmpty(i)) {
                fillBox(out, start, shardStrides, ctx);
                continue;
            }
            MemorySegment chunk = inner.decode(encoded.asSlice(idx.offset(i), idx.length(i)), ctx);
            NdCopy.copy(chunk, 0, innerStrides, out, start, shardStrides, innerShape, elementSize);
        }
        return out;
    }

    private void fillBox(MemorySegment out, long start, long[] shardStrides, DecodeContext ctx) {
        MemorySegment fill = ctx.buffer(fillBuffer, inner.spec().byteSize());
        NdCopy.fill(fill, shard.fill().bytes(order()));
        NdCopy.copy(fill, 0, NdCopy.strides(innerShape), out, start, shardStrides, innerShape, shard.type().byteSize());
    }

    /** Element offset in the shard of inner chunk {@code i}'s first element ({@code coords} is scratch space). */
    private long innerStart(int i, long[] shardStrides, long[] coords) {
        unravel(i, chunksPerShard, coords);
        long start = 0;
        for (int d = 0; d < coords.length; d++) {
            start += coords[d] * innerShape[d] * shardStrides[d];
        }
        return start;
    }

    static void unravel(long linear, long[] shape, long[] out) {
        for (int d = shape.length - 1; d >= 0; d--) {
            out[d] = linear % shape[d];
            linear /= shape[d];
        }
    }

    /** Encodes a whole shard; inner chunks equal to the fill value are left out (empty in the index). */
    @Override
    public MemorySegment encode(MemorySegment decoded, DecodeContext ctx) {
        long elementSize = shard.type().byteSize();
        long[] shardStrides = NdCopy.strides(shard.shape());
        long[] innerStrides = NdCopy.strides(innerShape);
        byte[] fill = shard.fill().bytes(order());
        List<byte[]> parts = new ArrayList<>();
        long[] offsets = new long[innerCount];
        long[] lengths = new long[innerCount];
        long at = indexAtEnd ? 0 : indexSize;
        long[] coords = new long[innerShape.length];
        for (int i = 0; i < innerCount; i++) {
            long start = innerStart(i, shardStrides, coords);
            MemorySegment block = ctx.buffer(blockBuffer, inner.spec().byteSize());
            NdCopy.copy(decoded, start, shardStrides, block, 0, innerStrides, innerShape, elementSize);
            if (isAll(block, fill)) {
                offsets[i] = EMPTY;
                lengths[i] = EMPTY;
                continue;
            }
            byte[] bytes = inner.encode(block, ctx).toArray(ValueLayout.JAVA_BYTE);
            parts.add(bytes);
            offsets[i] = at;
            lengths[i] = bytes.length;
            at += bytes.length;
        }
        MemorySegment indexArray = ctx.buffer(indexBuffer, 16L * innerCount);
        ValueLayout.OfLong u64 = ValueLayout.JAVA_LONG_UNALIGNED.withOrder(index.order());
        for (int i = 0; i < innerCount; i++) {
            indexArray.set(u64, 16L * i, offsets[i]);
            indexArray.set(u64, 16L * i + 8, lengths[i]);
        }
        byte[] indexBytes = index.encode(indexArray, ctx).toArray(ValueLayout.JAVA_BYTE);
        MemorySegment out = ctx.buffer(this, at + (indexAtEnd ? indexSize : 0));
        long pos = indexAtEnd ? 0 : indexSize;
        for (byte[] p : parts) {
            MemorySegment.copy(MemorySegment.ofArray(p), 0, out, pos, p.length);
            pos += p.length;
        }
        MemorySegment.copy(MemorySegment.ofArray(indexBytes), 0, out, indexAtEnd ? pos : 0, indexBytes.length);
        return out;
    }

    static boolean isAll(MemorySegment block, byte[] element) {
        long n = block.byteSize();
        for (long i = 0; i < n; i++) {
            if (block.get(ValueLayout.JAVA_BYTE, i) != element[(int) (i % element.length)]) {
                return false;
            }
        }
        return true;
    }
}
