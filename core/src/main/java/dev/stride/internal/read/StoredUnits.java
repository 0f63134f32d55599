package dev.stride.internal.read;

import dev.stride.model.ArrayMetadata;
import dev.stride.model.ChunkKeyEncoding;
import dev.stride.spi.ListableStore;
import dev.stride.spi.Store;

import java.util.Arrays;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The units of a region that lie in chunks the store holds, found by listing the array's chunk keys. A scan of a grid
 * of billions of units of which few were written then reads those few and adds the rest as fill values in one step,
 * instead of asking the store for each missing chunk: its time is bounded by what was written, not by the shape.
 */
public final class StoredUnits {
    /** Grids of more units than this are listed first, when the store can list. */
    static final long LIST_ABOVE = 1 << 16;

    private final ListableStore store;
    private final String prefix;
    private final ChunkKeyEncoding encoding;
    private final int rank;
    private final long[] unitsPerChunk;
    private final UnitGrid grid;
    private long[] found = new long[16];
    private int count;

    private StoredUnits(ListableStore store, String prefix, ArrayMetadata meta, long[] unitShape, UnitGrid grid) {
        this.store = store;
        this.prefix = prefix;
        this.encoding = meta.keyEncoding();
        this.rank = unitShape.length;
        this.grid = grid;
        long[] chunkShape = meta.chunkShape();
        this.unitsPerChunk = new long[rank];
        for (int d = 0; d < rank; d++) {
            unitsPerChunk[d] = chunkShape[d] / unitShape[d];
        }
    }

    /**
     * The numbers (ascending) of the grid's units inside chunks whose key the store lists; null when the grid is small
     * enough to read unit by unit, the store cannot list, or the array has no dimensions.
     */
    public static long[] find(Store store, String prefix, ArrayMetadata meta, long[] unitShape, UnitGrid grid) {
        return grid.count() <= LIST_ABOVE ? null : list(store, prefix, meta, unitShape, grid);
    }

    /**
     * The numbers (ascending) of the grid's units inside chunks whose key the store lists, whatever the grid's size;
     * null when the store cannot list or the array has no dimensions.
     */
    public static long[] list(Store store, String prefix, ArrayMetadata meta, long[] unitShape, UnitGrid grid) {
        if (!(store instanceof ListableStore listable) || unitShape.length == 0) {
            return null;
        }
        StoredUnits units = new StoredUnits(listable, prefix, meta, unitShape, grid);
        units.list();
        long[] sorted = Arrays.copyOf(units.found, units.count);
        Arrays.sort(sorted);
        return sorted;
    }

    private void list() {
        char separator = encoding.separator();
        if (separator == '/') {
            walk(encoding.v2() ? prefix : prefix + "c/", new long[rank], 0);
            return;
        }
        String head = encoding.v2() ? "" : "c" + separator;
        Pattern split = Pattern.compile(Pattern.quote(String.valueOf(separator)));
        for (String name : store.list(prefix)) {
            if (name.startsWith(head)) {
                String[] parts = split.split(name.substring(head.length()), -1);
                long[] chunk = parts.length == rank ? new long[rank] : null;
                for (int d = 0; chunk != null && d < rank; d++) {
                    chunk[d] = coordinate(parts[d]);
                    chunk = chunk[d] < 0 ? null : chunk;
                }
                if (chunk != null) {
                    addUnitsOf(chunk);
                }
            }
        }
    }

    /** One directory level per dimension: {@code c/0/}, {@code c/0/1}. */
    private void walk(String dir, long[] chunk, int d) {
        List<String> names = store.list(dir);
        for (String name : names) {
            chunk[d] = coordinate(name);
            if (chunk[d] < 0) {
                continue;
            }
            if (d == rank - 1) {
                addUnitsOf(chunk);
            } else {
                walk(dir + name + "/", chunk, d + 1);
            }
        }
    }

    /** A key's coordinate exactly as {@link ChunkKeyEncoding#key} writes it, or -1 for any other name. */
    private static long coordinate(String text) {
        try {
            long v = Long.parseLong(text);
            return v >= 0 && Long.toString(v).equals(text) ? v : -1;
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    /** Adds the units of a chunk (one, or a shard's inner chunks) that the region's grid holds. */
    private void addUnitsOf(long[] chunk) {
        long[] unit = new long[rank];
        long[] k = new long[rank];
        while (true) {
            for (int d = 0; d < rank; d++) {
                unit[d] = chunk[d] * unitsPerChunk[d] + k[d];
            }
            long number = grid.number(unit);
            if (number >= 0) {
                if (count == found.length) {
                    found = Arrays.copyOf(found, Math.multiplyExact(count, 2));
                }
                found[count++] = number;
            }
            int d = rank - 1;
            while (d >= 0 && ++k[d] == unitsPerChunk[d]) {
                k[d--] = 0;
            }
            if (d < 0) {
                return;
            }
        }
    }
}
