package dev.stride.internal.metadata;

import dev.stride.internal.text.Utf32;
import dev.stride.model.CoreType;
import dev.stride.model.DataType;
import dev.stride.model.FillValue;
import dev.stride.model.Json;
import dev.stride.model.FixedBytesType;
import dev.stride.model.FixedStringType;
import dev.stride.model.RawType;
import dev.stride.model.SubarrayType;
import dev.stride.model.StructType;
import dev.stride.model.TimeType;

import java.io.ByteArrayOutputStream;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.Base64;
import java.util.HashSet;
import java.util.Set;

/** Parses {@code fill_value} in every JSON encoding the specs give, into the exact bits of one element. */
public final class FillValues {
    private FillValues() {
    }

    public static FillValue parse(Node node, Json json, DataType type, String pointer) {
        if (type instanceof StructType s && s.legacy() && json instanceof Json.JString base64) {
            return new FillValue(type, json, legacyBytes(node, base64.value(), s, pointer));
        }
        // grows with the values read, never to the size the data type claims (a raw type may claim 1 GiB)
        LittleEndian out = new LittleEndian();
        put(node, json, type, pointer, out);
        return new FillValue(type, json, out.toByteArray());
    }

    /** Little-endian bytes of a fill value, appended as its JSON is read. */
    private static final class LittleEndian extends ByteArrayOutputStream {
        private final ByteBuffer scratch = ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN);

        void put(byte b) {
            write(b);
        }

        void putShort(short v) {
            write(scratch.clear().putShort(v).array(), 0, 2);
        }

        void putInt(int v) {
            write(scratch.clear().putInt(v).array(), 0, 4);
        }

        void putFloat(float v) {
            write(scratch.clear().putFloat(v).array(), 0, 4);
        }

        void putDouble(double v) {
            write(scratch.clear().putDouble(v).array(), 0, 8);
        }

