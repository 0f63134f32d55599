package dev.stride.spark;

import dev.stride.ZarrArray;
import dev.stride.model.FieldAccessor;
import dev.stride.model.Predicate;
import dev.stride.model.TimeType;
import org.apache.spark.sql.sources.And;
import org.apache.spark.sql.sources.EqualNullSafe;
import org.apache.spark.sql.sources.EqualTo;
import org.apache.spark.sql.sources.Filter;
import org.apache.spark.sql.sources.GreaterThan;
import org.apache.spark.sql.sources.GreaterThanOrEqual;
import org.apache.spark.sql.sources.In;
import org.apache.spark.sql.sources.IsNotNull;
import org.apache.spark.sql.sources.IsNull;
import org.apache.spark.sql.sources.LessThan;
import org.apache.spark.sql.sources.LessThanOrEqual;
import org.apache.spark.sql.sources.Not;
import org.apache.spark.sql.sources.Or;

import java.math.BigDecimal;
import java.sql.Timestamp;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Spark's filters on record fields as a Stride {@link Predicate}, which chunk statistics judge chunks by and the tasks
 * test records by: comparisons and IN lists of numbers and booleans, and of timestamps on datetime64 fields, joined by
 * AND, OR and NOT, with Spark's semantics (the predicate's own: NaN equals NaN and is above every other number,
 * {@code -0.0} equals {@code 0.0}; a NaT, Spark's null, makes a comparison unknown), and IS [NOT] NULL on a time as
 * a test for NaT. A filter it cannot express (strings, index columns, {@code <=>} on a time) gives nothing; inside an
 * AND it is dropped, which leaves a weaker predicate that still holds for every row Spark keeps, so pruning by it never
 * loses a row.
 *
 * <p>Spark sees a datetime64 value rounded down to a whole microsecond, and its timestamp literals are whole
 * microseconds, so a comparison is rewritten to one the exact value passes just when the rounded one does:
 * {@code t > X} becomes {@code t >= X + 1us}, {@code t <= X} {@code t < X + 1us}, {@code t = X} the microsecond
 * {@code [X, X + 1us)}; for units of a microsecond or coarser these are the same comparisons.
 */
final class FieldFilters {
    private final Set<String> fields;
    private final Set<String> times;
    private final Set<String> datetimes;
    /** Whether the array is plain, its one column {@value SparkTypes#VALUE_COLUMN} the field with the empty path. */
    private final boolean plain;

    /**
     * @param fields the columns a filter may name: the dotted paths of the fields
     * @param times those of them that are datetime64 or timedelta64, the only ones Spark sees null (NaT)
     * @param datetimes those that are datetime64, which Spark compares with timestamps
     * @param plain whether the array is plain: {@code fields} then names its one column
     */
    FieldFilters(Set<String> fields, Set<String> times, Set<String> datetimes, boolean plain) {
        this.fields = fields;
        this.times = times;
        this.datetimes = datetimes;
        this.plain = plain;
    }

    /** The filters on the fields of {@code array}; a plain array's one value is its column {@value SparkTypes#VALUE_COLUMN}. */
    static FieldFilters of(ZarrArray array) {
        List<FieldAccessor> all = array.layout().fields();
        return new FieldFilters(columns(all, f -> true), columns(all, f -> f.type() instanceof TimeType),
                columns(all, f -> f.type() instanceof TimeType t && t.datetime()), all.size() == 1 && all.getFirst().path().isEmpty());
    }

    private static Set<String> columns(List<FieldAccessor> fields, java.util.function.Predicate<FieldAccessor> which) {
        return fields.stream().filter(which).map(f -> f.path().isEmpty() ? SparkTypes.VALUE_COLUMN : f.path())
                .collect(Collectors.toUnmodifiableSet());
    }

    /** The field a filter's column names: a plain array's value column is the field with the empty path. */
    private Predicate.Field field(String column) {
        return new Predicate.Field(plain ? "" : column);
    }

    /**
     * The predicate that holds exactly for the rows passing every one of {@code filters} (joined by AND), each of which
     * {@link #exact} expresses, as the tasks test records by it.
     */
    Predicate allExact(List<Filter> filters) {
        List<Predicate> parts = filters.stream().map(this::exact).toList();
        if (parts.contains(null)) {
            throw new IllegalStateException("a filter the scan applies has no exact predicate: " + filters);
        }
        return parts.size() == 1 ? parts.getFirst() : new Predicate.And(parts);
    }

    /**
     * What chunk statistics prune a scan by: the predicate every row passing the filters satisfies, and the filters it
     * came from, which explain shows.
     */
    record Pruning(Predicate predicate, List<Filter> filters) {
    }

    /** The pruning the filters (joined by AND) give, or null when none of them can be expressed. */
    Pruning pruning(List<Filter> filters) {
        List<Predicate> implied = new ArrayList<>();
        List<Filter> used = new ArrayList<>();
        for (Filter f : filters) {
            Predicate p = implied(f);
            if (p != null) {
                implied.add(p);
                used.add(f);
            }
        }
        return implied.isEmpty() ? null : new Pruning(implied.size() == 1 ? implied.getFirst() : new Predicate.And(implied), used);
    }

