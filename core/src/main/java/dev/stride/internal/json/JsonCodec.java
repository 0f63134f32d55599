package dev.stride.internal.json;

import dev.stride.model.Json;
import dev.stride.internal.text.ControlCharacters;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonFactoryBuilder;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.SerializableString;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.io.CharacterEscapes;
import com.fasterxml.jackson.core.io.SerializedString;
import com.fasterxml.jackson.core.json.JsonReadFeature;
import com.fasterxml.jackson.core.json.JsonWriteFeature;

import java.io.Flushable;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Parses and prints {@link Json} with Jackson's streaming parser (no data binding). */
public final class JsonCodec {
    /**
     * Deeper documents are refused by Jackson while it reads, before the recursive {@link #read} and every recursive
     * use of a {@link Json} value (printing, equals) could exhaust the stack.
     */
    public static final int MAX_DEPTH = 256;

    private static final JsonFactory FACTORY = new JsonFactoryBuilder()
            .characterEscapes(new TerminalSafeEscapes())
            .enable(JsonReadFeature.ALLOW_NON_NUMERIC_NUMBERS)
            .enable(JsonWriteFeature.WRITE_NAN_AS_STRINGS)
            .streamReadConstraints(StreamReadConstraints.builder().maxNestingDepth(MAX_DEPTH).build())
            .build();

    private JsonCodec() {
    }

    /**
     * JSON escapes the C0 controls; these escapes cover the other {@link ControlCharacters} as well (DEL as
     * <code>&#92;u007F</code>), so printed JSON is safe to show in a terminal and still parses to the same strings.
     */
    private static final class TerminalSafeEscapes extends CharacterEscapes {

        private static final long serialVersionUID = 1L;
        private final int[] ascii = CharacterEscapes.standardAsciiEscapesForJSON();

        TerminalSafeEscapes() {
            ascii[0x7f] = CharacterEscapes.ESCAPE_STANDARD;
        }

        @Override
        public int[] getEscapeCodesForAscii() {
            return ascii;
        }

        @Override
        public SerializableString getEscapeSequence(int c) {
            return ControlCharacters.isControl(c) ? new SerializedString("\\u%04X".formatted(c)) : null;
        }
    }

    /** Parses one JSON document; duplicate member names and trailing content are errors. */
    public static Json parse(byte[] document) throws JsonSyntaxException {
        try (JsonParser p = FACTORY.createParser(document)) {
            p.enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION);
            JsonToken first = p.nextToken();
            if (first == null) {
                throw new JsonSyntaxException("empty document");
            }
            Json value = read(p, first);
            if (p.nextToken() != null) {
                throw new JsonSyntaxException("content after the JSON value at " + location(p));
            }
            return value;
        } catch (com.fasterxml.jackson.core.JacksonException e) {
            throw new JsonSyntaxException(e.getOriginalMessage() + location(e));
        } catch (IOException e) {
            throw new JsonSyntaxException(e.getMessage());
        }
    }

    private static String location(JsonParser p) {
        var loc = p.currentLocation();
        return "line " + loc.getLineNr() + ", column " + loc.getColumnNr();
    }

    /** " at line L, column C", or nothing for a failure with no place (a limit such as the nesting depth). */
    private static String location(com.fasterxml.jackson.core.JacksonException e) {
        var loc = e.getLocation();
        return loc == null ? "" : " at line " + loc.getLineNr() + ", column " + loc.getColumnNr();
    }

    private static Json read(JsonParser p, JsonToken t) throws IOException {
        return switch (t) {
            case START_OBJECT -> {
                Map<String, Json> members = new LinkedHashMap<>();
                for (JsonToken k = p.nextToken(); k != JsonToken.END_OBJECT; k = p.nextToken()) {
                    String name = p.currentName();
                    members.put(name, read(p, p.nextToken()));
                }
                yield new Json.JObject(members);
            }
            case START_ARRAY -> {
                List<Json> items = new ArrayList<>();
                for (JsonToken k = p.nextToken(); k != JsonToken.END_ARRAY; k = p.nextToken()) {
                    items.add(read(p, k));
                }
                yield new Json.JArray(items);
            }
            case VALUE_STRING -> new Json.JString(p.getText());
            case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> new Json.JNumber(p.getText());
            case VALUE_TRUE -> new Json.JBool(true);
            case VALUE_FALSE -> new Json.JBool(false);
            case VALUE_NULL -> Json.JNull.NULL;
            default -> throw new JsonSyntaxException("unexpected token " + t + " at " + location(p));
        };
    }

    /** Prints compact JSON; non-finite numbers are printed bare ({@code NaN}), as Python's json module does. */
    public static String print(Json json) {
        return print(json, false);
    }

    public static String print(Json json, boolean pretty) {
        StringWriter out = new StringWriter();
        try (JsonGenerator g = FACTORY.createGenerator(out)) {
            if (pretty) {
                g.useDefaultPrettyPrinter();
            }
            write(g, json);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toString();
    }

    /** Writes JSON values one per line to {@code out}, as {@link #print} would, through one reused generator. */
    public static LineWriter lines(Writer out) {
        return new LineWriter(out);
    }

    /** See {@link #lines}; {@link #flush()} after the last value. Not thread-safe. */
    public static final class LineWriter implements Flushable {
        private final JsonGenerator g;

        private LineWriter(Writer out) {
            try {
                g = FACTORY.createGenerator(out);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            // the values are separated by the line ends written here, not by the generator's default space
            g.setRootValueSeparator(null);
        }

        public void write(Json json) {
            try {
                JsonCodec.write(g, json);
                g.writeRaw('\n');
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        @Override
        public void flush() {
            try {
                g.flush();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    private static void write(JsonGenerator g, Json json) throws IOException {
        switch (json) {
            case Json.JObject o -> {
                g.writeStartObject();
                for (var e : o.members().entrySet()) {
                    g.writeFieldName(e.getKey());
                    write(g, e.getValue());
                }
                g.writeEndObject();
            }
            case Json.JArray a -> {
                g.writeStartArray();
                for (Json item : a.items()) {
                    write(g, item);
                }
                g.writeEndArray();
            }
            case Json.JString s -> g.writeString(s.value());
            case Json.JNumber n -> g.writeRawValue(n.text());
            case Json.JBool b -> g.writeBoolean(b.value());
            case Json.JNull n -> g.writeNull();
        }
    }
}
