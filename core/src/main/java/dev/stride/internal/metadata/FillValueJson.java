package dev.stride.internal.metadata;

import dev.stride.model.CoreType;
import dev.stride.model.DataType;
import dev.stride.model.FillValue;
import dev.stride.internal.json.FloatJson;
import dev.stride.internal.text.Utf32;
import dev.stride.model.Json;
import dev.stride.model.FixedBytesType;
import dev.stride.model.FixedStringType;
import dev.stride.model.RawType;
import dev.stride.model.SubarrayType;
import dev.stride.model.StructType;
import dev.stride.model.TimeType;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The {@code fill_value} member that reads back as exactly the same bits: a struct as an object with every field,
 * floats as {@link FloatJson} spells them (as a field's value is spelled).
 */
public final class FillValueJson {
    /** Where the fill value is in {@code zarr.json}. */
    static final String MEMBER = "/fill_value";

    private FillValueJson() {
    }

    /** The spelling of a fill value read from metadata, which has one. */
    public static Json encode(FillValue fill) {
        return encode(new Node(null), fill);
    }

    /**
     * The spelling of a fill value given by a caller.
     *
     * @throws dev.stride.model.ZarrException.InvalidMetadata naming {@code node} and the member for bits no JSON
     *         spells (a bool byte other than 0 or 1)
     */
    public static Json encode(Node node, FillValue fill) {
        return encode(node, MEMBER, fill.type(), ByteBuffer.wrap(fill.bytes(ByteOrder.LITTLE_ENDIAN)).order(ByteOrder.LITTLE_ENDIAN));
    }

    /** The fill value whose bits are all zero: 0, false, 0.0 in every field. */
    public static Json zero(DataType type) {
        return encode(new Node(null), MEMBER, type, ByteBuffer.allocate(type.byteSize()).order(ByteOrder.LITTLE_ENDIAN));
    }

    private static Json encode(Node node, String pointer, DataType type, ByteBuffer in) {
        return switch (type) {
            case CoreType c -> core(node, pointer, c, in);
            case RawType r when r.rawBytes() -> base64(in, r.byteSize(), false);
            case FixedBytesType b -> base64(in, b.length(), true);
            case FixedStringType t -> text(node, pointer, t, in);
            case SubarrayType a -> subarray(node, pointer, a, 0, in);
            case RawType r -> {
                List<Json> bytes = new ArrayList<>();
                for (int i = 0; i < r.byteSize(); i++) {
                    bytes.add(Json.number(Byte.toUnsignedInt(in.get())));
                }
                yield new Json.JArray(bytes);
            }
            case TimeType t -> {
                long v = in.getLong();
                yield v == TimeType.NAT ? Json.string("NaT") : Json.number(v);
            }
            case StructType s -> {
                Map<String, Json> members = new LinkedHashMap<>();
                for (StructType.Field f : s.fields()) {
                    members.put(f.name(), encode(node, pointer + "/" + Node.escape(f.name()), f.type(), in));
                }
                yield new Json.JObject(members);
            }
        };
    }

    /** zarr-python's fill of {@code fixed_length_utf32}: the text without its trailing NULs. */
    private static Json text(Node node, String pointer, FixedStringType t, ByteBuffer in) {
        int[] codePoints = new int[t.characters()];
        int n = 0;
        for (int i = 0; i < codePoints.length; i++) {
            codePoints[i] = in.getInt();
            String illFormed = Utf32.illFormed(codePoints[i]);
            if (illFormed != null) {
                throw node.invalid(pointer, "a " + t.describe() + " fill value holds " + illFormed + ", at character " + i
                        + ", which no JSON string spells as UTF-32");
            }
            n = codePoints[i] == 0 ? n : i + 1;
        }
        return Json.string(new String(codePoints, 0, n));
    }

    /** {@code size} bytes as base64, less trailing NULs when {@code trim} (zarr-python's form of byte strings). */
    private static Json base64(ByteBuffer in, int size, boolean trim) {
        byte[] bytes = new byte[size];
        in.get(bytes);
        int n = size;
        while (trim && n > 0 && bytes[n - 1] == 0) {
            n--;
        }
        return Json.string(Base64.getEncoder().encodeToString(Arrays.copyOf(bytes, n)));
    }

    /** The elements of dimension {@code dim} onwards as nested lists, as numpy prints a sub-array. */
    private static Json subarray(Node node, String pointer, SubarrayType a, int dim, ByteBuffer in) {
        List<Json> items = new ArrayList<>();
        for (int i = 0; i < a.shape().get(dim); i++) {
            items.add(dim + 1 < a.shape().size() ? subarray(node, pointer, a, dim + 1, in) : encode(node, pointer, a.element(), in));
        }
        return new Json.JArray(items);
    }

    private static Json core(Node node, String pointer, CoreType c, ByteBuffer in) {
        return switch (c.kind()) {
            case BOOL -> {
                byte b = in.get();
                if (b != 0 && b != 1) {
                    throw node.invalid(pointer, "a bool fill value is the byte 0 or 1, not " + b);
                }
                yield new Json.JBool(b == 1);
            }
            case SIGNED -> Json.number(bits(in, c.byteSize(), true));
            case UNSIGNED -> new Json.JNumber(Long.toUnsignedString(bits(in, c.byteSize(), false)));
            case FLOAT -> FloatJson.of(c, bits(in, c.byteSize(), false));
            case COMPLEX -> {
                CoreType part = c.component();
                Json re = FloatJson.of(part, bits(in, part.byteSize(), false));
                yield new Json.JArray(List.of(re, FloatJson.of(part, bits(in, part.byteSize(), false))));
            }
        };
    }

    private static long bits(ByteBuffer in, int size, boolean signed) {
        return switch (size) {
            case 1 -> signed ? in.get() : Byte.toUnsignedLong(in.get());
            case 2 -> signed ? in.getShort() : Short.toUnsignedLong(in.getShort());
            case 4 -> signed ? in.getInt() : Integer.toUnsignedLong(in.getInt());
            default -> in.getLong();
        };
    }
}
