package dev.stride.model;

import java.util.List;
import java.util.function.BiConsumer;

/**
 * A struct field with a shape, numpy's sub-array field ({@code ('pos', '<f4', (3,))}): {@code shape} elements of
 * {@code element} packed in C order inside each record. Zarr v2 records have them; a v3 {@code struct} does not, so
 * such a type is read, and written to v3 only flattened.
 *
 * @param element the type of one element (not itself a sub-array)
 * @param shape the field's shape, each size at least 1
 */
public record SubarrayType(DataType element, List<Integer> shape) implements DataType {
    /**
     * A sub-array of {@code shape} elements of {@code element}.
     *
     * @throws ZarrException.BadRequest when the shape is empty or holds a size below 1, the element is a sub-array,
     *         or the whole exceeds 2^31 bytes
     */
    public SubarrayType {
        shape = List.copyOf(shape);
        if (shape.isEmpty() || shape.stream().anyMatch(s -> s < 1)) {
            throw new ZarrException.BadRequest(null, "a sub-array field needs a shape of sizes 1 or more: " + shape);
        }
        if (element instanceof SubarrayType) {
            throw new ZarrException.BadRequest(null, "a sub-array's element cannot itself be a sub-array");
        }
        long bytes = element.byteSize();
        for (int s : shape) {
            bytes *= s;
            if (bytes > Integer.MAX_VALUE) {
                throw new ZarrException.BadRequest(null, "a sub-array field of " + shape + " x " + element.describe() + " exceeds 2^31 bytes");
            }
        }
    }

    /**
     * Elements per record: the product of the shape.
     *
     * @return how many elements the field holds in each record
     */
    public int elements() {
        int n = 1;
        for (int s : shape) {
            n *= s;
        }
        return n;
    }

    /**
     * The name of one element of a shaped field once flattened: the field's name and the element's index in each
     * dimension in brackets ({@code pos[2]}, {@code grid[1][0]}), as numpy indexes it.
     *
     * @param field the shaped field's name
     * @param index the element's position along each dimension
     * @return the element's field name
     */
    public static String elementName(String field, int[] index) {
        StringBuilder name = new StringBuilder(field);
        for (int i : index) {
            name.append('[').append(i).append(']');
        }
        return name.toString();
    }

    /** Steps {@code index} to the next element in C order (the last dimension fastest). */
    void next(int[] index) {
        for (int d = index.length - 1; d >= 0; d--) {
            if (++index[d] < shape.get(d)) {
                return;
            }
            index[d] = 0;
        }
    }

    @Override
    public int byteSize() {
        return element.byteSize() * elements();
    }

    @Override
    public String describe() {
        return element.describe() + shape;
    }

    @Override
    public void forEachSwapUnit(long offset, BiConsumer<Long, Integer> unit) {
        long size = element.byteSize();
        for (int i = 0; i < elements(); i++) {
            element.forEachSwapUnit(offset + i * size, unit);
        }
    }
}
