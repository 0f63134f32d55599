package dev.stride.internal.where;

import java.util.ArrayList;
import java.util.List;

/**
 * One thread's working arrays for testing records a batch at a time ({@link Condition#testAll}): the keys of a batch,
 * and an array of outcomes per level of nesting, so that a condition's parts never write over each other's.
 */
final class Batch {
    /** Records per batch: the arrays stay in the first-level cache, and the loops over them run long enough to compile. */
    static final int RECORDS = 4096;

    final long[] keys = new long[RECORDS];
    private final List<byte[]> outcomes = new ArrayList<>();

    /** The outcomes array of nesting level {@code depth}, made on first use. */
    byte[] outcomes(int depth) {
        while (outcomes.size() <= depth) {
            outcomes.add(new byte[RECORDS]);
        }
        return outcomes.get(depth);
    }
}
