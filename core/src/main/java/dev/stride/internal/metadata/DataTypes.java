package dev.stride.internal.metadata;

import dev.stride.model.CoreType;
import dev.stride.model.DataType;
import dev.stride.model.Extension;
import dev.stride.model.FixedBytesType;
import dev.stride.model.FixedStringType;
import dev.stride.model.Json;
import dev.stride.model.RawType;
import dev.stride.model.StructType;
import dev.stride.model.TimeType;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Parses the {@code data_type} member: core types, {@code r<N>}, numpy time types, zarr-python 3's fixed-size byte and
 * text types, {@code struct} and legacy {@code structured}.
 */
public final class DataTypes {
    private static final Pattern RAW = Pattern.compile("r([1-9][0-9]{0,9})");
    private static final Set<String> VARIABLE_LENGTH = Set.of("string", "bytes", "vlen-utf8", "vlen-bytes", "variable_length_utf8");
    /** Records larger than this cannot be a packed Java layout or one element of a chunk buffer. */
    static final long MAX_RECORD_BYTES = 1 << 30;
    /**
     * Fields a data type may have in all, nested ones counted: every field costs a layout entry, a column and a name
     * in each reader, so a far wider struct would make a few records take minutes and gigabytes to open and print.
     */
    static final int MAX_FIELDS = 65_536;
    /**
     * Most bytes a {@code raw_bytes}, {@code null_terminated_bytes} or {@code fixed_length_utf32} element may have: what
     * an {@code r<N>} holds, as a {@code raw_bytes} is one of those in all but its name.
     */
    static final int MAX_LENGTH_BYTES = Integer.MAX_VALUE / 8;

    private DataTypes() {
    }

    public static DataType parse(Node node, Json json, String pointer) {
        return parse(node, json, pointer, 0, new FieldCount());
    }

    /** The fields parsed so far in one data type, at every level. */
    private static final class FieldCount {
        int fields;
    }

    private static DataType parse(Node node, Json json, String pointer, int depth, FieldCount count) {
        if (depth > 32) {
            throw node.invalid(pointer, "structs nested deeper than 32 levels");
        }
        Extension ext = node.extension(json, pointer);
        String name = ext.name();
        var core = CoreType.byName(name);
        if (core.isPresent()) {
            node.onlyConfiguration(ext);
            return core.get();
        }
        var raw = RAW.matcher(name);
        if (raw.matches()) {
            node.onlyConfiguration(ext);
            long bits = Long.parseLong(raw.group(1));
            if (bits % 8 != 0 || bits > Integer.MAX_VALUE) {
                throw node.invalid(pointer, "raw type '" + name + "' needs a multiple of 8 bits below 2^31");
            }
            return new RawType((int) bits);
        }
        return switch (name) {
            case "numpy.datetime64", "numpy.timedelta64" -> time(node, ext);
            case "struct" -> struct(node, ext, depth, false, count);
            case "structured" -> struct(node, ext, depth, true, count);
            case "raw_bytes" -> new RawType(lengthBytes(node, ext) * 8, true);
            case "null_terminated_bytes" -> new FixedBytesType(lengthBytes(node, ext));
            case "fixed_length_utf32" -> utf32(node, ext);
            default -> {
                if (VARIABLE_LENGTH.contains(name)) {
                    throw node.unsupported(pointer, "variable-length data type '" + name + "' has no fixed size; Stride reads fixed-size types only");
                }
                throw node.unsupported(pointer, "unknown data type '" + name + "'");
            }
        };
    }

    private static TimeType time(Node node, Extension ext) {
        node.onlyConfiguration(ext, "unit", "scale_factor");
        String unit = node.string(node.required(ext.configuration(), "unit", ext.pointer() + "/configuration"),
                ext.pointer() + "/configuration/unit");
        if (!TimeType.UNITS.contains(unit)) {
            throw node.invalid(ext.pointer() + "/configuration/unit", "unknown time unit '" + unit + "'");
        }
        long scale = node.integer(node.required(ext.configuration(), "scale_factor", ext.pointer() + "/configuration"),
                ext.pointer() + "/configuration/scale_factor", 1, Integer.MAX_VALUE);
        return new TimeType(ext.name().equals("numpy.datetime64"), unit, scale);
    }

