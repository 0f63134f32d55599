package dev.stride.model;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BiConsumer;
import java.util.stream.Stream;

/**
 * A record of named fields, packed with no padding in declaration order ({@code struct}, or the legacy
 * {@code structured} spelling, which {@link #legacy()} remembers).
 *
 * @param fields the fields in declaration order
 * @param legacy true when the metadata spelled it {@code structured}
 */
public record StructType(List<Field> fields, boolean legacy) implements DataType {

    /**
     * One named field of a struct.
     *
     * @param name the field's name
     * @param type its data type (another struct nests)
     */
    public record Field(String name, DataType type) {
    }

    /**
     * A struct of {@code fields} in order.
     *
     * @throws ZarrException.BadRequest when there are no fields, a name is empty, or two share a name or a dotted path
     */
    public StructType {
        fields = List.copyOf(fields);
        if (fields.isEmpty()) {
            throw new ZarrException.BadRequest(null, "a struct needs at least one field");
        }
        var seen = new HashSet<String>();
        for (Field f : fields) {
            if (f.name().isEmpty() || !seen.add(f.name())) {
                throw new ZarrException.BadRequest(null, "field names must be unique and non-empty: '" + f.name() + "'");
            }
        }
        int[][] same = samePath(fields);
        if (same != null) {
            throw new ZarrException.BadRequest(null, "two fields have the dotted path '" + path(fields, same[1]) + "'");
        }
    }

    /**
     * Two fields, leaves or nested structs, whose dotted paths are equal ({@code a.b} named so beside {@code a} holding
     * {@code b}), as index chains from {@code fields} (the earlier one first); null when every path is distinct.
     * Fields are named by dotted path everywhere ({@code point.x}), so such a struct could not be read unambiguously.
     *
     * @param fields a struct's fields
     * @return the two index chains, or null
     */
    public static int[][] samePath(List<Field> fields) {
        Map<String, int[]> seen = new HashMap<>();
        Deque<int[]> pending = new ArrayDeque<>();
        for (int i = fields.size() - 1; i >= 0; i--) {
            pending.push(new int[] {i});
        }
        while (!pending.isEmpty()) {
            int[] chain = pending.pop();
            int[] earlier = seen.putIfAbsent(path(fields, chain), chain);
            if (earlier != null) {
                return new int[][] {earlier, chain};
            }
            if (field(fields, chain).type() instanceof StructType s) {
                for (int i = s.fields().size() - 1; i >= 0; i--) {
                    int[] child = Arrays.copyOf(chain, chain.length + 1);
                    child[chain.length] = i;
                    pending.push(child);
                }
            }
        }
        return null;
    }

    /** The field an index chain leads to. */
    private static Field field(List<Field> fields, int[] chain) {
        Field f = fields.get(chain[0]);
        for (int k = 1; k < chain.length; k++) {
            f = ((StructType) f.type()).fields().get(chain[k]);
        }
        return f;
    }

    /**
     * The dotted path of the field an index chain leads to.
     *
     * @param fields a struct's fields
     * @param chain the index of a field at each level
     * @return the path, names joined by dots
     */
    public static String path(List<Field> fields, int[] chain) {
        StringBuilder s = new StringBuilder(fields.get(chain[0]).name());
        List<Field> level = fields;
        for (int k = 1; k < chain.length; k++) {
            level = ((StructType) level.get(chain[k - 1]).type()).fields();
            s.append('.').append(level.get(chain[k]).name());
        }
        return s.toString();
    }

    /**
     * A struct of {@code fields}, spelled {@code struct} in metadata.
     *
     * @param fields the fields in order
     * @return the struct
     * @throws ZarrException.BadRequest when there are no fields, a name is empty, or two share a name or a dotted path
     */
    public static StructType of(Field... fields) {
        return new StructType(List.of(fields), false);
    }

    /**
     * This struct with every shaped field, at any depth, replaced by one field per element in C order, named
     * {@code pos[0]}, {@code pos[1]}, ... ({@code grid[0][2]} for a field of shape (2, 3)), since a Zarr v3 struct field
     * has no shape. A shaped field is packed exactly as its elements would be as consecutive fields, so records of this
     * struct are, byte for byte, records of the flattened one: flattening is a view, and copies no data.
     *
     * @return the flattened struct, or this one when no field has a shape
     * @throws ZarrException.BadRequest when an element's name is already another field's name at its level (rename
     *         that field first), or an element path is the dotted path of another field
     */
    public StructType flattenShaped() {
        List<Field> out = new ArrayList<>();
        Set<String> taken = new HashSet<>();
        fields.forEach(f -> taken.add(f.name()));
        boolean changed = false;
        for (Field f : fields) {
            switch (f.type()) {
                case SubarrayType a -> {
                    changed = true;
                    int[] index = new int[a.shape().size()];
                    for (int i = 0; i < a.elements(); i++) {
                        String name = SubarrayType.elementName(f.name(), index);
                        if (!taken.add(name)) {
                            throw new ZarrException.BadRequest(null, "flattening field '" + f.name() + "' makes the field '" + name
                                    + "', which is already the name of another field; rename that field first");
                        }
                        out.add(new Field(name, a.element()));
                        a.next(index);
                    }
                }
                case StructType nested -> {
                    StructType flat = nested.flattenShaped();
                    changed |= flat != nested;
                    out.add(new Field(f.name(), flat));
                }
                default -> out.add(f);
            }
        }
        return changed ? new StructType(out, legacy) : this;
    }

    /**
     * The dotted paths of the shaped fields, at any depth, in declaration order ({@code pos}, {@code inner.grid}).
     *
     * @return the paths, empty when no field has a shape (so {@link #flattenShaped()} changes nothing)
     */
    public List<String> shapedFields() {
        return shapedPaths("").toList();
    }

    private Stream<String> shapedPaths(String prefix) {
        return fields.stream().flatMap(f -> switch (f.type()) {
            case SubarrayType _ -> Stream.of(prefix + f.name());
            case StructType nested -> nested.shapedPaths(prefix + f.name() + ".");
            default -> Stream.empty();
        });
    }

    @Override
    public int byteSize() {
        long total = 0;
        for (Field f : fields) {
            total += f.type().byteSize();
        }
        return Math.toIntExact(total);
    }

    @Override
    public String describe() {
        StringBuilder s = new StringBuilder("struct{");
        for (int i = 0; i < fields.size(); i++) {
            s.append(i == 0 ? "" : ", ").append(fields.get(i).name()).append(": ").append(fields.get(i).type().describe());
        }
        return s.append('}').toString();
    }

    @Override
    public void forEachSwapUnit(long offset, BiConsumer<Long, Integer> unit) {
        long at = offset;
        for (Field f : fields) {
            f.type().forEachSwapUnit(at, unit);
            at += f.type().byteSize();
        }
    }
}
