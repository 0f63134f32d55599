package dev.stride;

import dev.stride.model.Predicate;
import dev.stride.model.TimeType;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;

/**
 * The truth a filtered read is checked against: a predicate evaluated on plain Java values with Spark's rules written
 * out directly (BigDecimal comparisons, NaN above everything, NaT as SQL's null), sharing no code with the library's
 * binding of predicates to keys.
 */
final class WhereOracle {
    /** One record's values, as the test generated them. */
    record Values(int n, long u, double x, float f, boolean b, long t, int k, float h, long[] coordinates) { }

    private WhereOracle() {
    }

    /** TRUE, FALSE, or null for unknown. */
    static Boolean eval(Predicate p, Values v) {
        return switch (p) {
            case Predicate.And and -> junction(and.parts(), false, v);
            case Predicate.Or or -> junction(or.parts(), true, v);
            case Predicate.Not not -> {
                Boolean x = eval(not.part(), v);
                yield x == null ? null : !x;
            }
            case Predicate.IsNaN nan -> Double.isNaN(floatValue(nan.operand(), v));
            case Predicate.IsNaT nat -> v.t() == TimeType.NAT;
            case Predicate.Compare c -> op(c.op(), compare(c.operand(), c.value(), v));
            case Predicate.Between b -> {
                Integer lo = compare(b.operand(), b.low(), v);
                Integer hi = compare(b.operand(), b.high(), v);
                yield lo == null || hi == null ? null : lo >= 0 && hi <= 0;
            }
            case Predicate.In in -> {
                Boolean r = false;
                for (Predicate.Literal l : in.values()) {
                    Integer c = compare(in.operand(), l, v);
                    if (c == null) {
                        r = null;
                    } else if (c == 0) {
                        yield true;
                    }
                }
                yield r;
            }
        };
    }

    /** And ({@code decisive} false) or or (true): a part of the decisive value decides, else unknown wins. */
    private static Boolean junction(java.util.List<Predicate> parts, boolean decisive, Values v) {
        Boolean r = !decisive;
        for (Predicate q : parts) {
            Boolean x = eval(q, v);
            if (x != null && x == decisive) {
                return decisive;
            }
            r = x == null ? null : r;
        }
        return r;
    }

    private static Boolean op(Predicate.Op op, Integer c) {
        if (c == null) {
            return null;
        }
        return switch (op) {
            case EQ -> c == 0;
            case NE -> c != 0;
            case LT -> c < 0;
            case LE -> c <= 0;
            case GT -> c > 0;
            case GE -> c >= 0;
        };
    }

    private static double floatValue(Predicate.Operand o, Values v) {
        return switch (((Predicate.Field) o).path()) {
            case "x" -> v.x();
            case "f" -> v.f();
            case "p.h" -> v.h();
            default -> throw new IllegalArgumentException(o.toString());
        };
    }

    /** The sign of value - literal, or null when the value is NaT. */
    static Integer compare(Predicate.Operand o, Predicate.Literal l, Values v) {
        if (o instanceof Predicate.Index(int d)) {
            return integer(BigInteger.valueOf(v.coordinates()[d]), l);
        }
        String path = ((Predicate.Field) o).path();
        return switch (path) {
            case "x", "f", "p.h" -> real(floatValue(o, v), l);
            case "n" -> integer(BigInteger.valueOf(v.n()), l);
            case "k", "p.k" -> integer(BigInteger.valueOf(v.k()), l);
            case "u" -> integer(new BigInteger(Long.toUnsignedString(v.u())), l);
            case "b" -> l instanceof Predicate.Bool(boolean lb) ? Boolean.compare(v.b(), lb) : integer(v.b() ? BigInteger.ONE : BigInteger.ZERO, l);
            case "t" -> v.t() == TimeType.NAT ? null
                    : l instanceof Predicate.DateTime(Instant at) ? Integer.signum(Instant.ofEpochSecond(v.t()).compareTo(at))
                    : integer(BigInteger.valueOf(v.t()), l);
            default -> throw new IllegalArgumentException(path);
        };
    }

    private static int real(double x, Predicate.Literal l) {
        return switch (l) {
            case Predicate.Special(double s) when Double.isNaN(s) -> Double.isNaN(x) ? 0 : -1;
            case Predicate.Special(double s) -> ordered(x, s);
            case Predicate.Number(BigDecimal n) -> ordered(x, n.doubleValue());
            default -> throw new IllegalArgumentException(l.toString());
        };
    }

    /** Spark's order of doubles against a number that is not NaN: NaN above all, -0.0 equal to 0.0. */
    private static int ordered(double x, double s) {
        return Double.isNaN(x) ? 1 : x == s ? 0 : x < s ? -1 : 1;
    }

    private static int integer(BigInteger v, Predicate.Literal l) {
        return switch (l) {
            case Predicate.Special(double s) -> s < 0 ? 1 : -1;
            case Predicate.Number(BigDecimal n) -> Integer.signum(new BigDecimal(v).compareTo(n));
            default -> throw new IllegalArgumentException(l.toString());
        };
    }
}
