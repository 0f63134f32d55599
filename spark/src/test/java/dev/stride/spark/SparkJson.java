package dev.stride.spark;

import dev.stride.model.CoreType;
import dev.stride.model.DataType;
import dev.stride.model.FixedBytesType;
import dev.stride.model.FixedStringType;
import dev.stride.model.Json;
import dev.stride.model.RawType;
import dev.stride.model.StructType;
import dev.stride.model.SubarrayType;
import dev.stride.model.TimeType;
import org.apache.spark.sql.Row;
import scala.collection.Seq;
import scala.jdk.javaapi.CollectionConverters;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A value of a Spark row in the JSON encoding of the conformance manifests, read by the Spark type the connector's
 * documentation gives the Zarr type: what a user of the DataFrame sees, apart from how the connector filled it. A
 * timestamp becomes a count of its datetime64 unit (s, ms or us, which a timestamp holds exactly), a null NaT.
 */
final class SparkJson {
    private SparkJson() {
    }

    /** The field columns of {@code row} from column {@code first} on, as a record of {@code type} or its one value. */
    static Json record(Row row, int first, DataType type) {
        if (!(type instanceof StructType s)) {
            return value(row.get(first), type);
        }
        Map<String, Json> members = new LinkedHashMap<>();
        for (int k = 0; k < s.fields().size(); k++) {
            members.put(s.fields().get(k).name(), value(row.get(first + k), s.fields().get(k).type()));
        }
        return new Json.JObject(members);
    }

    static Json value(Object v, DataType type) {
        if (v == null) {
            return new Json.JString("NaT");
        }
        return switch (type) {
            case StructType s -> record((Row) v, 0, s);
            case SubarrayType a -> nested(v, a.element(), a.shape().size());
            case CoreType c when c.kind() == CoreType.Kind.COMPLEX -> {
                Row parts = (Row) v;
                yield new Json.JArray(List.of(value(parts.get(0), c.component()), value(parts.get(1), c.component())));
            }
            case CoreType c when c == CoreType.BOOL -> new Json.JBool((Boolean) v);
            case CoreType c when c.kind() == CoreType.Kind.FLOAT -> real(((Number) v).doubleValue());
            case CoreType c -> new Json.JNumber(v instanceof BigDecimal d ? d.toBigIntegerExact().toString() : v.toString());
            case RawType r -> {
                List<Json> bytes = new ArrayList<>();
                for (byte b : (byte[]) v) {
                    bytes.add(new Json.JNumber(Integer.toString(Byte.toUnsignedInt(b))));
                }
                yield new Json.JArray(bytes);
            }
            case FixedBytesType b -> new Json.JString(Base64.getEncoder().encodeToString((byte[]) v));
            case FixedStringType t -> new Json.JString((String) v);
            case TimeType t when !t.datetime() -> new Json.JNumber(v.toString());
            case TimeType t -> new Json.JNumber(Long.toString(ticks((Instant) v, t)));
        };
    }

    private static long ticks(Instant t, TimeType type) {
        long micros = Math.addExact(Math.multiplyExact(t.getEpochSecond(), 1_000_000L), t.getNano() / 1_000);
        long per = switch (type.unit()) {
            case "s" -> 1_000_000L;
            case "ms" -> 1_000L;
            case "us" -> 1L;
            default -> throw new AssertionError("a timestamp does not hold " + type.describe() + " exactly");
        };
        return Math.floorDiv(micros, per * type.scaleFactor());
    }

    private static Json nested(Object v, DataType element, int depth) {
        if (depth == 0) {
            return value(v, element);
        }
        List<Json> items = new ArrayList<>();
        for (Object item : CollectionConverters.asJava((Seq<?>) v)) {
            items.add(nested(item, element, depth - 1));
        }
        return new Json.JArray(items);
    }

    private static Json real(double d) {
        if (Double.isNaN(d)) {
            return new Json.JString("NaN");
        }
        if (Double.isInfinite(d)) {
            return new Json.JString(d > 0 ? "Infinity" : "-Infinity");
        }
        return new Json.JNumber(Double.toString(d));
    }
}