    /** A predicate every row passing {@code filter} satisfies, or null when there is none to give. */
    Predicate implied(Filter filter) {
        if (filter instanceof And and) {
            Predicate left = implied(and.left());
            Predicate right = implied(and.right());
            return left == null ? right : right == null ? left : new Predicate.And(List.of(left, right));
        }
        return exact(filter);
    }

    /** The predicate that holds exactly for the rows passing {@code filter}, or null. */
    Predicate exact(Filter filter) {
        return switch (filter) {
            case And f -> both(exact(f.left()), exact(f.right()), true);
            case Or f -> both(exact(f.left()), exact(f.right()), false);
            case Not f -> {
                Predicate part = exact(f.child());
                yield part == null ? null : new Predicate.Not(part);
            }
            case EqualTo f -> compare(f.attribute(), Predicate.Op.EQ, f.value());
            // a NaT (datetime or timedelta) is false here, not unknown, so NOT of it differs from NOT of a comparison
            case EqualNullSafe f -> times.contains(f.attribute()) ? null : compare(f.attribute(), Predicate.Op.EQ, f.value());
            case GreaterThan f -> compare(f.attribute(), Predicate.Op.GT, f.value());
            case GreaterThanOrEqual f -> compare(f.attribute(), Predicate.Op.GE, f.value());
            case LessThan f -> compare(f.attribute(), Predicate.Op.LT, f.value());
            case LessThanOrEqual f -> compare(f.attribute(), Predicate.Op.LE, f.value());
            case In f -> in(f.attribute(), f.values());
            case IsNull f -> times.contains(f.attribute()) ? new Predicate.IsNaT(field(f.attribute())) : null;
            case IsNotNull f -> times.contains(f.attribute()) ? new Predicate.Not(new Predicate.IsNaT(field(f.attribute()))) : null;
            default -> null;
        };
    }

    private static Predicate both(Predicate left, Predicate right, boolean and) {
        if (left == null || right == null) {
            return null;
        }
        return and ? new Predicate.And(List.of(left, right)) : new Predicate.Or(List.of(left, right));
    }

    private Predicate compare(String column, Predicate.Op op, Object value) {
        if (datetimes.contains(column)) {
            return timeCompare(column, op, value);
        }
        Predicate.Literal literal = literal(value);
        return literal == null || !fields.contains(column) ? null : new Predicate.Compare(field(column), op, literal);
    }

    /** {@code column op value} as Spark tests it on the datetime64 field rounded down to microseconds, or null. */
    private Predicate timeCompare(String column, Predicate.Op op, Object value) {
        // an Instant when spark.sql.datetime.java8API.enabled, else a Timestamp
        Instant at = switch (value) {
            case Instant v -> v;
            case Timestamp v -> v.toInstant();
            case null, default -> null;
        };
        if (at == null || at.getNano() % 1000 != 0) {
            return null;
        }
        Predicate.Field field = field(column);
        Predicate.Literal from = new Predicate.DateTime(at);
        Predicate.Literal next = new Predicate.DateTime(at.plus(1, ChronoUnit.MICROS));
        return switch (op) {
            case GE, LT -> new Predicate.Compare(field, op, from);
            case GT -> new Predicate.Compare(field, Predicate.Op.GE, next);
            case LE -> new Predicate.Compare(field, Predicate.Op.LT, next);
            case EQ -> new Predicate.And(List.of(new Predicate.Compare(field, Predicate.Op.GE, from),
                    new Predicate.Compare(field, Predicate.Op.LT, next)));
            case NE -> null; // Spark gives NOT of EqualTo instead
        };
    }

    private Predicate in(String column, Object[] values) {
        if (!fields.contains(column) || values.length == 0) {
            return null;
        }
        if (datetimes.contains(column)) {
            List<Predicate> each = new ArrayList<>();
            for (Object v : values) {
                Predicate one = timeCompare(column, Predicate.Op.EQ, v);
                if (one == null) {
                    return null;
                }
                each.add(one);
            }
            return each.size() == 1 ? each.getFirst() : new Predicate.Or(each);
        }
        List<Predicate.Literal> literals = new ArrayList<>();
        for (Object v : values) {
            Predicate.Literal literal = literal(v);
            if (literal == null) {
                return null;
            }
            literals.add(literal);
        }
        return new Predicate.In(field(column), literals);
    }

    /** A number or boolean as the predicate's literal, exactly; null for anything else (a null, a string). */
    private static Predicate.Literal literal(Object value) {
        return switch (value) {
            case Long v -> new Predicate.Number(BigDecimal.valueOf(v));
            case Integer v -> new Predicate.Number(BigDecimal.valueOf(v));
            case Short v -> new Predicate.Number(BigDecimal.valueOf(v));
            case Byte v -> new Predicate.Number(BigDecimal.valueOf(v));
            case Double v -> Double.isFinite(v) ? new Predicate.Number(new BigDecimal(v)) : new Predicate.Special(v);
            case Float v -> Float.isFinite(v) ? new Predicate.Number(new BigDecimal(v)) : new Predicate.Special(v);
            case Boolean v -> new Predicate.Bool(v);
            case null, default -> null;
        };
    }
}
