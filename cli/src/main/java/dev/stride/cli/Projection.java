package dev.stride.cli;

import dev.stride.RecordLayout;
import dev.stride.ZarrArray;
import dev.stride.model.FieldAccessor;
import dev.stride.model.Json;
import dev.stride.model.ZarrException;

import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;

/**
 * What cat prints of each element: the whole record, or the fields chosen by path. A chosen path is a leaf field
 * ({@code point.x}), a nested struct ({@code point}, printed as an object of its fields), or one element of a field
 * with a shape ({@code pos[1]}, {@code p[1][0]}).
 */
final class Projection {
    private final RecordLayout layout;
    private final List<Choice> chosen;

    /** A chosen path, the leaves under it, and how many name segments the path spans (a field name may hold dots). */
    private record Choice(String path, int depth, List<FieldAccessor> leaves) {
        boolean isLeaf() {
            return leaves.size() == 1 && leaves.getFirst().segments().size() == depth;
        }
    }

    private Projection(RecordLayout layout, List<Choice> chosen) {
        this.layout = layout;
        this.chosen = chosen;
    }

    /** Whole records when {@code paths} is empty. */
    static Projection of(ZarrArray array, List<String> paths) {
        List<Choice> chosen = new ArrayList<>();
        for (String path : new LinkedHashSet<>(paths)) {
            chosen.add(choose(array, path));
        }
        return new Projection(array.layout(), chosen);
    }

    private static Choice choose(ZarrArray array, String path) {
        RecordLayout layout = array.layout();
        FieldAccessor leaf = layout.fieldOrNull(path);
        if (leaf != null) {
            return new Choice(path, leaf.segments().size(), List.of(leaf));
        }
        FieldAccessor element = layout.elementOrNull(path);
        if (element != null) {
            return new Choice(path, element.segments().size(), List.of(element));
        }
        int depth = -1;
        List<FieldAccessor> leaves = new ArrayList<>();
        for (FieldAccessor f : layout.fields()) {
            for (int d = 1; d < f.segments().size(); d++) {
                if ((depth < 0 || depth == d) && String.join(".", f.segments().subList(0, d)).equals(path)) {
                    depth = d;
                    leaves.add(f);
                }
            }
        }
        if (leaves.isEmpty()) {
            List<String> known = layout.fields().stream().map(FieldAccessor::path).toList();
            throw new ZarrException.BadRequest(null, "no field '" + path + "'; the fields are " + String.join(", ", known));
        }
        return new Choice(path, depth, leaves);
    }

    /** The leaf fields printed, in order: the columns of csv and table. */
    List<FieldAccessor> columns() {
        if (chosen.isEmpty()) {
            return layout.fields();
        }
        return chosen.stream().flatMap(c -> c.leaves().stream()).toList();
    }

    /** A column's title: the field's path, or "value" for an array of plain numbers. */
    static String header(FieldAccessor f) {
        return f.path().isEmpty() ? "value" : f.path();
    }

    /**
     * The array's fill value as cat prints an element holding it: decoded from its bits, so a fill the metadata spells
     * as base64 or NaT as an integer shows the values it stands for.
     */
    static Json fillValue(ZarrArray array) {
        RecordLayout layout = array.layout();
        return layout.toJson(MemorySegment.ofArray(array.metadata().fillValue().bytes(layout.order())), 0);
    }

    /** Element {@code i} in the Zarr v3 fill_value JSON encoding, or an object of the chosen paths. */
    Json toJson(MemorySegment records, long i) {
        if (chosen.isEmpty()) {
            return layout.toJson(records, i);
        }
        Map<String, Json> members = new LinkedHashMap<>();
        for (Choice c : chosen) {
            members.put(c.path(), c.isLeaf() ? c.leaves().getFirst().toJson(records, i) : nested(c.leaves(), c.depth(), records, i));
        }
        return new Json.JObject(members);
    }

    /** The struct holding {@code leaves} below name segment {@code depth}, as an object of objects in field order. */
    private static Json nested(List<FieldAccessor> leaves, int depth, MemorySegment records, long i) {
        Map<String, Json> members = new LinkedHashMap<>();
        int from = 0;
        while (from < leaves.size()) {
            // leaves come depth-first, so those under one member are consecutive
            String name = leaves.get(from).segments().get(depth);
            int to = from + 1;
            while (to < leaves.size() && leaves.get(to).segments().get(depth).equals(name)) {
                to++;
            }
            List<FieldAccessor> member = leaves.subList(from, to);
            boolean leaf = member.size() == 1 && member.getFirst().segments().size() == depth + 1;
            members.put(name, leaf ? member.getFirst().toJson(records, i) : nested(member, depth + 1, records, i));
            from = to;
        }
        return new Json.JObject(members);
    }
}
