package dev.stride.internal.field;

import dev.stride.model.ArrayColumn;
import dev.stride.model.Column;
import dev.stride.model.FieldAccessor;
import dev.stride.model.FieldAccessor.ArrayField;
import dev.stride.model.Json;
import dev.stride.model.SubarrayType;

import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A field with a shape. Its elements are read by an accessor of the element type over one record's elements, which
 * lie packed like records of their own; so the column of a shaped field is a column of the element kind.
 *
 * @param <A> the Java array a column of the element type holds
 */
final class ArrayAccessor<A> extends Accessor<A> implements ArrayField {
    private final SubarrayType shaped;
    /** Reads the elements of one record as records of the element type. */
    private final Accessor<A> elements;
    private final int count;
    private final long span;

    private ArrayAccessor(Site site, SubarrayType type, Accessor<A> elements) {
        super(site, type, kindOf(type, elements));
        this.shaped = type;
        this.elements = elements;
        this.count = type.elements();
        this.span = type.byteSize();
    }

    static ArrayAccessor<?> create(Site site, SubarrayType type) {
        Site one = new Site(site.path(), site.segments(), 0, site.order(), type.element().byteSize());
        return withElements(site, type, Accessor.of(Accessor.create(one, type.element())));
    }

    private static <A> ArrayAccessor<A> withElements(Site site, SubarrayType type, Accessor<A> elements) {
        return new ArrayAccessor<>(site, type, elements);
    }

    private static <A> Kind<A> kindOf(SubarrayType type, Accessor<A> elements) {
        Kind<A> of = elements.kind;
        return new Kind<>(ArrayField.class, of.arrayType(), c -> of.valuesOf().apply(c.asArray().elements()),
                (p, t, v) -> new ArrayColumn(p, (SubarrayType) t, of.columnOf().of(p, type.element(), v)));
    }

    @Override
    public List<Integer> shape() {
        return shaped.shape();
    }

    @Override
    public int elements() {
        return count;
    }

    @Override
    public FieldAccessor element(int k) {
        Objects.checkIndex(k, count);
        return Accessor.create(new Site(elementPath(k), segments(), offset() + k * shaped.element().byteSize(),
                order(), recordSize), shaped.element());
    }

    /** This field's path and element {@code k}'s index in each dimension, as numpy indexes it ({@code p[1][0]}). */
    private String elementPath(int k) {
        List<Integer> shape = shaped.shape();
        int[] index = new int[shape.size()];
        for (int d = shape.size() - 1, rest = k; d >= 0; d--) {
            index[d] = rest % shape.get(d);
            rest /= shape.get(d);
        }
        StringBuilder path = new StringBuilder(path());
        for (int i : index) {
            path.append('[').append(i).append(']');
        }
        return path.toString();
    }

    /** The elements of record {@code i}, as records of the element type. */
    private MemorySegment elementsOf(MemorySegment records, long i) {
        return records.asSlice(at(i), span);
    }

    @Override
    void get(MemorySegment records, long first, int n, A dst, int pos) {
        for (int r = 0; r < n; r++) {
            elements.get(elementsOf(records, first + r), 0, count, dst, (pos + r) * count);
        }
    }

    @Override
    void set(MemorySegment records, long first, int n, A src, int pos) {
        for (int r = 0; r < n; r++) {
            elements.set(elementsOf(records, first + r), 0, count, src, (pos + r) * count);
        }
    }

    @Override
    int itemsPerRecord() {
        return count * elements.itemsPerRecord();
    }

    /** Nested lists by the shape, as numpy prints a sub-array. */
    @Override
    public Json toJson(MemorySegment records, long i) {
        return nested(elementsOf(records, i), 0, new long[1]);
    }

    private Json nested(MemorySegment one, int dim, long[] next) {
        List<Json> items = new ArrayList<>();
        for (int k = 0; k < shaped.shape().get(dim); k++) {
            items.add(dim + 1 < shaped.shape().size() ? nested(one, dim + 1, next) : elements.toJson(one, next[0]++));
        }
        return new Json.JArray(items);
    }
}
