package dev.stride.write;

import dev.stride.json.Json;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Builds the JSON of metadata documents with members in the order given, so written files read like the spec. */
final class JsonObjects {
    private JsonObjects() {
    }

    /** An object from alternating member names and values. */
    static Json.JObject of(Object... namesAndValues) {
        Map<String, Json> members = new LinkedHashMap<>();
        for (int i = 0; i < namesAndValues.length; i += 2) {
            members.put((String) namesAndValues[i], (Json) namesAndValues[i + 1]);
        }
        return new Json.JObject(members);
    }

    static Json.JArray integers(long[] values) {
        List<Json> items = new ArrayList<>(values.length);
        for (long v : values) {
            items.add(Json.number(v));
        }
        return new Json.JArray(items);
    }
}
