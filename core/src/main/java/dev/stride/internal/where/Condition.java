package dev.stride.internal.where;

import java.lang.foreign.MemorySegment;
import java.util.List;

/**
 * A predicate bound to an array: evaluated exactly on each record in three-valued logic (false, true, unknown: a NaT
 * makes a comparison unknown, as a null does in SQL), and judged on a chunk from its statistics as the set of outcomes
 * its records could have. A chunk whose set lacks {@link #TRUE} holds no match and need not be read; the set is an
 * over-approximation (and, or and not combine the parts' sets as if independent), never an under-approximation.
 */
public sealed interface Condition {
    /** Outcome: false. */
    int FALSE = 0;
    /** Outcome: true. */
    int TRUE = 1;
    /** Outcome: unknown. */
    int UNKNOWN = 2;
    /** Every outcome, as a set. */
    int ANY = 7;

    /** {@return the outcome of record {@code i}, whose coordinates are {@code coordinates} when the condition uses them} */
    int test(MemorySegment records, long i, long[] coordinates);

    /**
     * The outcomes of records {@code first .. first + n - 1} into {@code out[0 .. n - 1]}, for a condition that uses no
     * coordinates: what {@link #test} gives each, computed a field at a time in loops over the batch, which compile
     * early and run without a call per record and part.
     *
     * @param n at most {@link Batch#RECORDS}
     * @param depth this condition's level of nesting: its parts' outcomes go to {@code batch.outcomes(depth)}
     */
    void testAll(MemorySegment records, long first, int n, Batch batch, int depth, byte[] out);

    /** {@return the outcomes a chunk's records could have, as bits {@code 1 << outcome}} */
    int outcomes(ChunkView chunk);

    /** {@code key(source) in [lo, hi]}, or, when {@code inside} is false, not in it; unknown for a NaT. */
    record Range(Source source, long lo, long hi, boolean inside) implements Condition {
        @Override
        public int test(MemorySegment records, long i, long[] coordinates) {
            long k = source.key(records, i, coordinates);
            if (source.nullable() && k == Long.MIN_VALUE) {
                return UNKNOWN;
            }
            return (lo <= k && k <= hi) == inside ? TRUE : FALSE;
        }

        @Override
        public void testAll(MemorySegment records, long first, int n, Batch batch, int depth, byte[] out) {
            long[] keys = batch.keys;
            source.keys(records, first, n, keys);
            byte whenIn = (byte) (inside ? TRUE : FALSE);
            byte whenOut = (byte) (inside ? FALSE : TRUE);
            boolean nullable = source.nullable();
            for (int k = 0; k < n; k++) {
                long key = keys[k];
                out[k] = nullable && key == Long.MIN_VALUE ? UNKNOWN : lo <= key && key <= hi ? whenIn : whenOut;
            }
        }

        @Override
        public int outcomes(ChunkView chunk) {
            boolean in;
            boolean out;
            boolean unknown = false;
            if (source instanceof Source.Coordinate c) {
                long low = chunk.low(c.dimension());
                long high = chunk.high(c.dimension());
                in = high >= lo && low <= hi;
                out = low < lo || high > hi;
            } else {
                Summary s = chunk.summary(source.field());
                if (s == null) {
                    return ANY;
                }
                boolean ordinary = s.ordinary() > 0;
                in = ordinary && s.maxKey() >= lo && s.minKey() <= hi;
                out = ordinary && (s.minKey() < lo || s.maxKey() > hi);
                if (s.nanCount() > 0) {
                    if (source.nullable()) {
                        unknown = true;
                    } else {
                        boolean nanInside = lo <= Source.NAN_KEY && Source.NAN_KEY <= hi;
                        in |= nanInside;
                        out |= !nanInside;
                    }
                }
            }
            int set = unknown ? 1 << UNKNOWN : 0;
            if (in) {
                set |= 1 << (inside ? TRUE : FALSE);
            }
            if (out) {
                set |= 1 << (inside ? FALSE : TRUE);
            }
            return set;
        }
    }

    /** True for a NaN (a float field) or a NaT (a time field), false for anything else; never unknown. */
    record IsMissing(Source source) implements Condition {
        @Override
        public int test(MemorySegment records, long i, long[] coordinates) {
            return source.missing(source.key(records, i, coordinates)) ? TRUE : FALSE;
        }

