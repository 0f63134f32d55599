package dev.stride.cli;

import dev.stride.Compression;
import dev.stride.ZarrArray;
import dev.stride.ZarrWriter;
import dev.stride.model.ArraySpec;
import dev.stride.model.CodecChain;
import dev.stride.model.DataType;
import dev.stride.model.Json;
import dev.stride.model.StructType;
import dev.stride.model.ZarrException;

import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * How copy stores each array: chunk shape (given, else the source's read unit), optional shards of those chunks,
 * compression, crc32c and byte order; shaped struct fields flattened and structs spelled {@code structured} when asked.
 * Shapes given for fewer dimensions than an array has set its leading ones. Everything else (data type, shape, fill
 * value, dimension names, attributes) is the source's.
 */
record TargetLayout(long[] chunks, long[] shards, Compression compression, boolean crc32c, ByteOrder order,
                    boolean flattenShaped, boolean legacyStructured) {
    /** The member of a v2 array's {@code .zattrs} where xarray keeps its dimension names. */
    private static final String XARRAY_DIMENSIONS = "_ARRAY_DIMENSIONS";
    /**
     * The array to create for {@code source}; refuses, as a usage error naming the options, a layout the codecs
     * cannot hold (checked by core as a reader would, before anything is written).
     */
    ArraySpec spec(ZarrArray source) {
        long[] inner = leading(chunks, source.readUnitShape(), "--chunks", source);
        long[] outer = shards == null ? null : leading(shards, inner, "--shards", source);
        ArraySpec spec = unchecked(source, inner, outer);
        try {
            ZarrWriter.check(spec);
        } catch (ZarrException.InvalidMetadata e) {
            String options = "--chunks " + text(inner) + (outer == null ? "" : " --shards " + text(outer));
            throw new ZarrException.BadRequest(source.path(), "cannot be stored with " + options + ": " + e.reason());
        }
        return spec;
    }

    /** The array in chunks of {@code inner}, in shards of {@code outer} unless null. */
    private ArraySpec unchecked(ZarrArray source, long[] inner, long[] outer) {
        DataType type = writtenType(source);
        List<Json.JObject> chain = new ArrayList<>();
        // zarr-python 3.0 and 3.1 write a legacy struct's bytes codec without endian, and read it little-endian
        chain.add(legacyStructured && type instanceof StructType ? Json.object("name", Json.string("bytes")) : CodecChain.bytes(type, order));
        compression.entry(source.layout().recordSize()).ifPresent(chain::add);
        if (crc32c) {
            chain.add(CodecChain.crc32c());
        }
        ArraySpec spec = ArraySpec.of(type, source.shape())
                .fill(source.metadata().fillValue().as(type))
                .attributes(attributes(source))
                .legacyStructured(legacyStructured);
        List<String> names = source.metadata().dimensionNames();
        if (names != null) {
            spec = spec.dimensionNames(names.toArray(String[]::new));
        }
        if (outer == null) {
            return spec.chunks(inner).codecs(chain);
        }
        return spec.chunks(outer).codecs(CodecChain.sharding(inner, CodecChain.IndexLocation.END, chain.toArray(Json.JObject[]::new)));
    }

    /**
     * The source's data type, its shaped fields flattened when asked (the records keep their bytes, so the source's
     * records are written as they are read); without {@code --flatten-shaped} a shaped field is refused by its path.
     */
    private DataType writtenType(ZarrArray source) {
        if (!(source.dataType() instanceof StructType struct) || struct.shapedFields().isEmpty()) {
            return source.dataType();
        }
        if (!flattenShaped) {
            String field = struct.shapedFields().getFirst();
            throw new ZarrException.BadRequest(source.path(), "field '" + field + "' has a shape, and a Zarr v3 struct field has none;"
                    + " copy with --flatten-shaped to store one field per element (" + field + "[0], " + field + "[1], ...)");
        }
        try {
            return struct.flattenShaped();
        } catch (ZarrException.BadRequest e) {
            throw new ZarrException.BadRequest(source.path(), e.reason() + " (--flatten-shaped)");
        }
    }

    /**
     * The source's attributes, less xarray's {@code _ARRAY_DIMENSIONS} of a v2 array whose dimension names it gave:
     * Zarr v3 keeps those in {@code dimension_names}, where xarray reads them for v3, handing every attribute to the
     * user, so a kept copy would come back as a stray attribute that xarray then refuses to write (its name is reserved).
     */
    private static Json.JObject attributes(ZarrArray source) {
        Json.JObject attributes = source.attributes();
        boolean v2 = source.metadata().json().get("zarr_format") instanceof Json.JNumber n && n.bigInteger().intValue() == 2;
        if (!v2 || source.metadata().dimensionNames() == null || attributes.get(XARRAY_DIMENSIONS) == null) {
            return attributes;
        }
        Map<String, Json> kept = new LinkedHashMap<>(attributes.members());
        kept.remove(XARRAY_DIMENSIONS);
        return new Json.JObject(kept);
    }

    /** "zstd:3, crc32c, little endian" */
    String codecText() {
        return compression + (crc32c ? ", crc32c, " : ", ") + (order == ByteOrder.BIG_ENDIAN ? "big" : "little") + " endian";
    }

    /** {@code given} over the leading dimensions of {@code fallback}. */
    private static long[] leading(long[] given, long[] fallback, String option, ZarrArray source) {
        if (given == null) {
            return fallback;
        }
        if (given.length > fallback.length) {
            throw new ZarrException.BadRequest(source.path(), option + " " + text(given) + " has " + given.length
                    + " dimensions, the array " + fallback.length);
        }
        long[] shape = fallback.clone();
        System.arraycopy(given, 0, shape, 0, given.length);
        return shape;
    }

    /** "1000,20", as shapes are given on the command line. */
    static String text(long[] shape) {
        return Arrays.stream(shape).mapToObj(Long::toString).collect(Collectors.joining(","));
    }
}