        void putLong(long v) {
            write(scratch.clear().putLong(v).array(), 0, 8);
        }
    }

    private static byte[] legacyBytes(Node node, String text, StructType s, String pointer) {
        byte[] bytes = base64(node, text, pointer, "of the packed record");
        if (bytes.length != s.byteSize()) {
            throw node.invalid(pointer, "base64 fill value has " + bytes.length + " bytes, the record has " + s.byteSize());
        }
        return bytes;
    }

    private static void put(Node node, Json json, DataType type, String pointer, LittleEndian out) {
        switch (type) {
            case CoreType c -> core(node, json, c, pointer, out);
            case RawType r when r.rawBytes() -> out.write(padded(node, base64(node, json, pointer), r.byteSize(), pointer), 0, r.byteSize());
            case RawType r -> raw(node, json, r, pointer, out);
            case FixedBytesType b -> out.write(padded(node, base64(node, json, pointer), b.length(), pointer), 0, b.length());
            case FixedStringType t -> text(node, json, t, pointer, out);
            case SubarrayType a -> subarray(node, json, a, 0, pointer, out);
            case TimeType t -> {
                if (json instanceof Json.JString s && s.value().equals("NaT")) {
                    out.putLong(TimeType.NAT);
                } else {
                    out.putLong(node.integer(json, pointer, Long.MIN_VALUE, Long.MAX_VALUE));
                }
            }
            case StructType s -> {
                Json.JObject o = node.object(json, pointer);
                Set<String> names = new HashSet<>();
                for (StructType.Field f : s.fields()) {
                    names.add(f.name());
                    Json v = o.get(f.name());
                    if (v == null) {
                        throw node.invalid(pointer, "fill value lacks field '" + f.name() + "'");
                    }
                    put(node, v, f.type(), pointer + "/" + Node.escape(f.name()), out);
                }
                for (String key : o.members().keySet()) {
                    if (!names.contains(key)) {
                        throw node.invalid(pointer + "/" + Node.escape(key), "fill value names unknown field '" + key + "'");
                    }
                }
            }
        }
    }

    /** zarr-python's fill of {@code fixed_length_utf32}: a string of at most the type's characters, padded with NULs. */
    private static void text(Node node, Json json, FixedStringType t, String pointer, LittleEndian out) {
        int[] codePoints = node.string(json, pointer).codePoints().toArray();
        if (codePoints.length > t.characters()) {
            throw node.invalid(pointer, "fill value has " + codePoints.length + " characters, more than " + t.describe() + " holds");
        }
        for (int i = 0; i < t.characters(); i++) {
            int unit = i < codePoints.length ? codePoints[i] : 0;
            String illFormed = Utf32.illFormed(unit);
            if (illFormed != null) {
                throw node.invalid(pointer, "fill value holds " + illFormed + ", at character " + i + ", which UTF-32 cannot store");
            }
            out.putInt(unit);
        }
    }

    private static byte[] base64(Node node, Json json, String pointer) {
        return base64(node, node.string(json, pointer), pointer, "");
    }

    /**
     * Bytes from standard base64 with its padding, as Python's {@code base64.standard_b64decode} (which zarr-python
     * encodes them for) takes them: Java's decoder also takes a text whose length is no multiple of 4, so "abc" would
     * give two bytes where zarr-python reads none.
     *
     * @param node the node whose metadata holds the text
     * @param text the base64
     * @param pointer the member that holds it
     * @param what what the bytes are, after "not base64" in the message ("of the packed record"), or ""
     * @return the bytes
     * @throws dev.stride.model.ZarrException.InvalidMetadata naming the member when the text is not base64
     */
    public static byte[] base64(Node node, String text, String pointer, String what) {
        String not = "not base64" + (what.isEmpty() ? "" : " " + what) + ": ";
        if (text.length() % 4 != 0) {
            throw node.invalid(pointer, not + "its length " + text.length() + " is not a multiple of 4 (padded with '=')");
        }
        try {
            return Base64.getDecoder().decode(text);
        } catch (IllegalArgumentException e) {
            throw node.invalid(pointer, not + e.getMessage());
        }
    }

    /** {@code bytes} padded with NULs to {@code size}; refused when longer. */
    private static byte[] padded(Node node, byte[] bytes, int size, String pointer) {
        if (bytes.length > size) {
            throw node.invalid(pointer, "fill value has " + bytes.length + " bytes, more than the " + size + " of the type");
        }
        return Arrays.copyOf(bytes, size);
    }

    /** A sub-array's fill: nested lists of the shape, elements in C order. */
    private static void subarray(Node node, Json json, SubarrayType a, int dim, String pointer, LittleEndian out) {
        Json.JArray items = node.array(json, pointer);
        if (items.size() != a.shape().get(dim)) {
            throw node.invalid(pointer, "needs " + a.shape().get(dim) + " items for the shape " + a.shape() + ", not " + items.size());
        }
        for (int i = 0; i < items.size(); i++) {
            if (dim + 1 < a.shape().size()) {
                subarray(node, items.get(i), a, dim + 1, pointer + "/" + i, out);
            } else {
                put(node, items.get(i), a.element(), pointer + "/" + i, out);
            }
        }
    }

    private static void raw(Node node, Json json, RawType r, String pointer, LittleEndian out) {
        Json.JArray a = node.array(json, pointer);
        if (a.size() != r.byteSize()) {
            throw node.invalid(pointer, r.describe() + " needs " + r.byteSize() + " byte values, not " + a.size());
        }
        for (int i = 0; i < a.size(); i++) {
            out.put((byte) node.integer(a.get(i), pointer + "/" + i, 0, 255));
        }
    }

    private static void core(Node node, Json json, CoreType c, String pointer, LittleEndian out) {
        switch (c.kind()) {
            case BOOL -> out.put((byte) (node.bool(json, pointer) ? 1 : 0));
            case SIGNED, UNSIGNED -> integer(node, json, c, pointer, out);
            case FLOAT -> floating(node, json, c, pointer, out);
            case COMPLEX -> {
                Json.JArray a = node.array(json, pointer);
                if (a.size() != 2) {
                    throw node.invalid(pointer, "a complex fill value is [real, imaginary]");
                }
                floating(node, a.get(0), c.component(), pointer + "/0", out);
                floating(node, a.get(1), c.component(), pointer + "/1", out);
            }
        }
    }

    private static void integer(Node node, Json json, CoreType c, String pointer, LittleEndian out) {
        if (!(json instanceof Json.JNumber n) || !n.isIntegral()) {
            throw node.invalid(pointer, c + " fill value must be an integer, not " + Node.describe(json));
        }
        int bits = c.byteSize() * 8;
        BigInteger v = n.bigInteger();
        BigInteger min = c.kind() == CoreType.Kind.SIGNED ? BigInteger.ONE.shiftLeft(bits - 1).negate() : BigInteger.ZERO;
        BigInteger max = c.kind() == CoreType.Kind.SIGNED
                ? BigInteger.ONE.shiftLeft(bits - 1).subtract(BigInteger.ONE)
                : BigInteger.ONE.shiftLeft(bits).subtract(BigInteger.ONE);
        if (v.compareTo(min) < 0 || v.compareTo(max) > 0) {
            throw node.invalid(pointer, v + " is out of range for " + c);
        }
        putBits(out, v.longValue(), c.byteSize());
    }

    private static void floating(Node node, Json json, CoreType c, String pointer, LittleEndian out) {
        int size = c.byteSize();
        if (json instanceof Json.JString s) {
            String text = s.value();
            if (text.startsWith("0x")) {
                String hex = text.substring(2);
                if (hex.isEmpty() || hex.length() > size * 2 || !hex.chars().allMatch(ch -> Character.digit(ch, 16) >= 0)) {
                    throw node.invalid(pointer, "'" + text + "' is not a " + (size * 2) + "-digit hex bit pattern of " + c);
                }
                putBits(out, Long.parseUnsignedLong(hex, 16), size);
                return;
            }
            double special = switch (text) {
                case "NaN" -> Double.NaN;
                case "Infinity" -> Double.POSITIVE_INFINITY;
                case "-Infinity" -> Double.NEGATIVE_INFINITY;
                default -> throw node.invalid(pointer, "'" + text + "' is not a float fill value (a number, \"NaN\", \"Infinity\", \"-Infinity\" or \"0x...\")");
            };
            putFloat(out, special, size);
            return;
        }
        if (!(json instanceof Json.JNumber n)) {
            throw node.invalid(pointer, c + " fill value must be a number or string, not " + Json.typeName(json));
        }
        if (n.isFinite()) {
            putNumber(out, n.text(), size);
        } else {
            putFloat(out, n.doubleValue(), size);
        }
    }

    /**
     * Rounds a JSON number once, half to even, straight to the type: parsing to float32 directly (not through a
     * double, which rounds twice) and keeping the sign of -0.0 (which BigDecimal drops).
     */
    private static void putNumber(LittleEndian out, String text, int size) {
        switch (size) {
            case 2 -> out.putShort(toFloat16(text));
            case 4 -> out.putFloat(Float.parseFloat(text));
            default -> out.putDouble(Double.parseDouble(text));
        }
    }

    /** The nearest float16; a float32 that lies exactly halfway between two of them defers to the exact decimal. */
    private static short toFloat16(String text) {
        float f = Float.parseFloat(text);
        short h = Float.floatToFloat16(f);
        short up = Float.floatToFloat16(Math.nextUp(f));
        short down = Float.floatToFloat16(Math.nextDown(f));
        if (Float.isFinite(f) && up != down) {
            try {
                int side = new BigDecimal(text).compareTo(new BigDecimal(f));
                return side == 0 ? h : side > 0 ? up : down;
            } catch (NumberFormatException exponentBeyondAnInt) {
                // 1e-1000000000000: BigDecimal keeps its exponent in an int; such a value is a zero all the same
                return h;
            }
        }
        return h;
    }

    /** Writes a float of the given size; NaN is the canonical quiet NaN of that size. */
    private static void putFloat(LittleEndian out, double v, int size) {
        switch (size) {
            case 2 -> out.putShort(Float.floatToFloat16((float) v));
            case 4 -> out.putFloat((float) v);
            default -> out.putDouble(v);
        }
    }

    private static void putBits(LittleEndian out, long bits, int size) {
        for (int i = 0; i < size; i++) {
            out.put((byte) (bits >>> (8 * i)));
        }
    }
}
