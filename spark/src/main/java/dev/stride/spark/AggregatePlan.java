package dev.stride.spark;

import org.apache.spark.sql.connector.expressions.Expression;
import org.apache.spark.sql.connector.expressions.NamedReference;
import org.apache.spark.sql.connector.expressions.aggregate.AggregateFunc;
import org.apache.spark.sql.connector.expressions.aggregate.Aggregation;
import org.apache.spark.sql.connector.expressions.aggregate.Count;
import org.apache.spark.sql.connector.expressions.aggregate.CountStar;
import org.apache.spark.sql.connector.expressions.aggregate.Max;
import org.apache.spark.sql.connector.expressions.aggregate.Min;
import org.apache.spark.sql.connector.expressions.aggregate.Sum;
import org.apache.spark.sql.types.BooleanType;
import org.apache.spark.sql.types.ByteType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.DoubleType;
import org.apache.spark.sql.types.FloatType;
import org.apache.spark.sql.types.IntegerType;
import org.apache.spark.sql.types.LongType;
import org.apache.spark.sql.types.Metadata;
import org.apache.spark.sql.types.ShortType;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * An aggregation Spark pushes into the scan: over all rows, or grouped by one integer or bool column that is never null
 * (a field or an index column), with counts, sums of numbers and minimums and maximums of integers and bools, computed
 * by each task as it reads its records ({@link AggregateReader}). Spark adds up the tasks' results (a partial push-down, so {@code avg} arrives as
 * a sum and a count); what this does not take stays with Spark as a plain scan.
 *
 * @param key      the column grouped by, or null for one group of all rows
 * @param measures what is computed per group, in Spark's order
 */
record AggregatePlan(StructField key, List<Measure> measures) implements Serializable {
    /** What a measure computes. */
    enum Kind { COUNT_ROWS, COUNT, SUM, MIN, MAX }

    /** One aggregate: a kind over a column (none for {@link Kind#COUNT_ROWS}). */
    record Measure(Kind kind, StructField column) implements Serializable {
        /** The type Spark expects of it: sums of integers are longs, of floats doubles; counts are longs. */
        DataType type() {
            return switch (kind) {
                case COUNT_ROWS, COUNT -> DataTypes.LongType;
                case SUM -> integral(column.dataType()) ? DataTypes.LongType : DataTypes.DoubleType;
                case MIN, MAX -> column.dataType();
            };
        }

        @Override
        public String toString() {
            return kind == Kind.COUNT_ROWS ? "count(*)" : kind.name().toLowerCase() + "(" + column.name() + ")";
        }
    }

    /** The plan of {@code aggregation} over {@code columns} (the array's), or null when it is not one this takes. */
    static AggregatePlan of(Aggregation aggregation, StructType columns) {
        Expression[] groups = aggregation.groupByExpressions();
        if (groups.length > 1) {
            return null;
        }
        StructField key = groups.length == 0 ? null : column(groups[0], columns);
        // a nullable key (a timedelta64 count, whose NaT is null) would need a group of its own: left to Spark
        if (groups.length == 1 && (key == null || key.nullable() || !(integral(key.dataType()) || key.dataType() instanceof BooleanType))) {
            return null;
        }
        List<Measure> measures = new ArrayList<>();
        for (AggregateFunc f : aggregation.aggregateExpressions()) {
            Measure m = measure(f, columns);
            if (m == null) {
                return null;
            }
            measures.add(m);
        }
        return new AggregatePlan(key, List.copyOf(measures));
    }

    private static Measure measure(AggregateFunc f, StructType columns) {
        return switch (f) {
            case CountStar ignored -> new Measure(Kind.COUNT_ROWS, null);
            case Count c when !c.isDistinct() -> of(Kind.COUNT, column(c.column(), columns));
            case Sum s when !s.isDistinct() -> of(Kind.SUM, column(s.column(), columns));
            case Min m -> of(Kind.MIN, column(m.column(), columns));
            case Max m -> of(Kind.MAX, column(m.column(), columns));
            default -> null;
        };
    }

    private static Measure of(Kind kind, StructField column) {
        if (column == null) {
            return null;
        }
        DataType t = column.dataType();
        boolean fits = switch (kind) {
            case COUNT_ROWS, COUNT -> true;
            case SUM -> integral(t) || t instanceof FloatType || t instanceof DoubleType;
            // floats are left to Spark: its order of NaN and of -0.0 against 0.0 is its own
            case MIN, MAX -> integral(t) || t instanceof BooleanType;
        };
        return fits ? new Measure(kind, column) : null;
    }

    /** The top-level column an expression names, or null for anything else. */
    private static StructField column(Expression e, StructType columns) {
        if (!(e instanceof NamedReference ref) || ref.fieldNames().length != 1) {
            return null;
        }
        for (StructField f : columns.fields()) {
            if (f.name().equals(ref.fieldNames()[0])) {
                return f;
            }
        }
        return null;
    }

    static boolean integral(DataType t) {
        return t instanceof ByteType || t instanceof ShortType || t instanceof IntegerType || t instanceof LongType;
    }

    /**
     * The keys a group can have, from the key's type: they size a task's table of groups ({@link GroupSlots}) and may
     * bound the rows a task gives, one per group it holds.
     */
    record KeyRange(long lowest, long highest) {
        /**
         * The rows a task reading {@code records} records gives at most: one per record, and, for a key of fewer values
         * than a task's table holds ({@link AggregateReader#MAX_GROUPS}), one per value; a key of more values may fill
         * the table, whose groups then go to Spark while the same keys start new ones.
         */
        long rowsAtMost(long records) {
            long span = highest - lowest; // one less than the keys; negative when a long key may take all 2^64
            return span >= 0 && span + 1 < AggregateReader.MAX_GROUPS && span < records ? span + 1 : records;
        }
    }

    KeyRange keyRange() {
        if (key == null) {
            return new KeyRange(0, 0);
        }
        return switch (key.dataType()) {
            case BooleanType ignored -> new KeyRange(0, 1);
            case ByteType ignored -> new KeyRange(Byte.MIN_VALUE, Byte.MAX_VALUE);
            case ShortType ignored -> new KeyRange(Short.MIN_VALUE, Short.MAX_VALUE);
            default -> new KeyRange(Long.MIN_VALUE, Long.MAX_VALUE);
        };
    }

    /** The columns to read: the key (if any), then each column a measure takes, once. */
    StructType input() {
        Map<String, StructField> read = new LinkedHashMap<>();
        if (key != null) {
            read.put(key.name(), key);
        }
        for (Measure m : measures) {
            if (m.column() != null) {
                read.putIfAbsent(m.column().name(), m.column());
            }
        }
        return new StructType(read.values().toArray(StructField[]::new));
    }

    /** The rows the scan gives: the key (if any), then each measure. */
    StructType output() {
        List<StructField> out = new ArrayList<>();
        if (key != null) {
            out.add(key);
        }
        for (Measure m : measures) {
            out.add(new StructField(m.toString(), m.type(), true, Metadata.empty()));
        }
        return new StructType(out.toArray(StructField[]::new));
    }

    @Override
    public String toString() {
        return measures.stream().map(Measure::toString).collect(Collectors.joining(", ", "[", "]")) + (key == null ? "" : " by " + key.name());
    }
}
