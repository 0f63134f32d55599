package dev.stride.cli;

import dev.stride.model.Json;
import dev.stride.internal.json.JsonCodec;

import java.util.ArrayList;
import java.util.List;

/** Labelled lines about a node ("shape      [100]"); a value of several lines is indented under its first. */
final class Details {
    private static final String ROW = "%-16s %s";
    private final List<String> lines = new ArrayList<>();

    Details add(String label, String value) {
        lines.add(String.format(ROW, label, value).stripTrailing());
        return this;
    }

    Details add(String label, List<String> values) {
        for (int i = 0; i < values.size(); i++) {
            add(i == 0 ? label : "", values.get(i));
        }
        return this;
    }

    /** One attribute a line as {@code name: json}; nothing when there are none. JSON escapes the values, {@link TerminalText} the names. */
    Details attributes(Json.JObject attributes) {
        List<String> values = new ArrayList<>();
        attributes.members().forEach((name, value) -> values.add(TerminalText.of(name) + ": " + JsonCodec.print(value)));
        return add("attributes", values);
    }

    List<String> lines() {
        return lines;
    }
}
