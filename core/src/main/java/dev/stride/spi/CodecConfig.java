package dev.stride.spi;

import dev.stride.model.Extension;
import dev.stride.model.Json;
import dev.stride.model.ZarrException;

import java.math.BigInteger;
import java.util.List;
import java.util.Set;

/**
 * A codec's metadata entry as a provider reads it: typed members with defaults, and errors that name the node
 * and the member's JSON pointer ({@code /codecs/1/configuration/level}).
 */
public record CodecConfig(String node, Extension extension) {

    public String name() {
        return extension.name();
    }

    public String pointer() {
        return extension.pointer();
    }

    public Json.JObject configuration() {
        return extension.configuration();
    }

    public String member(String name) {
        return extension.pointer() + "/configuration/" + name;
    }

    public ZarrException invalid(String member, String reason) {
        return new ZarrException.InvalidMetadata(node, member == null ? pointer() : member(member), reason);
    }

    /** Refuses members this codec does not define. */
    public void allowOnly(String... names) {
        Set<String> known = Set.of(names);
        for (String key : configuration().members().keySet()) {
            if (!known.contains(key)) {
                throw new ZarrException.Unsupported(node, member(key), "unknown configuration member '" + key + "' of codec '" + name() + "'");
            }
        }
    }

    public boolean has(String name) {
        return configuration().has(name);
    }

    public String string(String name, String fallback) {
        Json v = configuration().get(name);
        if (v == null) {
            if (fallback == null) {
                throw invalid(null, "configuration member '" + name + "' is required");
            }
            return fallback;
        }
        if (v instanceof Json.JString s) {
            return s.value();
        }
        throw invalid(name, "must be a string");
    }

    public String oneOf(String name, String fallback, List<String> allowed) {
        String v = string(name, fallback);
        if (!allowed.contains(v)) {
            throw invalid(name, "'" + v + "' is not one of " + allowed);
        }
        return v;
    }

    public long integer(String name, long min, long max, Long fallback) {
        Json v = configuration().get(name);
        if (v == null) {
            if (fallback == null) {
                throw invalid(null, "configuration member '" + name + "' is required");
            }
            return fallback;
        }
        return integerValue(v, name, min, max);
    }

    /** A JSON integer in [min, max] found at {@code member} (relative to the configuration). */
    public long integerValue(Json v, String member, long min, long max) {
        if (v instanceof Json.JNumber n && n.isIntegral()) {
            BigInteger b = n.bigInteger();
            if (b.compareTo(BigInteger.valueOf(min)) >= 0 && b.compareTo(BigInteger.valueOf(max)) <= 0) {
                return b.longValue();
            }
        }
        throw invalid(member, "must be an integer in [" + min + ", " + max + "]");
    }

    public boolean bool(String name, boolean fallback) {
        Json v = configuration().get(name);
        if (v == null) {
            return fallback;
        }
        if (v instanceof Json.JBool b) {
            return b.value();
        }
        throw invalid(name, "must be true or false");
    }

    public Json required(String name) {
        Json v = configuration().get(name);
        if (v == null) {
            throw invalid(null, "configuration member '" + name + "' is required");
        }
        return v;
    }
}
