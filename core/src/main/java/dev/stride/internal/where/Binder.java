package dev.stride.internal.where;

import dev.stride.model.FieldAccessor;
import dev.stride.model.Predicate;
import dev.stride.model.ZarrException;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * Binds a {@link Predicate} to an array's fields and shape: each comparison becomes a {@link Condition.Range} of keys
 * (see {@link Source}) computed once from the literal, exactly, so that evaluating a record is one comparison of longs.
 * A field the array lacks, one that cannot be compared (complex, raw, strings, a field with a shape) or a literal of
 * the wrong kind is refused naming the column.
 */
public final class Binder {
    private final String node;
    private final Function<String, FieldAccessor> fields;
    private final long[] shape;
    private boolean usesIndex;

    /** {@code fields} finds a leaf field by path or throws a BadRequest listing the fields. */
    public Binder(String node, Function<String, FieldAccessor> fields, long[] shape) {
        this.node = node;
        this.fields = fields;
        this.shape = shape.clone();
    }

    /** Whether a condition bound so far tests an index coordinate. */
    public boolean usesIndex() {
        return usesIndex;
    }

    /** The predicate as a condition on this array's records. */
    public Condition bind(Predicate p) {
        return switch (p) {
            case Predicate.And and -> new Condition.Junction(all(and.parts()), true);
            case Predicate.Or or -> new Condition.Junction(all(or.parts()), false);
            case Predicate.Not not -> new Condition.Negation(bind(not.part()));
            case Predicate.IsNaN nan -> missing(nan.operand(), false);
            case Predicate.IsNaT nat -> missing(nat.operand(), true);
            case Predicate.Compare c -> compare(source(c.operand()), c.operand(), c.op(), c.value());
            case Predicate.Between b -> {
                Source s = source(b.operand());
                yield new Condition.Junction(List.of(compare(s, b.operand(), Predicate.Op.GE, b.low()),
                        compare(s, b.operand(), Predicate.Op.LE, b.high())), true);
            }
            case Predicate.In in -> {
                Source s = source(in.operand());
                List<Condition> any = new ArrayList<>();
                for (Predicate.Literal v : in.values()) {
                    any.add(compare(s, in.operand(), Predicate.Op.EQ, v));
                }
                yield new Condition.Junction(any, false);
            }
        };
    }

    private List<Condition> all(List<Predicate> parts) {
        return parts.stream().map(this::bind).toList();
    }

    private Condition missing(Predicate.Operand operand, boolean nat) {
        Source s = source(operand);
        boolean fits = nat ? s instanceof Source.Times : s instanceof Source.Reals;
        if (!fits) {
            throw refused(operand, "has no " + (nat ? "NaT: isnat is for datetime64 and timedelta64 fields" : "NaN: isnan is for float fields"));
        }
        return new Condition.IsMissing(s);
    }

    private Source source(Predicate.Operand operand) {
        if (operand instanceof Predicate.Index(int d)) {
            if (d >= shape.length) {
                throw new ZarrException.BadRequest(node, "@" + d + " names no dimension: the array has " + shape.length);
            }
            usesIndex = true;
            return new Source.Coordinate(d);
        }
        FieldAccessor f = fields.apply(((Predicate.Field) operand).path());
        Source s = Source.of(f);
        if (s == null) {
            throw refused(operand, f instanceof FieldAccessor.ArrayField
                    ? "has a shape: a condition tests one element of it (" + f.path() + "[0])"
                    : "cannot be compared: conditions take numbers, bools and times");
        }
        return s;
    }

    private Condition compare(Source s, Predicate.Operand operand, Predicate.Op op, Predicate.Literal value) {
        if (s instanceof Source.Reals) {
            return Intervals.floats(op, s, floatLiteral(operand, value));
        }
        BigInteger[] domain = domain(s);
        return Intervals.integers(op, s, integerLiteral(s, operand, value), domain[0], domain[1]);
    }

    /** The least and greatest value of an integer-like source, before it is turned into keys. */
    private BigInteger[] domain(Source s) {
        return switch (s) {
            case Source.Bools b -> new BigInteger[] {BigInteger.ZERO, BigInteger.ONE};
            case Source.Times t -> new BigInteger[] {BigInteger.valueOf(Long.MIN_VALUE + 1), BigInteger.valueOf(Long.MAX_VALUE)};
            case Source.Coordinate c -> new BigInteger[] {BigInteger.ZERO, BigInteger.valueOf(shape[c.dimension()] - 1)};
            case Source.Integers n -> bits(n.f());
            case Source.Longs l -> bits(l.f());
            default -> throw new IllegalStateException("not an integer source: " + s);
        };
    }

    private static BigInteger[] bits(FieldAccessor f) {
        int width = (int) f.byteSize() * 8;
        return f.isUnsigned()
                ? new BigInteger[] {BigInteger.ZERO, BigInteger.ONE.shiftLeft(width).subtract(BigInteger.ONE)}
                : new BigInteger[] {BigInteger.ONE.shiftLeft(width - 1).negate(), BigInteger.ONE.shiftLeft(width - 1).subtract(BigInteger.ONE)};
    }

    private double floatLiteral(Predicate.Operand operand, Predicate.Literal value) {
        return switch (value) {
            case Predicate.Number(BigDecimal v) -> v.doubleValue();
            case Predicate.Special(double v) -> v;
            default -> throw literalRefused(operand, value);
        };
    }

    /** The literal as a number on the source's own scale; a fraction stands for any value between two integers. */
    private BigDecimal integerLiteral(Source s, Predicate.Operand operand, Predicate.Literal value) {
        return switch (value) {
            case Predicate.Number(BigDecimal v) -> v;
            case Predicate.Special(double v) -> v < 0 ? Intervals.BELOW_ALL : Intervals.ABOVE_ALL;
            case Predicate.Bool(boolean v) when s instanceof Source.Bools -> v ? BigDecimal.ONE : BigDecimal.ZERO;
            case Predicate.DateTime(var instant) when s instanceof Source.Times t && t.type().datetime()
                    && !t.type().unit().equals("generic") -> Ticks.of(instant, t.type());
            default -> throw literalRefused(operand, value);
        };
    }

    private ZarrException literalRefused(Predicate.Operand operand, Predicate.Literal value) {
        String shown = switch (value) {
            case Predicate.Number(BigDecimal v) -> v.toPlainString();
            case Predicate.Special(double v) -> Double.toString(v);
            case Predicate.Bool(boolean v) -> Boolean.toString(v);
            case Predicate.DateTime(var v) -> v.toString();
        };
        String hint = switch (value) {
            case Predicate.Bool b -> "true and false are for bool fields";
            case Predicate.DateTime d -> "dates are for datetime64 fields of a calendar or fixed unit";
            default -> "compare it with a value of its kind";
        };
        return refused(operand, "cannot be compared with " + shown + ": " + hint);
    }

    private ZarrException refused(Predicate.Operand operand, String why) {
        String what = operand instanceof Predicate.Field(String path)
                ? "field '" + path + "' (" + fields.apply(path).type().describe() + ")" : operand.toString();
        return new ZarrException.BadRequest(node, what + " " + why);
    }
}
