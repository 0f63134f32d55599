package dev.stride.internal.where;

import dev.stride.model.Predicate;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;

/**
 * A comparison with a literal as a range of keys, computed exactly once: {@code x < 2.5} on an integer field is
 * {@code x <= 2}, {@code x < 0.1} on a float field is {@code x <= } the greatest double below one tenth, a literal beyond
 * the field's values keeps all or none of them. NaN and infinities follow Spark: NaN is above every number.
 */
final class Intervals {
    /** Stands for NaN and positive infinity against integers: above every value of every integer field. */
    static final BigDecimal ABOVE_ALL = new BigDecimal(BigInteger.ONE.shiftLeft(70));
    /** Stands for negative infinity against integers: below every value. */
    static final BigDecimal BELOW_ALL = ABOVE_ALL.negate();

    private Intervals() {
    }

    /**
     * The double nearest {@code v} and how it compares with {@code v}: {@code {d, sign(d - v)}}, an overflow giving an
     * infinity that lies beyond {@code v}.
     */
    static double[] nearest(BigDecimal v) {
        double d = v.doubleValue();
        int c = Double.isInfinite(d) ? (d > 0 ? 1 : -1) : new BigDecimal(d).compareTo(v);
        return new double[] {d, c};
    }

    /**
     * {@code x op L} on a float source, where {@code literal} is {@code {d, c}}: the double nearest L and the sign of
     * d - L. No double lies strictly between L and d, so each comparison with L is one with d or its neighbour key.
     */
    static Condition floats(Predicate.Op op, Source s, double[] literal) {
        long k = Source.floatKey(literal[0]);
        int c = (int) literal[1];
        return switch (op) {
            case EQ -> c == 0 ? range(s, k, k, true) : range(s, 1, 0, true);
            case NE -> c == 0 ? range(s, k, k, false) : range(s, 1, 0, false);
            case LT -> range(s, Long.MIN_VALUE, c >= 0 ? k - 1 : k, true);
            case LE -> range(s, Long.MIN_VALUE, c > 0 ? k - 1 : k, true);
            case GT -> range(s, c <= 0 ? k + 1 : k, Long.MAX_VALUE, true);
            case GE -> range(s, c < 0 ? k + 1 : k, Long.MAX_VALUE, true);
        };
    }

    /** {@code x op L} on an integer-like source whose values lie in {@code [min, max]}. */
    static Condition integers(Predicate.Op op, Source s, BigDecimal literal, BigInteger min, BigInteger max) {
        BigInteger floor = literal.setScale(0, RoundingMode.FLOOR).toBigIntegerExact();
        BigInteger ceil = literal.setScale(0, RoundingMode.CEILING).toBigIntegerExact();
        boolean whole = floor.equals(ceil);
        BigInteger lo;
        BigInteger hi;
        switch (op) {
            case EQ, NE -> {
                lo = whole ? floor : BigInteger.ONE;
                hi = whole ? floor : BigInteger.ZERO;
            }
            case LT -> {
                lo = min;
                hi = ceil.subtract(BigInteger.ONE);
            }
            case LE -> {
                lo = min;
                hi = floor;
            }
            case GT -> {
                lo = floor.add(BigInteger.ONE);
                hi = max;
            }
            default -> {
                lo = ceil;
                hi = max;
            }
        }
        lo = lo.max(min);
        hi = hi.min(max);
        boolean inside = op != Predicate.Op.NE;
        if (lo.compareTo(hi) > 0) {
            return range(s, 1, 0, inside);
        }
        boolean shifted = s instanceof Source.Longs l && l.f().isUnsigned();
        return range(s, Source.integerKey(lo, shifted), Source.integerKey(hi, shifted), inside);
    }

    private static Condition range(Source s, long lo, long hi, boolean inside) {
        return new Condition.Range(s, lo, hi, inside);
    }
}
