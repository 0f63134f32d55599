package dev.stride.internal.codec;

import dev.stride.model.Json;
import dev.stride.spi.ArrayToArrayCodec;
import dev.stride.spi.ChunkSpec;
import dev.stride.spi.CodecConfig;
import dev.stride.spi.DecodeContext;

import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * {@code transpose}: the encoded array has {@code shape[order[i]]} as its dimension i. Decoding applies the
 * inverse permutation into a reused buffer.
 */
public final class TransposeCodec implements ArrayToArrayCodec {
    private final int[] order;
    private final ChunkSpec decoded;
    private final ChunkSpec encoded;
    private final Object encodeBuffer = new Object();

    TransposeCodec(CodecConfig config, ChunkSpec decoded) {
        config.allowOnly("order");
        Json orderJson = config.required("order");
        int rank = decoded.rank();
        if (!(orderJson instanceof Json.JArray a) || a.size() != rank) {
            throw config.invalid("order", "must be a permutation of 0.." + (rank - 1) + " (one entry per dimension)");
        }
        this.order = new int[rank];
        boolean[] seen = new boolean[rank];
        for (int i = 0; i < rank; i++) {
            int v = (int) config.integerValue(a.get(i), "order/" + i, 0, rank - 1);
            if (seen[v]) {
                throw config.invalid("order", "must be a permutation of 0.." + (rank - 1) + "; " + v + " repeats");
            }
            seen[v] = true;
            order[i] = v;
        }
        this.decoded = decoded;
        long[] shape = decoded.shape();
        long[] encodedShape = new long[rank];
        for (int i = 0; i < rank; i++) {
            encodedShape[i] = shape[order[i]];
        }
        this.encoded = decoded.withShape(encodedShape);
    }

    @Override
    public String name() {
        return "transpose";
    }

    @Override
    public Json.JObject configuration() {
        List<Json> items = new ArrayList<>();
        for (int o : order) {
            items.add(Json.number(o));
        }
        return new Json.JObject(Map.of("order", new Json.JArray(items)));
    }

    @Override
    public ChunkSpec encodedSpec() {
        return encoded;
    }

    @Override
    public MemorySegment decode(MemorySegment input, DecodeContext ctx) {
        // decoded dimension order[i] is encoded dimension i
        return permute(input, encoded, decoded, true, ctx.buffer(this, decoded.byteSize()));
    }

    @Override
    public MemorySegment encode(MemorySegment input, DecodeContext ctx) {
        return permute(input, decoded, encoded, false, ctx.buffer(encodeBuffer, encoded.byteSize()));
    }

    /** Copies {@code from} into {@code out} laid out as {@code to}, walking {@code to} in C order. */
    private MemorySegment permute(MemorySegment input, ChunkSpec from, ChunkSpec to, boolean decoding, MemorySegment out) {
        long[] fromStrides = NdCopy.strides(from.shape());
        long[] srcStrides = new long[order.length];
        for (int i = 0; i < order.length; i++) {
            if (decoding) {
                srcStrides[order[i]] = fromStrides[i];
            } else {
                srcStrides[i] = fromStrides[order[i]];
            }
        }
        NdCopy.copy(input, 0, srcStrides, out, 0, NdCopy.strides(to.shape()), to.shape(), to.type().byteSize());
        return out;
    }
}
