package dev.stride;

import dev.stride.model.Region;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;

/**
 * The part of an array {@link Tuning} measures on: whole rows of read units (a row spans every other dimension, so it
 * is made of whole units) spread evenly over the first dimension, so a sample sees the beginning, the middle and the
 * end of the data, not only the first chunks. The same array and size always give the same rows. Stacked in order the
 * rows make the sample array, of the source's shape but for its first dimension.
 *
 * @param rows the chosen rows of units along the first dimension, ascending
 * @param shape the source array's shape
 * @param unit the source's read unit shape (the chunk, or the inner chunk of a sharded array)
 */
record TuningSample(long[] rows, long[] shape, long[] unit) {

    /**
     * The rows holding at least {@code wanted} records (all of them when the array has fewer), chosen evenly: the
     * middle row of each of as many equal stretches of the array.
     */
    static TuningSample plan(long[] shape, long[] unit, long wanted) {
        long rowCount = ceil(shape[0], unit[0]);
        long perRow = unit[0] * across(shape);
        long n = Math.clamp(ceil(wanted, perRow), 1, rowCount);
        long[] rows = new long[(int) n];
        for (int i = 0; i < n; i++) {
            // the middle of stretch i of n; distinct rows since n <= rowCount
            rows[i] = BigInteger.valueOf(2L * i + 1).multiply(BigInteger.valueOf(rowCount)).divide(BigInteger.valueOf(2 * n)).longValueExact();
        }
        return new TuningSample(rows, shape.clone(), unit.clone());
    }

    /** {@return the records of row {@code row}: fewer in the last row when the shape is not a multiple of the unit} */
    long height(long row) {
        return Math.min(unit[0], shape[0] - row * unit[0]);
    }

    /** {@return the sample's records, exactly} */
    long records() {
        return sampleShape()[0] * across(shape);
    }

    /** {@return read units in the sample} */
    long units() {
        long perRow = 1;
        for (int d = 1; d < shape.length; d++) {
            perRow *= ceil(shape[d], unit[d]);
        }
        return rows.length * perRow;
    }

    /** {@return the sample array's shape: the rows stacked along the first dimension} */
    long[] sampleShape() {
        long[] s = shape.clone();
        s[0] = 0;
        for (long row : rows) {
            s[0] += height(row);
        }
        return s;
    }

    /** {@return each chosen row as a region of the source} */
    List<Region> regions() {
        List<Region> regions = new ArrayList<>();
        for (long row : rows) {
            long[] start = new long[shape.length];
            long[] stop = shape.clone();
            start[0] = row * unit[0];
            stop[0] = start[0] + height(row);
            regions.add(new Region(start, stop));
        }
        return regions;
    }

    /** {@return records in one index of the first dimension: the product of the other dimensions} */
    private static long across(long[] shape) {
        long n = 1;
        for (int d = 1; d < shape.length; d++) {
            n = Math.multiplyExact(n, shape[d]);
        }
        return n;
    }

    /** a / b rounded up. */
    private static long ceil(long a, long b) {
        return b == 0 ? 0 : (a + b - 1) / b;
    }
}
