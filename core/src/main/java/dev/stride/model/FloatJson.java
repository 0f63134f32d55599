package dev.stride.model;

import dev.stride.internal.base.Float16Decimal;

/**
 * How a float16, float32 or float64 is spelled in JSON: the one encoding for metadata ({@code fill_value}) and for
 * values (a field's {@link FieldAccessor#toJson}), so both spell every float alike and the spelling reads back as the
 * same bits. A finite value is its shortest decimal in its own precision ({@code 0.1}, not float32's
 * {@code 0.10000000149011612}; {@code -0.0} keeps its sign), the infinities are {@code "Infinity"} and
 * {@code "-Infinity"}, the canonical quiet NaN is {@code "NaN"}, and any other NaN is its bit pattern
 * ({@code "0x7ff8000000000001"}), as the Zarr v3 fill value encoding allows.
 */
public final class FloatJson {
    private FloatJson() {
    }

    /**
     * The JSON of a float given by its bits (the low 2, 4 or 8 bytes of {@code bits}).
     *
     * @throws ZarrException.BadRequest when {@code type} is not float16, float32 or float64
     */
    public static Json of(CoreType type, long bits) {
        if (type.kind() != CoreType.Kind.FLOAT) {
            throw new ZarrException.BadRequest(null, type.describe() + " is not a float type");
        }
        double v = switch (type) {
            case FLOAT16 -> Float.float16ToFloat((short) bits);
            case FLOAT32 -> Float.intBitsToFloat((int) bits);
            default -> Double.longBitsToDouble(bits);
        };
        if (Double.isNaN(v)) {
            return bits(type, bits) == canonicalNaN(type) ? Json.string("NaN") : hex(type, bits);
        }
        if (Double.isInfinite(v)) {
            return Json.string(v > 0 ? "Infinity" : "-Infinity");
        }
        return new Json.JNumber(switch (type) {
            // Float16Decimal takes non-zero values; a zero is spelled as float32 spells it, sign and all
            case FLOAT16 -> v == 0 ? Float.toString((float) v) : Float16Decimal.of((short) bits);
            case FLOAT32 -> Float.toString((float) v);
            default -> Double.toString(v);
        });
    }

    /** The quiet NaN that {@code "NaN"} reads back as, in the type's bits. */
    private static long canonicalNaN(CoreType type) {
        return switch (type) {
            case FLOAT16 -> 0x7e00L;
            case FLOAT32 -> 0x7fc00000L;
            default -> 0x7ff8000000000000L;
        };
    }

    private static long bits(CoreType type, long bits) {
        return type.byteSize() == 8 ? bits : bits & ((1L << (8 * type.byteSize())) - 1);
    }

    private static Json hex(CoreType type, long bits) {
        return Json.string(String.format("0x%0" + (2 * type.byteSize()) + "x", bits(type, bits)));
    }
}
