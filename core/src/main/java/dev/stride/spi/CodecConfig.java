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
 *
 * @param node the path of the array whose {@code zarr.json} holds the entry
 * @param extension the entry: name, configuration and the JSON pointer it came from
 */
public record CodecConfig(String node, Extension extension) {

    /**
     * The codec's name.
     *
     * @return the entry's {@code name}
     */
    public String name() {
        return extension.name();
    }

    /**
     * Where the entry is.
     *
     * @return its JSON pointer in {@code zarr.json}, e.g. {@code /codecs/1}
     */
    public String pointer() {
        return extension.pointer();
    }

    /**
     * The configuration as written.
     *
     * @return the entry's {@code configuration}, empty when it has none
     */
    public Json.JObject configuration() {
        return extension.configuration();
    }

    /**
     * Where a configuration member is, for an error message.
     *
     * @param name the member's name
     * @return its JSON pointer, e.g. {@code /codecs/1/configuration/level}
     */
    public String member(String name) {
        return extension.configurationPointer() + "/" + name;
    }

    /**
     * An error naming the node and the member at fault.
     *
     * @param member the configuration member's name, or null for the entry as a whole
     * @param reason what is wrong with it
     * @return the exception to throw, a {@link ZarrException.InvalidMetadata}
     */
    public ZarrException invalid(String member, String reason) {
        return new ZarrException.InvalidMetadata(node, member == null ? pointer() : member(member), reason);
    }

    /**
     * Refuses members this codec does not define.
     *
     * @param names every member the codec knows
     * @throws ZarrException.Unsupported naming the first other member
     */
    public void allowOnly(String... names) {
        Set<String> known = Set.of(names);
        for (String key : configuration().members().keySet()) {
            if (!known.contains(key)) {
                throw new ZarrException.Unsupported(node, member(key), "unknown configuration member '" + key + "' of codec '" + name() + "'");
            }
        }
    }

    /**
     * Whether the configuration sets a member.
     *
     * @param name the member's name
     * @return true when present
     */
    public boolean has(String name) {
        return configuration().has(name);
    }

    /**
     * A string member.
     *
     * @param name the member's name
     * @param fallback the value when absent, or null when the member is required
     * @return the member's value or the fallback
     * @throws ZarrException.InvalidMetadata when it is required and absent, or not a string
     */
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

    /**
     * A string member with a closed set of values.
     *
     * @param name the member's name
     * @param fallback the value when absent, or null when the member is required
     * @param allowed the values the codec defines
     * @return the member's value or the fallback
     * @throws ZarrException.InvalidMetadata when it is required and absent, not a string or not one of {@code allowed}
     */
    public String oneOf(String name, String fallback, List<String> allowed) {
        String v = string(name, fallback);
        if (!allowed.contains(v)) {
            throw invalid(name, "'" + v + "' is not one of " + allowed);
        }
        return v;
    }

    /**
     * An integer member in a range.
     *
     * @param name the member's name
     * @param min the least value allowed
     * @param max the greatest value allowed
     * @param fallback the value when absent, or null when the member is required
     * @return the member's value or the fallback
     * @throws ZarrException.InvalidMetadata when it is required and absent, or not an integer in [min, max]
     */
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

    /**
     * A JSON integer in [min, max] found at {@code member} (relative to the configuration), e.g. an item of an array
     * member.
     *
     * @param v the value
     * @param member where it is, relative to the configuration, for the error message
     * @param min the least value allowed
     * @param max the greatest value allowed
     * @return the value
     * @throws ZarrException.InvalidMetadata when it is not an integer in [min, max]
     */
    public long integerValue(Json v, String member, long min, long max) {
        if (v instanceof Json.JNumber n && n.isIntegral()) {
            BigInteger b = n.bigInteger();
            if (b.compareTo(BigInteger.valueOf(min)) >= 0 && b.compareTo(BigInteger.valueOf(max)) <= 0) {
                return b.longValue();
            }
        }
        throw invalid(member, "must be an integer in [" + min + ", " + max + "]");
    }

    /**
     * A boolean member.
     *
     * @param name the member's name
     * @param fallback the value when absent
     * @return the member's value or the fallback
     * @throws ZarrException.InvalidMetadata when it is not true or false
     */
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

    /**
     * A member of any JSON type that must be present.
     *
     * @param name the member's name
     * @return its value
     * @throws ZarrException.InvalidMetadata when it is absent
     */
    public Json required(String name) {
        Json v = configuration().get(name);
        if (v == null) {
            throw invalid(null, "configuration member '" + name + "' is required");
        }
        return v;
    }
}
