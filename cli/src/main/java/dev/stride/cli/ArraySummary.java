package dev.stride.cli;

import dev.stride.RecordLayout;
import dev.stride.ZarrArray;
import dev.stride.model.ArrayMetadata;
import dev.stride.model.ChunkEncoding;
import dev.stride.model.FieldAccessor;
import dev.stride.model.Json;
import dev.stride.internal.json.JsonCodec;
import dev.stride.model.StructType;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** An array for people: shape, chunking, data type, fill value, codecs, attributes, and the fields of its records. */
final class ArraySummary {
    private static final List<String> FIELD_COLUMNS = List.of("path", "type", "offset", "size");

    private ArraySummary() {
    }

    static List<String> lines(ZarrArray array) {
        ArrayMetadata meta = array.metadata();
        Details details = new Details().add("shape", Arrays.toString(meta.shape()));
        if (meta.dimensionNames() != null) {
            details.add("dimension names", meta.dimensionNames().stream().map(n -> n == null ? "null" : TerminalText.of(n)).toList().toString());
        }
        ChunkEncoding encoding = array.chunkEncoding();
        if (encoding.sharded()) {
            details.add("shard shape", Arrays.toString(meta.chunkShape()))
                    .add("chunk shape", Arrays.toString(encoding.innerChunkShape()));
        } else {
            details.add("chunk shape", Arrays.toString(meta.chunkShape()));
        }
        details.add("data type", typeName(meta))
                .add("fill value", JsonCodec.print(Projection.fillValue(array)));
        if (meta.zarrFormat() == 2) {
            v2Encoding(meta.json(), details);
        } else {
            details.add("codecs", CodecText.lines(encoding.codecs()));
        }
        details.attributes(meta.attributes());
        if (meta.dataType() instanceof StructType) {
            details.add("fields", fieldTable(array.layout()))
                    .add("record size", array.layout().recordSize() + " bytes");
        }
        return details.lines();
    }

    /**
     * A v2 array's encoding as its {@code .zarray} states it, in the words a zarr-python 2 user knows: the order when
     * it is F, the filters, the compressor. Stride reads it as the equivalent v3 chain, whose private byte-order codec
     * would only puzzle.
     */
    private static void v2Encoding(Json.JObject zarray, Details details) {
        if (zarray.get("order") instanceof Json.JString order && order.value().equals("F")) {
            details.add("order", "F (Fortran: the first dimension varies fastest in a chunk)");
        }
        if (zarray.get("filters") instanceof Json.JArray filters && filters.size() > 0) {
            details.add("filters", CodecText.v2Lines(filters.items()));
        }
        details.add("compressor", zarray.get("compressor") instanceof Json.JObject c ? CodecText.v2Lines(List.of(c)) : List.of("none"));
    }

    private static String typeName(ArrayMetadata meta) {
        return switch (meta.dataType()) {
            case StructType s -> "struct of " + s.fields().size() + " fields" + (s.legacy() ? " (written as \"structured\")" : "");
            default -> meta.dataType().describe();
        };
    }

    /** Every leaf field, nested ones by their dotted path, with its type, byte offset and size in the record. */
    private static List<String> fieldTable(RecordLayout layout) {
        List<String[]> rows = new ArrayList<>();
        for (FieldAccessor f : layout.fields()) {
            rows.add(new String[] {TerminalText.of(f.path()), f.type().describe(), Long.toString(f.offset()), Long.toString(f.byteSize())});
        }
        return TextTable.lines(FIELD_COLUMNS, new boolean[] {false, false, true, true}, rows);
    }
}
