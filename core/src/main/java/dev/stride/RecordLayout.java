package dev.stride;

import dev.stride.internal.field.Accessor;
import dev.stride.model.CoreType;
import dev.stride.model.DataType;
import dev.stride.model.FieldAccessor;
import dev.stride.model.Json;
import dev.stride.model.FixedBytesType;
import dev.stride.model.FixedStringType;
import dev.stride.model.RawType;
import dev.stride.model.SubarrayType;
import dev.stride.model.StructType;
import dev.stride.model.TimeType;
import dev.stride.model.ZarrException;

import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.StructLayout;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * A data type compiled for one byte order: the packed {@link MemoryLayout} of one element (a {@link StructLayout}
 * for structs, built from unaligned value layouts so any offset is legal) and one {@link FieldAccessor} per leaf field,
 * keyed by its dotted path ({@code point.x}). A plain data type compiles to one unnamed field with path {@code ""}.
 */
public final class RecordLayout {
    /** The indices that end a path to one element of a shaped field, one a dimension: {@code [1]}, {@code [1][0]}. */
    private static final Pattern INDICES = Pattern.compile("(?:\\[[0-9]{1,9}])+$");
    private final DataType type;
    private final ByteOrder order;
    private final MemoryLayout layout;
    private final List<FieldAccessor> fields;
    private final Map<String, FieldAccessor> byPath;

    private RecordLayout(DataType type, ByteOrder order) {
        this.type = type;
        this.order = order;
        this.layout = layoutOf(type, order);
        List<FieldAccessor> leaves = new ArrayList<>();
        collect(type, "", 0, List.of(), leaves);
        this.fields = List.copyOf(leaves);
        Map<String, FieldAccessor> paths = new LinkedHashMap<>();
        for (FieldAccessor f : leaves) {
            // distinct: a struct refuses two fields of one dotted path (StructType.samePath)
            paths.put(f.path(), f);
        }
        this.byPath = Collections.unmodifiableMap(paths);
    }

    /**
     * Compiles a data type for records stored in {@code order}; any data type Stride parses compiles.
     *
     * @param type the data type of one element
     * @param order the byte order the elements are stored in
     * @return the layout and one accessor per leaf field
     * @throws ZarrException.BadRequest when {@code type} or {@code order} is null
     */
    public static RecordLayout compile(DataType type, ByteOrder order) {
        return new RecordLayout(ZarrException.BadRequest.requireNonNull(type, "type"), ZarrException.BadRequest.requireNonNull(order, "order"));
    }

    private static MemoryLayout layoutOf(DataType type, ByteOrder order) {
        return switch (type) {
            case CoreType c -> switch (c) {
                case BOOL, INT8, UINT8 -> ValueLayout.JAVA_BYTE;
                case INT16, UINT16, FLOAT16 -> ValueLayout.JAVA_SHORT_UNALIGNED.withOrder(order);
                case INT32, UINT32 -> ValueLayout.JAVA_INT_UNALIGNED.withOrder(order);
                case INT64, UINT64 -> ValueLayout.JAVA_LONG_UNALIGNED.withOrder(order);
                case FLOAT32 -> ValueLayout.JAVA_FLOAT_UNALIGNED.withOrder(order);
                case FLOAT64 -> ValueLayout.JAVA_DOUBLE_UNALIGNED.withOrder(order);
                case COMPLEX64, COMPLEX128 -> MemoryLayout.structLayout(
                        layoutOf(c.component(), order).withName("re"), layoutOf(c.component(), order).withName("im"));
            };
            case RawType r -> MemoryLayout.sequenceLayout(r.byteSize(), ValueLayout.JAVA_BYTE);
            case FixedBytesType b -> MemoryLayout.sequenceLayout(b.length(), ValueLayout.JAVA_BYTE);
            case FixedStringType t -> MemoryLayout.sequenceLayout(t.characters(), ValueLayout.JAVA_INT_UNALIGNED.withOrder(order));
            case SubarrayType a -> MemoryLayout.sequenceLayout(a.elements(), layoutOf(a.element(), order));
            case TimeType t -> ValueLayout.JAVA_LONG_UNALIGNED.withOrder(order);
            case StructType s -> {
                MemoryLayout[] members = new MemoryLayout[s.fields().size()];
                for (int i = 0; i < members.length; i++) {
                    StructType.Field f = s.fields().get(i);
                    members[i] = layoutOf(f.type(), order).withName(f.name());
                }
                yield MemoryLayout.structLayout(members);
            }
        };
    }

    private void collect(DataType t, String path, long offset, List<String> segments, List<FieldAccessor> out) {
        if (t instanceof StructType s) {
            long at = offset;
            for (StructType.Field f : s.fields()) {
                List<String> sub = new ArrayList<>(segments);
                sub.add(f.name());
                collect(f.type(), path.isEmpty() && segments.isEmpty() ? f.name() : path + "." + f.name(), at, sub, out);
                at += f.type().byteSize();
            }
            return;
        }
        out.add(Accessor.create(new Accessor.Site(path, List.copyOf(segments), offset, order, layout.byteSize()), t));
    }

    /**
     * The data type the layout was compiled from.
     *
     * @return the type of one element
     */
    public DataType type() {
        return type;
    }

    /**
     * The byte order the layout was compiled for.
     *
     * @return the order of the records' multi-byte values
     */
    public ByteOrder order() {
        return order;
    }

