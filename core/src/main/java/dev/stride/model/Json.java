package dev.stride.model;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * An immutable JSON value. Numbers keep their source text, so integers of any size and
 * the non-finite values some writers put in attributes ({@code NaN}, {@code Infinity}) survive exactly.
 */
public sealed interface Json {

    /**
     * A JSON object: a group's or an array's attributes, a member of metadata.
     *
     * @param members the members by name, in the order written
     */
    record JObject(Map<String, Json> members) implements Json {
        /** Copies the members, keeping their order; the object cannot be changed afterwards. */
        public JObject {
            members = Collections.unmodifiableMap(new LinkedHashMap<>(members));
        }

        /**
         * A member's value.
         *
         * @param name the member's name
         * @return its value, or null when the object has no such member
         */
        public Json get(String name) {
            return members.get(name);
        }

        /**
         * Whether the object has a member, even one whose value is JSON null.
         *
         * @param name the member's name
         * @return true when the member is there
         */
        public boolean has(String name) {
            return members.containsKey(name);
        }
    }

    /**
     * A JSON array.
     *
     * @param items its elements, in order
     */
    record JArray(List<Json> items) implements Json {
        /** Copies the elements; the array cannot be changed afterwards. */
        public JArray {
            items = List.copyOf(items);
        }

        /**
         * How many elements the array has.
         *
         * @return its length
         */
        public int size() {
            return items.size();
        }

        /**
         * An element.
         *
         * @param i its index, from 0
         * @return the element
         * @throws IndexOutOfBoundsException when {@code i} is not below {@link #size()}
         */
        public Json get(int i) {
            return items.get(i);
        }
    }

    /**
     * A JSON string.
     *
     * @param value the string, escapes resolved
     */
    record JString(String value) implements Json {
    }

    /**
     * A number as written: {@code 42}, {@code -1.5e3}, {@code 18446744073709551615}, {@code NaN}.
     *
     * @param text the number's source text, exactly as it was written
     */
    record JNumber(String text) implements Json {
        /**
         * Whether the number is written as an integer (digits and a sign, no fraction or exponent).
         *
         * @return true for {@code 42} or {@code -7}, false for {@code 1.0} or {@code 1e3}
         */
        public boolean isIntegral() {
            return text.chars().allMatch(c -> c == '-' || (c >= '0' && c <= '9'));
        }

        /**
         * Whether the number is finite: not one of the {@code NaN} or {@code Infinity} spellings.
         *
         * @return false for {@code NaN}, {@code Infinity}, {@code -Infinity}, {@code INF}
         */
        public boolean isFinite() {
            return !text.contains("N") && !text.contains("I");
        }

        /**
         * The number as an integer of any size.
         *
         * @return its value
         * @throws NumberFormatException when it is not {@linkplain #isIntegral() integral}
         */
        public BigInteger bigInteger() {
            return new BigInteger(text);
        }

        /**
         * The number as an exact decimal.
         *
         * @return its value
         * @throws NumberFormatException when it is not {@linkplain #isFinite() finite}
         */
        public BigDecimal bigDecimal() {
            return new BigDecimal(text);
        }

        /**
         * The value as a double; Jackson's non-finite spellings ({@code +INF}, {@code -INF}) included.
         *
         * @return the nearest double
         * @throws NumberFormatException when the text is no number Java or Jackson spells
         */
        public double doubleValue() {
            return switch (text) {
                case "INF", "+INF" -> Double.POSITIVE_INFINITY;
                case "-INF" -> Double.NEGATIVE_INFINITY;
                default -> Double.parseDouble(text);
            };
        }
    }

    /**
     * A JSON boolean.
     *
     * @param value true or false
     */
    record JBool(boolean value) implements Json {
    }

    /** JSON null. */
    enum JNull implements Json {
        /** The one null value. */
        NULL
    }

    /**
     * An object from alternating member names and values, members in the order given (written files read like the spec).
     *
     * @param namesAndValues a {@code String} name, then its {@code Json} value, and so on
     * @return the object
     * @throws ClassCastException when a name is not a String or a value not a Json
     */
    static JObject object(Object... namesAndValues) {
        Map<String, Json> members = new LinkedHashMap<>();
        for (int i = 0; i < namesAndValues.length; i += 2) {
            members.put((String) namesAndValues[i], (Json) namesAndValues[i + 1]);
        }
        return new JObject(members);
    }

    /**
     * An array of integers.
     *
     * @param values the integers, in order
     * @return the array
     */
    static JArray integers(long[] values) {
        List<Json> items = new java.util.ArrayList<>(values.length);
        for (long v : values) {
            items.add(number(v));
        }
        return new JArray(items);
    }

    /**
     * An integer as a JSON number.
     *
     * @param v the integer
     * @return the number
     */
    static JNumber number(long v) {
        return new JNumber(Long.toString(v));
    }

    /**
     * A string as a JSON string.
     *
     * @param s the string
     * @return the JSON string
     */
    static JString string(String s) {
        return new JString(s);
    }

    /**
     * The JSON type's name for error messages.
     *
     * @param json a value
     * @return object, array, string, number, boolean or null
     */
    static String typeName(Json json) {
        return switch (json) {
            case JObject o -> "object";
            case JArray a -> "array";
            case JString s -> "string";
            case JNumber n -> "number";
            case JBool b -> "boolean";
            case JNull n -> "null";
        };
    }
}
