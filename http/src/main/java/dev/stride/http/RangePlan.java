package dev.stride.http;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

/**
 * Ranges of one value merged into fewer requests: ranges whose gap is at most {@code gap} bytes are read as one span
 * (a request costs a round trip; the bytes between cost little up to a point), each asked range a slice of its span.
 *
 * @param spans the requests, by offset
 * @param spanOf for each range asked, the index of its span
 */
record RangePlan(List<ByteRange.Exact> spans, int[] spanOf) {

    static RangePlan of(long[] offsets, long[] lengths, long gap) {
        Integer[] order = new Integer[offsets.length];
        Arrays.setAll(order, i -> i);
        Arrays.sort(order, Comparator.comparingLong(i -> offsets[i]));
        List<ByteRange.Exact> spans = new ArrayList<>();
        int[] spanOf = new int[offsets.length];
        long start = 0;
        long end = -1;
        for (int i : order) {
            if (end < 0 || offsets[i] - end > gap) {
                if (end >= 0) {
                    spans.add(new ByteRange.Exact(start, end - start));
                }
                start = offsets[i];
                end = offsets[i];
            }
            end = Math.max(end, offsets[i] + lengths[i]);
            spanOf[i] = spans.size();
        }
        if (end >= 0) {
            spans.add(new ByteRange.Exact(start, end - start));
        }
        return new RangePlan(List.copyOf(spans), spanOf);
    }

    /** Bytes of every span together. */
    long bytes() {
        return spans.stream().mapToLong(ByteRange.Exact::length).sum();
    }
}
