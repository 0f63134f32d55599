package dev.stride.internal.metadata;

import dev.stride.model.Extension;
import dev.stride.model.Json;
import dev.stride.model.NodeMetadata;
import dev.stride.internal.json.JsonCodec;
import dev.stride.internal.json.JsonSyntaxException;
import dev.stride.model.ZarrException;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Reads members of one node's {@code zarr.json} and refuses what breaks the spec, naming the node and
 * the member as a JSON pointer.
 */
public final class Node {
    private final String path;
    /** Put before every pointer: "" in zarr.json, the document's name in another ({@code .zarray}). */
    private final String document;

    public Node(String path) {
        this(path, "");
    }

    /**
     * A node whose members are in the document named {@code document}; its errors' pointers start with that name
     * ({@code .zarray/dtype/2/1}), so a message says which file of a Zarr v2 node is at fault.
     */
    public Node(String path, String document) {
        this.path = path;
        this.document = document;
    }

    /** A pointer in this node's document, as its errors name it. */
    public String pointer(String pointer) {
        return document + pointer;
    }

    public String path() {
        return path;
    }

    /**
     * The path of the node {@code relative} ({@code a/b}) below this one, as consolidated metadata names it; a name the
     * spec does not allow is refused at {@code pointer}.
     */
    public String descendant(String relative, String pointer) {
        String path = this.path;
        for (String name : relative.split("/", -1)) {
            String bad = NodeMetadata.invalidNameReason(name);
            if (bad != null) {
                throw invalid(pointer, bad);
            }
            path = NodeMetadata.childPath(path, name);
        }
        return path;
    }

    public Json.JObject parseDocument(byte[] document) {
        return parseDocument(document, "zarr.json");
    }

    /** Parses a metadata document named {@code name} ({@code .zarray}) for its errors; it must be a JSON object. */
    public Json.JObject parseDocument(byte[] document, String name) {
        Json json;
        try {
            json = JsonCodec.parse(document);
        } catch (JsonSyntaxException e) {
            throw invalid("", name + " is not valid JSON: " + e.getMessage());
        }
        return object(json, "");
    }

    public ZarrException.InvalidMetadata invalid(String pointer, String reason) {
        return new ZarrException.InvalidMetadata(path, document + pointer, reason);
    }

    public ZarrException.Unsupported unsupported(String pointer, String reason) {
        return new ZarrException.Unsupported(path, document + pointer, reason);
    }

    public Json.JObject object(Json json, String pointer) {
        if (json instanceof Json.JObject o) {
            return o;
        }
        throw invalid(pointer, "must be an object, not " + Json.typeName(json));
    }

    public Json.JArray array(Json json, String pointer) {
        if (json instanceof Json.JArray a) {
            return a;
        }
        throw invalid(pointer, "must be an array, not " + Json.typeName(json));
    }

    public String string(Json json, String pointer) {
        if (json instanceof Json.JString s) {
            return s.value();
        }
        throw invalid(pointer, "must be a string, not " + Json.typeName(json));
    }

    public boolean bool(Json json, String pointer) {
        if (json instanceof Json.JBool b) {
            return b.value();
        }
        throw invalid(pointer, "must be true or false, not " + Json.typeName(json));
    }

    /** An integer in [min, max]. */
    public long integer(Json json, String pointer, long min, long max) {
        if (!(json instanceof Json.JNumber n) || !n.isIntegral()) {
            throw invalid(pointer, "must be an integer, not " + describe(json));
        }
        BigInteger v = n.bigInteger();
        if (v.compareTo(BigInteger.valueOf(min)) < 0 || v.compareTo(BigInteger.valueOf(max)) > 0) {
            throw invalid(pointer, v + " is out of range [" + min + ", " + max + "]");
        }
        return v.longValue();
    }

    public long[] integers(Json json, String pointer, long min, long max) {
        Json.JArray a = array(json, pointer);
        long[] out = new long[a.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = integer(a.get(i), pointer + "/" + i, min, max);
        }
        return out;
    }

    public Json required(Json.JObject o, String name, String pointer) {
        Json v = o.get(name);
        if (v == null) {
            throw invalid(pointer, "required member '" + name + "' is missing");
        }
        return v;
    }

    /** Refuses members other than {@code known}, except objects that say {@code "must_understand": false}. */
    public void refuseUnknownMembers(Json.JObject o, String pointer, Set<String> known) {
        for (var e : o.members().entrySet()) {
            if (known.contains(e.getKey())) {
                continue;
            }
            if (e.getValue() instanceof Json.JObject ext && ext.get("must_understand") instanceof Json.JBool b && !b.value()) {
                continue;
            }
            throw unsupported(pointer + "/" + escape(e.getKey()),
                    "unknown member '" + e.getKey() + "' (only objects with \"must_understand\": false may be ignored)");
        }
    }

    /** An extension point: a name string, or {name, configuration?, must_understand?}. */
    public Extension extension(Json json, String pointer) {
        if (json instanceof Json.JString s) {
            return new Extension(s.value(), new Json.JObject(java.util.Map.of()), true, pointer);
        }
        Json.JObject o = object(json, pointer);
        String name = string(required(o, "name", pointer), pointer + "/name");
        Json config = o.get("configuration");
        Json.JObject configuration = config == null || config == Json.JNull.NULL
                ? new Json.JObject(java.util.Map.of()) : object(config, pointer + "/configuration");
        Json mu = o.get("must_understand");
        boolean mustUnderstand = mu == null || bool(mu, pointer + "/must_understand");
        for (String key : o.members().keySet()) {
            if (!Set.of("name", "configuration", "must_understand").contains(key)) {
                throw unsupported(pointer + "/" + escape(key), "unknown member '" + key + "' of extension '" + name + "'");
            }
        }
        return new Extension(name, configuration, mustUnderstand, pointer);
    }

    public List<Extension> extensions(Json json, String pointer) {
        Json.JArray a = array(json, pointer);
        List<Extension> out = new ArrayList<>();
        for (int i = 0; i < a.size(); i++) {
            out.add(extension(a.get(i), pointer + "/" + i));
        }
        return out;
    }

    /** Refuses configuration members an extension does not define. */
    public void onlyConfiguration(Extension ext, String... allowed) {
        Set<String> known = new HashSet<>(List.of(allowed));
        for (String key : ext.configuration().members().keySet()) {
            if (!known.contains(key)) {
                throw unsupported(ext.pointer() + "/configuration/" + escape(key),
                        "unknown configuration member '" + key + "' of '" + ext.name() + "'");
            }
        }
    }

    public static String escape(String name) {
        return name.replace("~", "~0").replace("/", "~1");
    }

    static String describe(Json json) {
        String text = JsonCodec.print(json);
        return text.length() > 40 ? text.substring(0, 40) + "..." : text;
    }
}
