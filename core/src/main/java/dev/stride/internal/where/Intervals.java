package dev.stride.internal.where;

import dev.stride.model.Predicate;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;

/**
 * A comparison with a literal as a range of keys, computed once: {@code x < 2.5} on an integer field is exactly
 * {@code x <= 2}, a literal beyond the field's values keeps all or none of them; a float field compares with the double
 * nearest the literal. NaN and infinities follow Spark: NaN is above every number.
 */
final class Intervals {
    /** Stands for NaN and positive infinity against integers: above every value of every integer field. */
    static final BigDecimal ABOVE_ALL = new BigDecimal(BigInteger.ONE.shiftLeft(70));
    /** Stands for negative infinity against integers: below every value. */
    static final BigDecimal BELOW_ALL = ABOVE_ALL.negate();

    private Intervals() {
    }

    /**
     * {@code x op d} on a float source, in Spark's total order of doubles: the literal was rounded to the nearest double
     * first, as Spark casts a decimal literal compared with a double column.
     */
    static Condition floats(Predicate.Op op, Source s, double literal) {
        long k = Source.floatKey(literal);
        return switch (op) {
            case EQ -> range(s, k, k, true);
            case NE -> range(s, k, k, false);
            case LT -> range(s, Long.MIN_VALUE, k - 1, true);
            case LE -> range(s, Long.MIN_VALUE, k, true);
            case GT -> range(s, k + 1, Long.MAX_VALUE, true);
            case GE -> range(s, k, Long.MAX_VALUE, true);
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
