package dev.stride.internal.metadata;

import dev.stride.model.CoreType;
import dev.stride.model.DataType;
import dev.stride.model.RawType;
import dev.stride.model.StructType;
import dev.stride.model.TimeType;
import dev.stride.model.Json;

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
            case TimeType t -> Json.object("name", Json.string(t.name()),
                    "configuration", Json.object("unit", Json.string(t.unit()), "scale_factor", Json.number(t.scaleFactor())));
            case StructType s -> {
                List<Json> fields = new ArrayList<>();
                for (StructType.Field f : s.fields()) {
                    fields.add(Json.object("name", Json.string(f.name()), "data_type", encode(f.type())));
                }
                yield Json.object("name", Json.string("struct"), "configuration", Json.object("fields", new Json.JArray(fields)));
            }
        };
    }
}
