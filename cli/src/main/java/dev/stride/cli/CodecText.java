package dev.stride.cli;

import dev.stride.model.Json;
import dev.stride.internal.json.JsonCodec;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A codec chain for people, one codec a line with its settings as key=value; a sharding codec's inner chain and
 * index chain follow it, indented.
 */
final class CodecText {
    private static final Json.JObject NONE = new Json.JObject(Map.of());

    private CodecText() {
    }

    /** The lines of a chain of codec entries ({@code {"name": ..., "configuration": {...}}}). */
    static List<String> lines(List<Json.JObject> codecs) {
        List<String> out = new ArrayList<>();
        for (Json.JObject c : codecs) {
            add(c, "", out);
        }
        return out;
    }

    /** The lines of v2 filters or a compressor ({@code {"id": ..., settings...}}), as numcodecs names them. */
    static List<String> v2Lines(List<Json> codecs) {
        List<String> out = new ArrayList<>();
        for (Json c : codecs) {
            Json.JObject settings = (Json.JObject) c;
            Map<String, Json> members = new LinkedHashMap<>(settings.members());
            Json id = members.remove("id");
            add(id instanceof Json.JString s ? s.value() : JsonCodec.print(id), new Json.JObject(members), "", out);
        }
        return out;
    }

    private static void add(String name, Json.JObject config, String indent, List<String> out) {
        StringBuilder line = new StringBuilder(indent).append(name);
        config.members().forEach((key, value) -> {
            if (!key.equals("codecs") && !key.equals("index_codecs")) {
                line.append(' ').append(key).append('=').append(value instanceof Json.JString s ? s.value() : JsonCodec.print(value));
            }
        });
        out.add(line.toString());
        if (config.get("codecs") instanceof Json.JArray inner) {
            inner.items().forEach(c -> add(c, indent + "  ", out));
        }
        if (config.get("index_codecs") instanceof Json.JArray index) {
            out.add(indent + "  index:");
            index.items().forEach(c -> add(c, indent + "    ", out));
        }
    }

    /** A codec as written in metadata: {"name": ..., "configuration": {...}}, or just its name. */
    private static void add(Json codec, String indent, List<String> out) {
        if (codec instanceof Json.JObject o && o.get("name") instanceof Json.JString name) {
            add(name.value(), o.get("configuration") instanceof Json.JObject c ? c : NONE, indent, out);
        } else {
            add(codec instanceof Json.JString s ? s.value() : JsonCodec.print(codec), NONE, indent, out);
        }
    }
}
