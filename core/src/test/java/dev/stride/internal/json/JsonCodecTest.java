package dev.stride.internal.json;

import dev.stride.model.Json;
import org.junit.jupiter.api.Test;

import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

class JsonCodecTest {

    @Test
    void linesAreWhatPrintGivesEachFollowedByALineEnd() {
        Map<String, Json> members = new LinkedHashMap<>();
        members.put("x", new Json.JNumber("0.1"));
        members.put("name", Json.string("a \"quoted\"\nline"));
        members.put("nan", Json.string("NaN"));
        members.put("list", new Json.JArray(List.of(Json.number(1), Json.JNull.NULL, new Json.JBool(true))));
        List<Json> values = List.of(new Json.JObject(members), Json.number(-7), new Json.JObject(Map.of()));

        StringWriter out = new StringWriter();
        JsonCodec.LineWriter lines = JsonCodec.lines(out);
        values.forEach(lines::write);
        lines.flush();

        assertEquals("{\"x\":0.1,\"name\":\"a \\\"quoted\\\"\\nline\",\"nan\":\"NaN\",\"list\":[1,null,true]}\n-7\n{}\n", out.toString());
        StringBuilder printed = new StringBuilder();
        values.forEach(v -> printed.append(JsonCodec.print(v)).append('\n'));
        assertEquals(printed.toString(), out.toString());
        for (String line : out.toString().split("\n")) {
            JsonCodec.parse(line.getBytes(StandardCharsets.UTF_8));
        }
    }

    @Test
    void controlCharactersATerminalWouldObeyAreEscapedAndParseBack() {
        String hostile = "\u001b[2J\u007f\u009b1m\u2028\u2029\u061c\u200e\u200f\u202e\u2066\u2069 température Δt \\x1b";
        Json value = new Json.JObject(Map.of(hostile, Json.string(hostile)));
        String printed = JsonCodec.print(value);
        String escaped = "\\u001B[2J\\u007F\\u009B1m\\u2028\\u2029\\u061C\\u200E\\u200F\\u202E\\u2066\\u2069 température Δt \\\\x1b";
        assertEquals("{\"" + escaped + "\":\"" + escaped + "\"}", printed);
        assertEquals(value, JsonCodec.parse(printed.getBytes(StandardCharsets.UTF_8)));
    }
}
