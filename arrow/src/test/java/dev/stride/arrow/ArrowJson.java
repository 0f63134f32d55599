package dev.stride.arrow;

import dev.stride.model.Json;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.FixedSizeBinaryVector;
import org.apache.arrow.vector.Float2Vector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.complex.FixedSizeListVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.types.pojo.ArrowType;

import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * An Arrow value in the Zarr fill-value JSON encoding the conformance manifests use, read straight from the vector's
 * buffers by its Arrow type: what a reader of the exported columns sees, independent of how Stride wrote them. Binary
 * is base64, as the v2 manifest spells a byte string; a fixed-size list a JSON list.
 */
final class ArrowJson {
    private ArrowJson() {
    }

    /** Row {@code i} of a batch's columns: an object of the columns, or the one {@code value} column's value. */
    static Json row(List<FieldVector> columns, int i) {
        if (columns.size() == 1 && columns.getFirst().getName().equals(ArrowColumn.VALUE)) {
            return value(columns.getFirst(), i);
        }
        Map<String, Json> members = new LinkedHashMap<>();
        for (FieldVector v : columns) {
            members.put(v.getName(), value(v, i));
        }
        return new Json.JObject(members);
    }

    static Json value(FieldVector v, int i) {
        if (v.isNull(i)) {
            return new Json.JString("NaT");
        }
        ArrowType type = v.getField().getType();
        return switch (type) {
            case ArrowType.Struct s when isComplex(v) -> {
                List<FieldVector> parts = ((StructVector) v).getChildrenFromFields();
                yield new Json.JArray(List.of(value(parts.get(0), i), value(parts.get(1), i)));
            }
            case ArrowType.Struct s -> {
                Map<String, Json> members = new LinkedHashMap<>();
                for (FieldVector child : ((StructVector) v).getChildrenFromFields()) {
                    members.put(child.getName(), value(child, i));
                }
                yield new Json.JObject(members);
            }
            case ArrowType.Bool b -> new Json.JBool(((BitVector) v).get(i) != 0);
            case ArrowType.Int t -> new Json.JNumber(integer((BaseFixedWidthVector) v, t, i).toString());
            case ArrowType.FloatingPoint f -> real(switch (v) {
                case Float2Vector h -> Float.float16ToFloat(h.get(i));
                case Float4Vector s -> s.get(i);
                case Float8Vector d -> d.get(i);
                default -> throw new AssertionError(v);
            });
            case ArrowType.FixedSizeBinary b -> {
                List<Json> bytes = new ArrayList<>();
                for (byte x : ((FixedSizeBinaryVector) v).get(i)) {
                    bytes.add(new Json.JNumber(Integer.toString(Byte.toUnsignedInt(x))));
                }
                yield new Json.JArray(bytes);
            }
            case ArrowType.Binary b -> new Json.JString(Base64.getEncoder().encodeToString(((VarBinaryVector) v).get(i)));
            case ArrowType.Utf8 u -> new Json.JString(new String(((VarCharVector) v).get(i), StandardCharsets.UTF_8));
            case ArrowType.FixedSizeList l -> {
                FieldVector items = ((FixedSizeListVector) v).getDataVector();
                List<Json> elements = new ArrayList<>();
                for (int k = 0; k < l.getListSize(); k++) {
                    elements.add(value(items, i * l.getListSize() + k));
                }
                yield new Json.JArray(elements);
            }
            case ArrowType.Timestamp t -> new Json.JNumber(Long.toString(((BaseFixedWidthVector) v).getDataBuffer().getLong(8L * i)));
            case ArrowType.Duration t -> new Json.JNumber(Long.toString(((BaseFixedWidthVector) v).getDataBuffer().getLong(8L * i)));
            default -> throw new AssertionError("no JSON for " + type);
        };
    }

    private static boolean isComplex(FieldVector v) {
        String zarr = v.getField().getMetadata().get(ArrowTypes.DATA_TYPE);
        return zarr != null && zarr.startsWith("complex");
    }

    private static BigInteger integer(BaseFixedWidthVector v, ArrowType.Int t, int i) {
        var buf = v.getDataBuffer();
        long raw = switch (t.getBitWidth()) {
            case 8 -> t.getIsSigned() ? buf.getByte(i) : Byte.toUnsignedLong(buf.getByte(i));
            case 16 -> t.getIsSigned() ? buf.getShort(2L * i) : Short.toUnsignedLong(buf.getShort(2L * i));
            case 32 -> t.getIsSigned() ? buf.getInt(4L * i) : Integer.toUnsignedLong(buf.getInt(4L * i));
            default -> buf.getLong(8L * i);
        };
        return t.getBitWidth() == 64 && !t.getIsSigned() ? new BigInteger(Long.toUnsignedString(raw)) : BigInteger.valueOf(raw);
    }

    static Json real(double d) {
        if (Double.isNaN(d)) {
            return new Json.JString("NaN");
        }
        if (Double.isInfinite(d)) {
            return new Json.JString(d > 0 ? "Infinity" : "-Infinity");
        }
        return new Json.JNumber(Double.toString(d));
    }
}
