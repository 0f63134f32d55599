package dev.stride.spark;

import dev.stride.ZarrArray;
import dev.stride.model.Region;
import dev.stride.model.ZarrException;
import dev.stride.spi.StoreDescriptor;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The executor's open arrays without Spark: one open array per store for all its leases, and a bound on idle ones. */
class OpenArraysTest {
    @TempDir
    Path dir;

    @Test
    void leasesOfOneStoreShareOneOpenArray() {
        StoreDescriptor store = StoreDescriptor.parse(Points.write(dir.resolve("points")).toString());
        try (OpenArrays.Lease a = OpenArrays.lease(store); OpenArrays.Lease b = OpenArrays.lease(store)) {
            assertTrue(a.array() == b.array());
        }
        try (OpenArrays.Lease again = OpenArrays.lease(store)) {
            assertEquals(Points.SIZE, again.array().shape()[0], "still open after both leases ended");
        }
    }

    /** A v2 array has no zarr.json: its .zarray tells a rewrite (here to big-endian, the same values) as well. */
    @Test
    void aV2ArrayRewrittenIsOpenedAnew() throws java.io.IOException {
        Path array = dir.resolve("v2");
        java.nio.file.Files.createDirectories(array);
        for (String order : new String[] {"<", ">"}) {
            java.nio.file.Files.writeString(array.resolve(".zarray"), "{\"zarr_format\": 2, \"shape\": [2], \"chunks\": [2],"
                    + " \"dtype\": \"" + order + "i4\", \"compressor\": null, \"fill_value\": 0, \"order\": \"C\", \"filters\": null}");
            java.nio.ByteBuffer chunk = java.nio.ByteBuffer.allocate(8).order(order.equals("<")
                    ? java.nio.ByteOrder.LITTLE_ENDIAN : java.nio.ByteOrder.BIG_ENDIAN).putInt(7).putInt(-9);
            java.nio.file.Files.write(array.resolve("0"), chunk.array());
            try (OpenArrays.Lease lease = OpenArrays.lease(StoreDescriptor.parse(array.toString()))) {
                assertEquals(-2, lease.array().scan("").asIntegers().sum().intValueExact(), order);
            }
        }
    }

    @Test
    void beyondTheLimitTheArraysIdleLongestAreClosed() {
        List<ZarrArray> arrays = new ArrayList<>();
        int n = OpenArrays.MAX_IDLE + 8;
        for (int i = 0; i < n; i++) {
            StoreDescriptor store = StoreDescriptor.parse(Points.write(dir.resolve("points-" + i)).toString());
            try (OpenArrays.Lease lease = OpenArrays.lease(store)) {
                arrays.add(lease.array());
            }
        }
        assertTrue(OpenArrays.open() <= OpenArrays.MAX_IDLE, "open: " + OpenArrays.open());
        ZarrArray first = arrays.getFirst();
        assertThrows(ZarrException.Closed.class, () -> first.units(Region.all(first.shape())).close(), "the first, idle longest");
        ZarrArray last = arrays.getLast();
        last.units(Region.all(last.shape())).close();
    }
}