    /**
     * The packed layout of one element.
     *
     * @return a struct layout of unaligned members for a struct, else the value layout of the type
     */
    public MemoryLayout layout() {
        return layout;
    }

    /**
     * Bytes per element (record).
     *
     * @return the layout's byte size
     */
    public long recordSize() {
        return layout.byteSize();
    }

    /** Each leaf field with its type and offset, then the record's size and byte order, for logs and debuggers. */
    @Override
    public String toString() {
        String leaves = fields.stream()
                .map(f -> (f.path().isEmpty() ? "" : f.path() + " ") + f.type().describe() + " @" + f.offset())
                .collect(Collectors.joining(", "));
        return "RecordLayout[" + leaves + "; " + recordSize() + " bytes, "
                + (order == ByteOrder.BIG_ENDIAN ? "big" : "little") + "-endian]";
    }

    /**
     * Every leaf field in declaration order, nested structs depth-first.
     *
     * @return the accessors, unmodifiable
     */
    public List<FieldAccessor> fields() {
        return fields;
    }

    /**
     * The leaf field at a dotted path, or null.
     *
     * @param path a dotted path ({@code point.x}), {@code ""} for a plain data type
     * @return the accessor, or null when no leaf field has that path
     */
    public FieldAccessor fieldOrNull(String path) {
        return byPath.get(ZarrException.BadRequest.requireNonNull(path, "path"));
    }

    /**
     * The leaf field reached by exact name segments, for names that themselves contain dots.
     *
     * @param segments the field names from the record root down
     * @return the accessor, or null when no leaf field has those names
     */
    public FieldAccessor fieldOrNull(List<String> segments) {
        ZarrException.BadRequest.requireNonNull(segments, "segments");
        for (FieldAccessor f : fields) {
            if (f.segments().equals(segments)) {
                return f;
            }
        }
        return null;
    }

    /**
     * One element of a field with a shape, by a path that ends in one index a dimension, as numpy indexes it and
     * {@code stride cat --fields} takes it ({@code pos[1]}, {@code m[1][0]}); null when the path names no such field.
     * A field's own name may end in brackets: each place the indices could start is tried, the shortest name first.
     *
     * @param path the field's dotted path and the indices
     * @return the element's accessor, or null
     * @throws ZarrException.BadRequest when the field has no shape, or the indices are not one a dimension in range
     */
    public FieldAccessor elementOrNull(String path) {
        Matcher indices = INDICES.matcher(ZarrException.BadRequest.requireNonNull(path, "path"));
        if (!indices.find() || indices.start() == 0) {
            return null;
        }
        for (int at = indices.start(); at > 0; at = path.indexOf('[', at + 1)) {
            FieldAccessor field = fieldOrNull(path.substring(0, at));
            if (field != null) {
                return element(field, path.substring(at));
            }
        }
        return null;
    }

    private static FieldAccessor element(FieldAccessor field, String brackets) {
        if (!(field instanceof FieldAccessor.ArrayField shaped)) {
            throw new ZarrException.BadRequest(null, "field '" + field.path() + "' (" + field.type().describe() + ") has no shape to index");
        }
        List<Integer> shape = shaped.shape();
        String[] indices = brackets.substring(1, brackets.length() - 1).split("\\]\\[");
        ZarrException noSuchElement = new ZarrException.BadRequest(null, "field '" + field.path() + "' (" + field.type().describe()
                + ") has no element " + brackets + "; give one index a dimension, each below its size in " + shape);
        if (indices.length != shape.size()) {
            throw noSuchElement;
        }
        int k = 0;
        for (int d = 0; d < indices.length; d++) {
            int index = Integer.parseInt(indices[d]);
            if (index >= shape.get(d)) {
                throw noSuchElement;
            }
            k = k * shape.get(d) + index;
        }
        return shaped.element(k);
    }

    /**
     * Record {@code i} of {@code records} in the Zarr v3 fill-value JSON encoding: an object per struct, its fields in
     * order; a plain type's value alone.
     *
     * @param records packed records of this layout
     * @param i the record's index in {@code records}
     * @return the record's JSON
     * @throws ZarrException.BadRequest when {@code records} is null
     */
    public Json toJson(MemorySegment records, long i) {
        return toJson(type, fields.iterator(), ZarrException.BadRequest.requireNonNull(records, "records"), i);
    }

    private static Json toJson(DataType t, Iterator<FieldAccessor> leaves, MemorySegment records, long i) {
        if (t instanceof StructType s) {
            Map<String, Json> members = new LinkedHashMap<>();
            for (StructType.Field f : s.fields()) {
                members.put(f.name(), toJson(f.type(), leaves, records, i));
            }
            return new Json.JObject(members);
        }
        return leaves.next().toJson(records, i);
    }

    /**
     * The leaf fields under a path: the field itself, or every leaf of a nested struct (all fields for "").
     *
     * @param path a dotted path, {@code ""} for all fields
     * @return the accessors in declaration order; empty when nothing is there
     */
    public List<FieldAccessor> fieldsUnder(String path) {
        if (ZarrException.BadRequest.requireNonNull(path, "path").isEmpty()) {
            return fields;
        }
        FieldAccessor exact = byPath.get(path);
        if (exact != null) {
            return List.of(exact);
        }
        return fields.stream().filter(f -> f.path().startsWith(path + ".")).toList();
    }
}