    /**
     * The {@code length_bytes} of zarr-python 3's fixed-size types, its only configuration member: 1 or more (zarr-python
     * refuses 0 too, as such an element holds nothing), at most {@link #MAX_LENGTH_BYTES}.
     */
    private static int lengthBytes(Node node, Extension ext) {
        node.onlyConfiguration(ext, "length_bytes");
        String pointer = ext.pointer() + "/configuration/length_bytes";
        Json value = node.required(ext.configuration(), "length_bytes", ext.pointer() + "/configuration");
        if (!(value instanceof Json.JNumber n) || !n.isIntegral()) {
            throw node.invalid(pointer, "must be an integer, not " + Node.describe(value));
        }
        BigInteger bytes = n.bigInteger();
        if (bytes.signum() < 1) {
            throw node.invalid(pointer, "'" + ext.name() + "' needs a length_bytes of 1 or more, not " + bytes);
        }
        if (bytes.compareTo(BigInteger.valueOf(MAX_LENGTH_BYTES)) > 0) {
            throw node.unsupported(pointer, "'" + ext.name() + "' of " + bytes + " bytes; Stride reads elements of at most "
                    + MAX_LENGTH_BYTES + " bytes");
        }
        return bytes.intValueExact();
    }

    /** {@code fixed_length_utf32}: {@code length_bytes} is four bytes a character. */
    private static FixedStringType utf32(Node node, Extension ext) {
        int bytes = lengthBytes(node, ext);
        if (bytes % 4 != 0) {
            throw node.invalid(ext.pointer() + "/configuration/length_bytes",
                    "'fixed_length_utf32' stores 4 bytes a character, so length_bytes must be a multiple of 4, not " + bytes);
        }
        return new FixedStringType(bytes / 4);
    }

    private static StructType struct(Node node, Extension ext, int depth, boolean legacy, FieldCount count) {
        node.onlyConfiguration(ext, "fields");
        String fieldsPointer = ext.pointer() + "/configuration/fields";
        Json.JArray fields = node.array(node.required(ext.configuration(), "fields", ext.pointer() + "/configuration"), fieldsPointer);
        if (fields.size() == 0) {
            throw node.invalid(fieldsPointer, "a struct needs at least one field");
        }
        List<StructType.Field> out = new ArrayList<>();
        Set<String> names = new HashSet<>();
        long size = 0;
        for (int i = 0; i < fields.size(); i++) {
            String at = fieldsPointer + "/" + i;
            if (++count.fields > MAX_FIELDS) {
                throw node.unsupported(at, "a data type of more than " + MAX_FIELDS + " fields in all (nested ones counted);"
                        + " Stride reads structs of at most that many");
            }
            Json f = fields.get(i);
            Json nameJson;
            Json typeJson;
            String namePointer;
            String typePointer;
            if (f instanceof Json.JArray tuple) {
                // legacy "structured": [name, type]
                if (tuple.size() != 2) {
                    throw node.invalid(at, "a field tuple must be [name, data_type]");
                }
                nameJson = tuple.get(0);
                typeJson = tuple.get(1);
                namePointer = at + "/0";
                typePointer = at + "/1";
            } else {
                Json.JObject o = node.object(f, at);
                node.refuseUnknownMembers(o, at, Set.of("name", "data_type"));
                nameJson = node.required(o, "name", at);
                typeJson = node.required(o, "data_type", at);
                namePointer = at + "/name";
                typePointer = at + "/data_type";
            }
            String name = node.string(nameJson, namePointer);
            if (name.isEmpty()) {
                throw node.invalid(namePointer, "field names must not be empty");
            }
            if (!names.add(name)) {
                throw node.invalid(namePointer, "duplicate field name '" + name + "'");
            }
            DataType type = parse(node, typeJson, typePointer, depth + 1, count);
            size += type.byteSize();
            if (size > MAX_RECORD_BYTES) {
                throw node.invalid(fieldsPointer, "records larger than 2^30 bytes are not supported");
            }
            out.add(new StructType.Field(name, type));
        }
        int[][] same = StructType.samePath(out);
        if (same != null) {
            // valid to the spec, but Stride names fields by dotted path: reading either would be a guess
            throw node.unsupported(namePointer(fieldsPointer, out, legacy, same[1]), "field path '" + StructType.path(out, same[1])
                    + "' is also the path of the field at " + namePointer(fieldsPointer, out, legacy, same[0])
                    + "; Stride names fields by dotted path and cannot tell them apart");
        }
        return new StructType(out, legacy);
    }

    /** The JSON pointer of the name of the field an index chain leads to, through tuples for legacy "structured". */
    private static String namePointer(String fieldsPointer, List<StructType.Field> fields, boolean legacy, int[] chain) {
        StringBuilder pointer = new StringBuilder(fieldsPointer);
        List<StructType.Field> level = fields;
        boolean tuples = legacy;
        for (int k = 0; k < chain.length; k++) {
            pointer.append('/').append(chain[k]);
            if (k == chain.length - 1) {
                pointer.append(tuples ? "/0" : "/name");
            } else {
                StructType nested = (StructType) level.get(chain[k]).type();
                pointer.append(tuples ? "/1" : "/data_type").append("/configuration/fields");
                level = nested.fields();
                tuples = nested.legacy();
            }
        }
        return pointer.toString();
    }
}