        @Override
        public void testAll(MemorySegment records, long first, int n, Batch batch, int depth, byte[] out) {
            long[] keys = batch.keys;
            source.keys(records, first, n, keys);
            for (int k = 0; k < n; k++) {
                out[k] = (byte) (source.missing(keys[k]) ? TRUE : FALSE);
            }
        }

        @Override
        public int outcomes(ChunkView chunk) {
            Summary s = chunk.summary(source.field());
            if (s == null) {
                return (1 << TRUE) | (1 << FALSE);
            }
            return (s.nanCount() > 0 ? 1 << TRUE : 0) | (s.ordinary() > 0 ? 1 << FALSE : 0);
        }
    }

    /**
     * And ({@code all}: true when every part is, false when some part is) or or (true when some part is, false when
     * every part is); else unknown.
     */
    record Junction(List<Condition> parts, boolean all) implements Condition {
        @Override
        public int test(MemorySegment records, long i, long[] coordinates) {
            int decisive = all ? FALSE : TRUE;
            int result = all ? TRUE : FALSE;
            for (Condition c : parts) {
                int r = c.test(records, i, coordinates);
                if (r == decisive) {
                    return decisive;
                }
                if (r == UNKNOWN) {
                    result = UNKNOWN;
                }
            }
            return result;
        }

        @Override
        public void testAll(MemorySegment records, long first, int n, Batch batch, int depth, byte[] out) {
            parts.getFirst().testAll(records, first, n, batch, depth + 1, out);
            byte[] part = batch.outcomes(depth);
            // with FALSE < TRUE < UNKNOWN, the larger outcome is the result unless one side decides
            byte decisive = (byte) (all ? FALSE : TRUE);
            for (int p = 1; p < parts.size(); p++) {
                parts.get(p).testAll(records, first, n, batch, depth + 1, part);
                for (int k = 0; k < n; k++) {
                    byte x = out[k];
                    byte y = part[k];
                    out[k] = x == decisive || y == decisive ? decisive : (byte) Math.max(x, y);
                }
            }
        }

        @Override
        public int outcomes(ChunkView chunk) {
            int set = 1 << (all ? TRUE : FALSE);
            for (Condition c : parts) {
                set = combine(set, c.outcomes(chunk), all);
            }
            return set;
        }
    }

    /** True when the part is false, false when it is true, unknown when it is. */
    record Negation(Condition part) implements Condition {
        @Override
        public int test(MemorySegment records, long i, long[] coordinates) {
            int r = part.test(records, i, coordinates);
            return r == UNKNOWN ? UNKNOWN : 1 - r;
        }

        @Override
        public void testAll(MemorySegment records, long first, int n, Batch batch, int depth, byte[] out) {
            part.testAll(records, first, n, batch, depth + 1, out);
            for (int k = 0; k < n; k++) {
                byte r = out[k];
                out[k] = r == UNKNOWN ? UNKNOWN : (byte) (1 - r);
            }
        }

        @Override
        public int outcomes(ChunkView chunk) {
            int set = part.outcomes(chunk);
            return (set & (1 << UNKNOWN)) | ((set & (1 << TRUE)) != 0 ? 1 << FALSE : 0) | ((set & (1 << FALSE)) != 0 ? 1 << TRUE : 0);
        }
    }

    /** Every outcome of and (or of or) of one outcome from each set. */
    private static int combine(int a, int b, boolean and) {
        int set = 0;
        for (int x = 0; x < 3; x++) {
            for (int y = 0; y < 3; y++) {
                if ((a & (1 << x)) != 0 && (b & (1 << y)) != 0) {
                    set |= 1 << (and ? and(x, y) : or(x, y));
                }
            }
        }
        return set;
    }

    private static int and(int x, int y) {
        return x == FALSE || y == FALSE ? FALSE : x == UNKNOWN || y == UNKNOWN ? UNKNOWN : TRUE;
    }

    private static int or(int x, int y) {
        return x == TRUE || y == TRUE ? TRUE : x == UNKNOWN || y == UNKNOWN ? UNKNOWN : FALSE;
    }
}
