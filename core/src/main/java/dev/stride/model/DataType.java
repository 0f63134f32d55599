package dev.stride.model;

import java.util.ArrayList;
import java.util.List;
import java.util.function.BiConsumer;

/**
 * A data type of fixed size: a core type, raw bytes, a fixed-length byte or text string, a numpy time type, a struct of
 * fields, or (as a struct field only) a sub-array.
 */
public sealed interface DataType permits CoreType, RawType, FixedBytesType, FixedStringType, TimeType, StructType, SubarrayType {

    /**
     * Encoded size of one element in bytes.
     *
     * @return the size in bytes
     */
    int byteSize();

    /**
     * The name as it appears in metadata, with parameters: {@code float64}, {@code r24}, {@code numpy.datetime64[s]}.
     *
     * @return the metadata name
     */
    String describe();

    /**
     * Calls {@code unit} with (offset, size) of each part of an element whose bytes the codec's byte order
     * reverses: multi-byte numbers, each half of a complex number; never raw bits or single bytes.
     *
     * @param offset the element's offset, added to each part's
     * @param unit called with each part's offset and size in bytes
     */
    void forEachSwapUnit(long offset, BiConsumer<Long, Integer> unit);

    /**
     * True when some part is multi-byte, so the {@code bytes} codec needs an {@code endian}.
     *
     * @return whether the byte order matters for this type
     */
    default boolean hasByteOrder() {
        boolean[] any = {false};
        forEachSwapUnit(0, (off, size) -> any[0] = true);
        return any[0];
    }

    /**
     * The {@code data_type} member of {@code zarr.json} for this type, as the specs want it written today: core and raw
     * types as names, numpy time types with their unit and scale, structs always as {@code struct} with object fields
     * (a type read from the legacy {@code structured} spelling is written as {@code struct} too).
     *
     * @return the {@code data_type} member's value
     */
    default Json json() {
        return switch (this) {
            case CoreType c -> Json.string(c.describe());
            case RawType r when r.rawBytes() -> lengthBytes("raw_bytes", r.byteSize());
            case RawType r -> Json.string(r.describe());
            case FixedBytesType b -> lengthBytes("null_terminated_bytes", b.byteSize());
            case FixedStringType t -> lengthBytes("fixed_length_utf32", t.byteSize());
            case TimeType t -> Json.object("name", Json.string(t.name()),
                    "configuration", Json.object("unit", Json.string(t.unit()), "scale_factor", Json.number(t.scaleFactor())));
            case StructType s -> struct(s, "");
            case SubarrayType a -> throw new ZarrException.Unsupported(null, null, "a v3 struct field has no shape: "
                    + a.describe() + " cannot be written to Zarr v3 unless flattened into one field per element");
        };
    }

    /** A struct's JSON; {@code prefix} is the dotted path to it, so a shaped field is refused by its whole path. */
    private static Json struct(StructType s, String prefix) {
        List<Json> fields = new ArrayList<>();
        for (StructType.Field f : s.fields()) {
            Json type = switch (f.type()) {
                case StructType nested -> struct(nested, prefix + f.name() + ".");
                case SubarrayType a -> throw new ZarrException.Unsupported(null, null, "field '" + prefix + f.name() + "' is "
                        + a.describe() + ", and a v3 struct field has no shape: flatten it into one field per element first"
                        + " (StructType.flattenShaped())");
                default -> f.type().json();
            };
            fields.add(Json.object("name", Json.string(f.name()), "data_type", type));
        }
        return Json.object("name", Json.string("struct"), "configuration", Json.object("fields", new Json.JArray(fields)));
    }

    /** zarr-python's spelling of a type of one size: its name and {@code length_bytes}. */
    private static Json lengthBytes(String name, int bytes) {
        return Json.object("name", Json.string(name), "configuration", Json.object("length_bytes", Json.number(bytes)));
    }
}
