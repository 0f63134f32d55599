package dev.stride.model;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;

/**
 * A condition on the records of an array: comparisons, ranges, sets and NaN/NaT tests on fields and index coordinates,
 * joined by and, or and not. Read it from text with {@link #parse(String)} or build it from these records; an open
 * array binds it to its fields ({@code array.where(predicate)}), refusing a field it lacks or a literal of the wrong
 * kind with a {@link ZarrException.BadRequest} naming the column.
 *
 * <p>Semantics are Spark SQL's: NaN equals NaN and is greater than every other number, {@code -0.0} equals
 * {@code 0.0}; a NaT is a null, so any comparison with it is unknown, {@code not} of unknown is unknown, and a record
 * is kept only when the whole predicate is true. An integer field (and a time, and a coordinate) compares with the
 * literal exactly ({@code 9007199254740993} against an int64, {@code 2.5} lies between two integers); a float field
 * compares, widened to a double, with the double nearest the literal, as Spark casts a decimal literal: a float64 of 0.1
 * equals {@code 0.1}, no float32 does.
 */
public sealed interface Predicate permits Predicate.Compare, Predicate.Between, Predicate.In, Predicate.IsNaN,
        Predicate.IsNaT, Predicate.And, Predicate.Or, Predicate.Not {

    /**
     * Parses the text grammar described in {@code docs/cli.md}: {@code speed > 30 and time >= 2026-03-01},
     * {@code not (a in (1, 2, 3)) or isnan(x)}, {@code @0 between 100 and 200}.
     *
     * @param text the expression
     * @return the predicate
     * @throws ZarrException.BadRequest naming the position and what was expected there
     */
    static Predicate parse(String text) {
        return new PredicateParser(ZarrException.BadRequest.requireNonNull(text, "text")).parse();
    }

    /** What a condition tests: a leaf field of the records or an index coordinate. */
    sealed interface Operand permits Field, Index { }

    /**
     * A leaf field, by the dotted path {@code --fields} takes ({@code point.x}); {@code ""} for a plain array.
     *
     * @param path the field's dotted path
     */
    record Field(String path) implements Operand {
        /**
         * Checks the components.
         *
         * @throws ZarrException.BadRequest for a null path
         */
        public Field {
            ZarrException.BadRequest.requireNonNull(path, "path");
        }

        @Override
        public String toString() {
            return path.isEmpty() ? "value" : path;
        }
    }

    /**
     * The record's coordinate along a dimension of the array ({@code @0} in text).
     *
     * @param dimension the dimension, from 0
     */
    record Index(int dimension) implements Operand {
        /**
         * Checks the components.
         *
         * @throws ZarrException.BadRequest for a negative dimension
         */
        public Index {
            if (dimension < 0) {
                throw new ZarrException.BadRequest(null, "dimension " + dimension + " is negative");
            }
        }

        @Override
        public String toString() {
            return "@" + dimension;
        }
    }

    /** A value a condition compares with. */
    sealed interface Literal permits Number, Special, Bool, DateTime { }

    /**
     * A finite number, exactly as written.
     *
     * @param value the number
     */
    record Number(BigDecimal value) implements Literal {
        /**
         * Checks the components.
         *
         * @throws ZarrException.BadRequest for a null value
         */
        public Number {
            ZarrException.BadRequest.requireNonNull(value, "value");
        }
    }

    /**
     * NaN, positive or negative infinity ({@code nan}, {@code inf}, {@code -inf} in text).
     *
     * @param value a double that is not finite
     */
    record Special(double value) implements Literal {
        /**
         * Checks the components.
         *
         * @throws ZarrException.BadRequest for a finite value, which is a {@link Number}
         */
        public Special {
            if (Double.isFinite(value)) {
                throw new ZarrException.BadRequest(null, value + " is finite: use a Number");
            }
        }
    }

    /**
     * {@code true} or {@code false}, for bool fields.
     *
     * @param value the value
     */
    record Bool(boolean value) implements Literal { }

    /**
     * A point in time, for datetime64 fields ({@code 2026-03-01}, {@code 2026-03-01T12:30:05.25} in text, UTC).
     *
     * @param value the instant
     */
    record DateTime(Instant value) implements Literal {
        /**
         * Checks the components.
         *
         * @throws ZarrException.BadRequest for a null value
         */
        public DateTime {
            ZarrException.BadRequest.requireNonNull(value, "value");
        }
    }

    /** A comparison operator, with its text. */
    enum Op {
        /** Equal ({@code =} or {@code ==}). */
        EQ("="),
        /** Not equal ({@code !=} or {@code <>}). */
        NE("!="),
        /** Less than. */
        LT("<"),
        /** Less than or equal. */
        LE("<="),
        /** Greater than. */
        GT(">"),
        /** Greater than or equal. */
        GE(">=");

        private final String symbol;

        Op(String symbol) {
            this.symbol = symbol;
        }

        /** {@return the operator as the grammar writes it} */
        public String symbol() {
            return symbol;
        }
    }

    /**
     * {@code operand op value}.
     *
     * @param operand the field or coordinate
     * @param op the operator
     * @param value the literal
     */
    record Compare(Operand operand, Op op, Literal value) implements Predicate {
        /**
         * Checks the components.
         *
         * @throws ZarrException.BadRequest for a null component
         */
        public Compare {
            ZarrException.BadRequest.requireNonNull(operand, "operand");
            ZarrException.BadRequest.requireNonNull(op, "op");
            ZarrException.BadRequest.requireNonNull(value, "value");
        }
    }

    /**
     * {@code operand between low and high}: both ends included.
     *
     * @param operand the field or coordinate
     * @param low the least value kept
     * @param high the greatest value kept
     */
    record Between(Operand operand, Literal low, Literal high) implements Predicate {
        /**
         * Checks the components.
         *
         * @throws ZarrException.BadRequest for a null component
         */
        public Between {
            ZarrException.BadRequest.requireNonNull(operand, "operand");
            ZarrException.BadRequest.requireNonNull(low, "low");
            ZarrException.BadRequest.requireNonNull(high, "high");
        }
    }

    /**
     * {@code operand in (v1, v2, ...)}: equal to one of the values.
     *
     * @param operand the field or coordinate
     * @param values the values, at least one
     */
    record In(Operand operand, List<Literal> values) implements Predicate {
        /**
         * Checks the components.
         *
         * @throws ZarrException.BadRequest for a null component or no values
         */
        public In {
            ZarrException.BadRequest.requireNonNull(operand, "operand");
            values = List.copyOf(ZarrException.BadRequest.requireNonNull(values, "values"));
            if (values.isEmpty()) {
                throw new ZarrException.BadRequest(null, "in () needs at least one value");
            }
        }
    }

    /**
     * {@code isnan(field)}: true for a NaN of a float field, false for any other value.
     *
     * @param operand the field
     */
    record IsNaN(Operand operand) implements Predicate {
        /**
         * Checks the components.
         *
         * @throws ZarrException.BadRequest for a null operand
         */
        public IsNaN {
            ZarrException.BadRequest.requireNonNull(operand, "operand");
        }
    }

    /**
     * {@code isnat(field)}: true for a NaT of a datetime64 or timedelta64 field, false for any other value.
     *
     * @param operand the field
     */
    record IsNaT(Operand operand) implements Predicate {
        /**
         * Checks the components.
         *
         * @throws ZarrException.BadRequest for a null operand
         */
        public IsNaT {
            ZarrException.BadRequest.requireNonNull(operand, "operand");
        }
    }

    /**
     * True when every part is true.
     *
     * @param parts the conditions, at least one
     */
    record And(List<Predicate> parts) implements Predicate {
        /**
         * Checks the components.
         *
         * @throws ZarrException.BadRequest for a null or empty list
         */
        public And {
            parts = nonEmpty(parts);
        }
    }

    /**
     * True when some part is true.
     *
     * @param parts the conditions, at least one
     */
    record Or(List<Predicate> parts) implements Predicate {
        /**
         * Checks the components.
         *
         * @throws ZarrException.BadRequest for a null or empty list
         */
        public Or {
            parts = nonEmpty(parts);
        }
    }

    /**
     * True when the part is false (unknown stays unknown).
     *
     * @param part the condition
     */
    record Not(Predicate part) implements Predicate {
        /**
         * Checks the components.
         *
         * @throws ZarrException.BadRequest for a null part
         */
        public Not {
            ZarrException.BadRequest.requireNonNull(part, "part");
        }
    }

    private static List<Predicate> nonEmpty(List<Predicate> parts) {
        List<Predicate> copy = List.copyOf(ZarrException.BadRequest.requireNonNull(parts, "parts"));
        if (copy.isEmpty()) {
            throw new ZarrException.BadRequest(null, "and/or needs at least one condition");
        }
        return copy;
    }
}
