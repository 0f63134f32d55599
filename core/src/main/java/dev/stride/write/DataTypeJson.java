package dev.stride.write;

import dev.stride.dtype.CoreType;
import dev.stride.dtype.DataType;
import dev.stride.dtype.RawType;
import dev.stride.dtype.StructType;
import dev.stride.dtype.TimeType;
import dev.stride.json.Json;

import java.util.ArrayList;
import java.util.List;

/**
 * The {@code data_type} member of a data type, as the specs want it written today: core and raw types as names,
 * numpy time types with their unit and scale, structs always as {@code struct} with object fields (a type read
 * from the legacy {@code structured} spelling is written as {@code struct} too).
 */
public final class DataTypeJson {
    private DataTypeJson() {
    }

    public static Json encode(DataType type) {
        return switch (type) {
            case CoreType c -> Json.string(c.describe());
            case RawType r -> Json.string(r.describe());
            case TimeType t -> JsonObjects.of("name", Json.string(t.name()),
                    "configuration", JsonObjects.of("unit", Json.string(t.unit()), "scale_factor", Json.number(t.scaleFactor())));
            case StructType s -> {
                List<Json> fields = new ArrayList<>();
                for (StructType.Field f : s.fields()) {
                    fields.add(JsonObjects.of("name", Json.string(f.name()), "data_type", encode(f.type())));
                }
                yield JsonObjects.of("name", Json.string("struct"), "configuration", JsonObjects.of("fields", new Json.JArray(fields)));
            }
        };
    }
}
