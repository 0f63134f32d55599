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

    record JObject(Map<String, Json> members) implements Json {
        public JObject {
            members = Collections.unmodifiableMap(new LinkedHashMap<>(members));
        }

        public Json get(String name) {
            return members.get(name);
        }

        public boolean has(String name) {
            return members.containsKey(name);
        }
    }

    record JArray(List<Json> items) implements Json {
        public JArray {
            items = List.copyOf(items);
        }

        public int size() {
            return items.size();
        }

        public Json get(int i) {
            return items.get(i);
        }
    }

    record JString(String value) implements Json {
    }

    /** A number as written: {@code 42}, {@code -1.5e3}, {@code 18446744073709551615}, {@code NaN}. */
    record JNumber(String text) implements Json {
        public boolean isIntegral() {
            return text.chars().allMatch(c -> c == '-' || (c >= '0' && c <= '9'));
        }

        public boolean isFinite() {
            return !text.contains("N") && !text.contains("I");
        }

        public BigInteger bigInteger() {
            return new BigInteger(text);
        }

        public BigDecimal bigDecimal() {
            return new BigDecimal(text);
        }

        /** The value as a double; Jackson's non-finite spellings ({@code +INF}, {@code -INF}) included. */
        public double doubleValue() {
            return switch (text) {
                case "INF", "+INF" -> Double.POSITIVE_INFINITY;
                case "-INF" -> Double.NEGATIVE_INFINITY;
                default -> Double.parseDouble(text);
            };
        }
    }

    record JBool(boolean value) implements Json {
    }

    enum JNull implements Json {
        NULL
    }

    /** An object from alternating member names and values, members in the order given (written files read like the spec). */
    static JObject object(Object... namesAndValues) {
        Map<String, Json> members = new LinkedHashMap<>();
        for (int i = 0; i < namesAndValues.length; i += 2) {
            members.put((String) namesAndValues[i], (Json) namesAndValues[i + 1]);
        }
        return new JObject(members);
    }

    static JArray integers(long[] values) {
        List<Json> items = new java.util.ArrayList<>(values.length);
        for (long v : values) {
            items.add(number(v));
        }
        return new JArray(items);
    }

    static JNumber number(long v) {
        return new JNumber(Long.toString(v));
    }

    static JString string(String s) {
        return new JString(s);
    }

    /** The JSON type's name for error messages: object, array, string, number, boolean, null. */
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
