package dev.stride.internal.where;

import dev.stride.model.Json;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The member of an array's attributes that says where its statistics are:
 * {@code "stride.statistics": {"path": "stride.statistics.json", "version": 2}}, the path relative to the array. Zarr
 * attributes are free-form, so other readers (zarr-python, TensorStore) keep it and ignore it; the array's metadata
 * proper is never touched.
 */
public final class StatisticsLink {
    /** The attribute's name. */
    public static final String ATTRIBUTE = "stride.statistics";
    /** The key of the statistics beside the array, relative to it. */
    public static final String SIDECAR = "stride.statistics.json";

    private StatisticsLink() {
    }

    /** {@code arrayDocument} (a {@code zarr.json}) with the link to statistics beside the array in its attributes. */
    public static Json.JObject linked(Json.JObject arrayDocument) {
        return withAttribute(arrayDocument, Json.object("path", Json.string(SIDECAR), "version", Json.number(StatisticsTable.VERSION)));
    }

    /** {@code arrayDocument} without a link (one its source had, say, when the statistics are not written). */
    public static Json.JObject unlinked(Json.JObject arrayDocument) {
        return withAttribute(arrayDocument, null);
    }

    private static Json.JObject withAttribute(Json.JObject doc, Json link) {
        Map<String, Json> attributes = new LinkedHashMap<>(doc.get("attributes") instanceof Json.JObject a ? a.members() : Map.of());
        if (link == null && !attributes.containsKey(ATTRIBUTE)) {
            return doc;
        }
        if (link == null) {
            attributes.remove(ATTRIBUTE);
        } else {
            attributes.put(ATTRIBUTE, link);
        }
        Map<String, Json> members = new LinkedHashMap<>(doc.members());
        members.put("attributes", new Json.JObject(attributes));
        return new Json.JObject(members);
    }

    /**
     * The key, relative to the array, of the statistics its attributes link to: the link's {@code path} when it is a
     * string, else (no link, or one this Stride cannot read) the default beside the array.
     */
    public static String path(Json.JObject attributes) {
        if (attributes != null && attributes.get(ATTRIBUTE) instanceof Json.JObject link
                && link.get("path") instanceof Json.JString(String path)) {
            return path;
        }
        return SIDECAR;
    }
}
