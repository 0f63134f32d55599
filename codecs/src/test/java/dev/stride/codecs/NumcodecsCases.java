package dev.stride.codecs;

import dev.stride.model.Json;
import dev.stride.internal.json.JsonCodec;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.function.Predicate;

/** The cases numcodecs wrote with src/test/resources/numcodecs/make_fixtures.py, as listed in its cases.json. */
record NumcodecsCases(String name, Json.JObject meta) {
    private static final Json.JObject ALL = (Json.JObject) ((Json.JObject) JsonCodec.parse(file("cases.json"))).get("cases");

    static List<NumcodecsCases> where(Predicate<NumcodecsCases> keep) {
        return ALL.members().entrySet().stream().map(e -> new NumcodecsCases(e.getKey(), (Json.JObject) e.getValue())).filter(keep).toList();
    }

    static byte[] file(String name) {
        try (InputStream in = NumcodecsCases.class.getResourceAsStream("/numcodecs/" + name)) {
            if (in == null) {
                throw new IllegalArgumentException("no fixture numcodecs/" + name);
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The codec's entry as a zarr.json {@code codecs} member holds it. */
    String codecJson() {
        return JsonCodec.print(meta.get("codec"));
    }

    String codecName() {
        return ((Json.JString) ((Json.JObject) meta.get("codec")).get("name")).value();
    }

    byte[] encoded() {
        return file(name + ".enc");
    }

    byte[] decoded() {
        return file(string("decoded"));
    }

    boolean encodes() {
        return meta.has("source");
    }

    byte[] source() {
        return file(string("source"));
    }

    boolean corrupt() {
        return meta.has("error");
    }

    long expectedSize() {
        return ((Json.JNumber) meta.get("expected_size")).bigInteger().longValueExact();
    }

    /** The numpy type string of a filter's decoded array, e.g. {@code <f4}. */
    String dtype() {
        return string("dtype");
    }

    private String string(String member) {
        return ((Json.JString) meta.get(member)).value();
    }

    @Override
    public String toString() {
        return name;
    }
}
