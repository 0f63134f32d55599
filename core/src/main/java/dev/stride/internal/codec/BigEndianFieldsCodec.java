package dev.stride.internal.codec;

import dev.stride.internal.metadata.NumpyTypes;
import dev.stride.model.Json;
import dev.stride.model.StructType;
import dev.stride.spi.ArrayToArrayCodec;
import dev.stride.spi.ChunkSpec;
import dev.stride.spi.CodecConfig;
import dev.stride.spi.DecodeContext;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * {@code stride.big_endian_fields}: the named fields of each record are stored byte-reversed, the others as the
 * {@code bytes} codec after it says. It is how a numpy record of mixed byte orders ({@code >i4} beside {@code <f8},
 * common in Zarr v2) reads in one pass: Zarr v3 has one byte order per array, so the v2 reader puts this codec before
 * a little-endian {@code bytes} codec, and decoding turns every field little-endian in one copy of the chunk.
 */
public final class BigEndianFieldsCodec implements ArrayToArrayCodec {
    static final String NAME = "stride.big_endian_fields";
    private static final ValueLayout.OfShort SHORT = ValueLayout.JAVA_SHORT_UNALIGNED;
    private static final ValueLayout.OfInt INT = ValueLayout.JAVA_INT_UNALIGNED;
    private static final ValueLayout.OfLong LONG = ValueLayout.JAVA_LONG_UNALIGNED;
    private final List<String> fields;
    private final ChunkSpec spec;
    /** (offset, size) in a record of every unit to reverse, in record order. */
    private final int[] units;
    private final long records;
    private final long recordSize;
    private final Object encodeBuffer = new Object();

    BigEndianFieldsCodec(CodecConfig config, ChunkSpec spec) {
        config.allowOnly("fields");
        if (!(spec.type() instanceof StructType struct)) {
            throw config.invalid(null, "names fields of records, but the chunk holds " + spec.type().describe());
        }
        if (!(config.required("fields") instanceof Json.JArray names) || names.size() == 0) {
            throw config.invalid("fields", "must be a non-empty list of field paths");
        }
        Set<String> paths = new LinkedHashSet<>();
        for (int i = 0; i < names.size(); i++) {
            if (!(names.get(i) instanceof Json.JString path) || !paths.add(path.value())) {
                throw config.invalid("fields/" + i, "must be a field path named once");
            }
            if (NumpyTypes.swapUnits(struct, List.of(path.value())) == null) {
                throw config.invalid("fields/" + i, "'" + path.value() + "' is no field of " + struct.describe());
            }
        }
        this.fields = List.copyOf(paths);
        this.spec = spec;
        this.units = NumpyTypes.swapUnits(struct, this.fields);
        this.records = spec.elements();
        this.recordSize = struct.byteSize();
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public Json.JObject configuration() {
        return new Json.JObject(Map.of("fields", new Json.JArray(fields.stream().map(Json::string).map(Json.class::cast).toList())));
    }

    @Override
    public ChunkSpec encodedSpec() {
        return spec;
    }

    @Override
    public MemorySegment decode(MemorySegment encoded, DecodeContext ctx) {
        return reversed(encoded, ctx.buffer(this, encoded.byteSize()));
    }

    @Override
    public MemorySegment encode(MemorySegment decoded, DecodeContext ctx) {
        return reversed(decoded, ctx.buffer(encodeBuffer, decoded.byteSize()));
    }

    /** {@code in} copied to {@code out} with the named fields' units byte-reversed; reversing is its own inverse. */
    private MemorySegment reversed(MemorySegment in, MemorySegment out) {
        MemorySegment.copy(in, 0, out, 0, records * recordSize);
        for (long r = 0, base = 0; r < records; r++, base += recordSize) {
            for (int u = 0; u < units.length; u += 2) {
                long at = base + units[u];
                switch (units[u + 1]) {
                    case 2 -> out.set(SHORT, at, Short.reverseBytes(in.get(SHORT, at)));
                    case 4 -> out.set(INT, at, Integer.reverseBytes(in.get(INT, at)));
                    default -> out.set(LONG, at, Long.reverseBytes(in.get(LONG, at)));
                }
            }
        }
        return out;
    }
}
