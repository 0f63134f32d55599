package dev.stride.arrow;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Row groups and pages follow the heap, between their floor and parquet-java's defaults. */
class ParquetSizesTest {
    private static final long MIB = 1 << 20;

    @Test
    void aRowGroupIsAQuarterOfTheHeapUpTo128MiB() {
        assertEquals(new ParquetSizes(16 * MIB, 1 << 20), ParquetSizes.of(64 * MIB, 1));
        assertEquals(new ParquetSizes(16 * MIB, 1 << 20), ParquetSizes.of(64 * MIB, 4));
        assertEquals(new ParquetSizes(128 * MIB, 1 << 20), ParquetSizes.of(512 * MIB, 4));
        assertEquals(new ParquetSizes(128 * MIB, 1 << 20), ParquetSizes.of(64L << 30, 1));
    }

    @Test
    void smallHeapsAndManyColumnsStopAtTheFloors() {
        assertEquals(new ParquetSizes(2 * MIB, 128 << 10), ParquetSizes.of(8 * MIB, 4));
        assertEquals(new ParquetSizes(MIB, 64 << 10), ParquetSizes.of(2 * MIB, 4));
        assertEquals(new ParquetSizes(16 * MIB, 8 << 10), ParquetSizes.of(64 * MIB, 10_000));
    }
}
