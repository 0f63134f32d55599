package dev.stride.robust;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import dev.stride.model.Json;
import dev.stride.internal.json.JsonCodec;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Structure-aware edits of a JSON document, driven by fuzzer data: a member or item is removed, or replaced by a
 * value a metadata parser finds hard (sizes at the edges of int and long, non-finite numbers, names of types and
 * codecs of Zarr v3 and v2, deep nesting, a copy of another part of the document).
 */
public final class JsonEdits {
    private static final List<String> NUMBERS = List.of("0", "-1", "1", "2", "3", "8", "255", "256", "65536",
            "2147483647", "2147483648", "4294967296", "1073741824", "8589934584", "9007199254740993", "4611686018427387904",
            "9223372036854775807", "9223372036854775808", "18446744073709551615", "18446744073709551616",
            "-9223372036854775808", "-9223372036854775809", "1.5", "-0.0", "1e308", "1e400", "-1e-400",
            "NaN", "Infinity", "-Infinity", "-INF", "+INF");
    private static final List<String> WORDS = List.of("struct", "structured", "bytes", "transpose", "crc32c", "gzip",
            "sharding_indexed", "zstd", "blosc", "regular", "default", "v2", "little", "big", "start", "end", "inline",
            "array", "group", "bool", "int8", "uint64", "float16", "float64", "complex128", "r8", "r16", "r0", "r7",
            "r8589934592", "numpy.datetime64", "numpy.timedelta64", "ms", "generic", "NaN", "NaT", "0x7fc00001", "0x",
            "AQID", "", ".", "..", "/", "a/b", "__x", "zarr.json", "name", "configuration", "fields", "data_type",
            // Zarr v2: numpy type strings, numcodecs ids and members, the layout's letters
            "<f8", ">i2", "|u1", "|b1", "<c16", "<f2", "|S7", "|S0", "<U4", ">U1", "|V3", "<M8[ms]", ">m8[10s]", "<M8", "|O",
            "=i4", "<q8", "id", "zlib", "lz4", "bz2", "lzma", "delta", "fixedscaleoffset", "bitround", "quantize", "astype",
            "shuffle", "dtype", "encode_dtype", "C", "F", "AAAAAAAAAAA=");

    private JsonEdits() {
    }

    /** One edit; one that would nest the document deeper than {@link JsonCodec} prints (1000) is dropped. */
    public static Json edit(Json doc, FuzzedDataProvider data) {
        List<List<Object>> paths = new ArrayList<>();
        collect(doc, new ArrayList<>(), paths);
        List<Object> path = paths.get(data.consumeInt(0, paths.size() - 1));
        Json replacement = data.consumeInt(0, 5) == 0 ? null : value(doc, paths, data, 0);
        Json edited = replace(doc, path, 0, replacement);
        return depth(edited) > 900 ? doc : edited;
    }

    private static int depth(Json json) {
        return switch (json) {
            case Json.JObject o -> 1 + o.members().values().stream().mapToInt(JsonEdits::depth).max().orElse(0);
            case Json.JArray a -> 1 + a.items().stream().mapToInt(JsonEdits::depth).max().orElse(0);
            default -> 0;
        };
    }

    /** {@code doc} with the member or item at a JSON pointer ({@code /codecs/0/name}) set to {@code value}, or removed when null. */
    public static Json set(Json doc, String pointer, Json value) {
        List<Object> path = new ArrayList<>();
        Json current = doc;
        for (String step : pointer.substring(1).split("/", -1)) {
            String name = step.replace("~1", "/").replace("~0", "~");
            Object key = current instanceof Json.JArray ? (Object) Integer.valueOf(name) : name;
            path.add(key);
            current = current == null ? null : key instanceof Integer i ? ((Json.JArray) current).get(i) : ((Json.JObject) current).get(name);
        }
        return replace(doc, path, 0, value);
    }

    private static void collect(Json json, List<Object> path, List<List<Object>> out) {
        out.add(List.copyOf(path));
        switch (json) {
            case Json.JObject o -> o.members().forEach((k, v) -> {
                path.add(k);
                collect(v, path, out);
                path.removeLast();
            });
            case Json.JArray a -> {
                for (int i = 0; i < a.size(); i++) {
                    path.add(i);
                    collect(a.get(i), path, out);
                    path.removeLast();
                }
            }
            default -> {
            }
        }
    }

    private static Json at(Json json, List<Object> path) {
        Json current = json;
        for (Object step : path) {
            current = step instanceof String k ? ((Json.JObject) current).get(k) : ((Json.JArray) current).get((Integer) step);
        }
        return current;
    }

    /** {@code json} with the value at {@code path} replaced, or removed when {@code value} is null (the root stays). */
    private static Json replace(Json json, List<Object> path, int depth, Json value) {
        if (depth == path.size()) {
            return value == null ? json : value;
        }
        Object step = path.get(depth);
        boolean last = depth == path.size() - 1;
        if (json instanceof Json.JObject o) {
            Map<String, Json> members = new LinkedHashMap<>(o.members());
            String key = (String) step;
            if (last && value == null) {
                members.remove(key);
            } else {
                members.put(key, replace(members.get(key), path, depth + 1, value));
            }
            return new Json.JObject(members);
        }
        List<Json> items = new ArrayList<>(((Json.JArray) json).items());
        int index = (Integer) step;
        if (last && value == null) {
            items.remove(index);
        } else {
            items.set(index, replace(items.get(index), path, depth + 1, value));
        }
        return new Json.JArray(items);
    }

    private static Json value(Json doc, List<List<Object>> paths, FuzzedDataProvider data, int depth) {
        int kind = data.consumeInt(0, depth < 3 ? 8 : 4);
        return switch (kind) {
            case 0 -> new Json.JNumber(data.pickValue(NUMBERS));
            case 1 -> Json.number(data.consumeLong());
            case 2 -> Json.string(data.consumeBoolean() ? data.pickValue(WORDS) : data.consumeAsciiString(12));
            case 3 -> new Json.JBool(data.consumeBoolean());
            case 4 -> Json.JNull.NULL;
            case 5 -> {
                List<Json> items = new ArrayList<>();
                for (int n = data.consumeInt(0, 4); n > 0; n--) {
                    items.add(value(doc, paths, data, depth + 1));
                }
                yield new Json.JArray(items);
            }
            case 6 -> {
                Map<String, Json> members = new LinkedHashMap<>();
                members.put("name", Json.string(data.pickValue(WORDS)));
                for (int n = data.consumeInt(0, 3); n > 0; n--) {
                    members.put(data.pickValue(WORDS), value(doc, paths, data, depth + 1));
                }
                yield new Json.JObject(members);
            }
            case 7 -> {
                Json nested = value(doc, paths, data, depth + 1);
                for (int n = data.consumeInt(1, 400); n > 0; n--) {
                    nested = new Json.JArray(List.of(nested));
                }
                yield nested;
            }
            default -> at(doc, paths.get(data.consumeInt(0, paths.size() - 1)));
        };
    }
}
