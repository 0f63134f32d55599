package dev.stride.conformance;

import dev.stride.model.CoreType;
import dev.stride.model.DataType;
import dev.stride.model.Json;
import dev.stride.internal.json.JsonCodec;
import dev.stride.model.StructType;
import dev.stride.model.SubarrayType;

import java.util.List;

/**
 * Compares an element read back, in the fill-value JSON encoding, with the manifest's expected value; a Zarr v2
 * sub-array field is nested lists of its elements.
 */
public final class Values {
    private Values() {
    }

    /** Null when equal, else what differs. */
    public static String difference(Json got, Json expected, DataType type) {
        return same(got, expected, type) ? null : "got " + JsonCodec.print(got) + ", expected " + JsonCodec.print(expected);
    }

    private static boolean same(Json got, Json exp, DataType type) {
        if (type instanceof StructType s) {
            if (!(got instanceof Json.JObject g) || !(exp instanceof Json.JObject e)) {
                return false;
            }
            List<String> names = s.fields().stream().map(StructType.Field::name).toList();
            if (!List.copyOf(g.members().keySet()).equals(names)) {
                return false;
            }
            for (StructType.Field f : s.fields()) {
                if (!same(g.get(f.name()), e.get(f.name()), f.type())) {
                    return false;
                }
            }
            return true;
        }
        if (type instanceof SubarrayType a) {
            return sameNested(got, exp, a.element(), a.shape().size());
        }
        if (type instanceof CoreType c) {
            switch (c.kind()) {
                case FLOAT -> {
                    return sameFloat(got, exp, c);
                }
                case COMPLEX -> {
                    return got instanceof Json.JArray g && exp instanceof Json.JArray e && g.size() == 2
                            && sameFloat(g.get(0), e.get(0), c.component()) && sameFloat(g.get(1), e.get(1), c.component());
                }
                default -> {
                }
            }
        }
        if (got instanceof Json.JNumber g && exp instanceof Json.JNumber e) {
            return g.isIntegral() && e.isIntegral() && g.bigInteger().equals(e.bigInteger());
        }
        return got.equals(exp);
    }

    /** A numpy sub-array field: lists nested {@code depth} deep, element by element. */
    private static boolean sameNested(Json got, Json exp, DataType element, int depth) {
        if (depth == 0) {
            return same(got, exp, element);
        }
        if (!(got instanceof Json.JArray g) || !(exp instanceof Json.JArray e) || g.size() != e.size()) {
            return false;
        }
        for (int i = 0; i < g.size(); i++) {
            if (!sameNested(g.get(i), e.get(i), element, depth - 1)) {
                return false;
            }
        }
        return true;
    }

    private static boolean sameFloat(Json got, Json exp, CoreType c) {
        double g = asDouble(got);
        double e = asDouble(exp);
        if (Double.isNaN(g) || Double.isNaN(e)) {
            return Double.isNaN(g) && Double.isNaN(e) && got instanceof Json.JString;
        }
        return switch (c) {
            case FLOAT16 -> Float.floatToFloat16((float) g) == Float.floatToFloat16((float) e);
            case FLOAT32 -> (float) g == (float) e;
            default -> g == e;
        };
    }

    private static double asDouble(Json v) {
        return switch (v) {
            case Json.JNumber n -> n.doubleValue();
            case Json.JString s -> switch (s.value()) {
                case "NaN" -> Double.NaN;
                case "Infinity" -> Double.POSITIVE_INFINITY;
                case "-Infinity" -> Double.NEGATIVE_INFINITY;
                default -> throw new AssertionError("not a float encoding: " + s.value());
            };
            default -> throw new AssertionError("not a float encoding: " + JsonCodec.print(v));
        };
    }
}
