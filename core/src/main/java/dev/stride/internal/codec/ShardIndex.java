package dev.stride.internal.codec;

import dev.stride.spi.DecodeContext;

import java.util.Arrays;

/** A decoded, checked shard index: where each inner chunk (C order within the shard) lies, or that it is empty. */
public final class ShardIndex {
    private final long[] offsets;
    private final long[] lengths;

    ShardIndex(long[] offsets, long[] lengths) {
        this.offsets = offsets;
        this.lengths = lengths;
    }

    public int count() {
        return offsets.length;
    }

    public boolean isEmpty(int inner) {
        return offsets[inner] == ShardingCodec.EMPTY;
    }

    public long offset(int inner) {
        return offsets[inner];
    }

    public long length(int inner) {
        return lengths[inner];
    }

    void checkNoOverlap(DecodeContext ctx) {
        Integer[] order = new Integer[offsets.length];
        int n = 0;
        for (int i = 0; i < offsets.length; i++) {
            if (!isEmpty(i) && lengths[i] > 0) {
                order[n++] = i;
            }
        }
        Integer[] used = Arrays.copyOf(order, n);
        Arrays.sort(used, (a, b) -> Long.compare(offsets[a], offsets[b]));
        for (int k = 1; k < used.length; k++) {
            int prev = used[k - 1];
            int cur = used[k];
            if (offsets[prev] + lengths[prev] > offsets[cur]) {
                throw ctx.corrupt("shard index entries " + prev + " and " + cur + " overlap");
            }
        }
    }
}
