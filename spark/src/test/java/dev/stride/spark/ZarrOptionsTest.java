package dev.stride.spark;

import dev.stride.Zarr;
import dev.stride.ZarrArray;
import dev.stride.model.ZarrException;
import dev.stride.spi.StoreDescriptor;
import org.apache.spark.sql.DataFrameReader;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** The reader's options: a missing or bad one fails on the driver with Stride's exception and a message that says which. */
class ZarrOptionsTest {
    @TempDir
    static Path dir;

    private static Path points;

    @BeforeAll
    static void layOut() {
        points = Points.write(dir.resolve("points"));
    }

    private static DataFrameReader zarr() {
        return Sessions.spark().read().format("zarr");
    }

    @Test
    void noPath() {
        var e = assertThrows(ZarrException.BadRequest.class, () -> zarr().load());
        assertEquals("no path: give the array's directory or URI to load (or save)", e.getMessage());
    }

    @Test
    void partitionBytesMustBeAPositiveWholeNumber() {
        for (String bad : List.of("0", "-400", "4k", "", "9223372036854775808")) {
            var e = assertThrows(ZarrException.BadRequest.class, () -> zarr().option("partitionBytes", bad).load(points.toString()), bad);
            assertEquals("option partitionBytes must be a whole number from 1 to 9223372036854775807, not '" + bad + "'", e.getMessage());
        }
        assertEquals(100, zarr().option("partitionBytes", " 20 ").load(points.toString()).collectAsList().size());
    }

    @Test
    void batchRowsHasALimit() {
        var e = assertThrows(ZarrException.BadRequest.class, () -> zarr().option("batchRows", "16777217").load(points.toString()));
        assertEquals("option batchRows must be a whole number from 1 to 16777216, not '16777217'", e.getMessage());
    }

    @Test
    void optionNamesAreCaseInsensitive() {
        assertEquals("_index", zarr().option("INDEXCOLUMNS", "true").load(points.toString()).schema().fields()[0].name());
    }

    @Test
    void storeOptionsGoToTheStore() {
        assertEquals(100, zarr().option("store.io", "map").load(points.toString()).collectAsList().size());
        // the file store refuses what it does not know, as Stride does when opened with it
        String refusal = assertThrows(ZarrException.BadRequest.class,
                () -> Zarr.open(new StoreDescriptor(points.toUri(), Map.of("bogus", "1")))).getMessage();
        var e = assertThrows(ZarrException.BadRequest.class, () -> zarr().option("store.bogus", "1").load(points.toString()));
        assertEquals(refusal, e.getMessage());
    }

    @Test
    void aPathWithNoArrayFailsAsStrideDoes() {
        Path nowhere = dir.resolve("nowhere");
        ZarrException stride = assertThrows(ZarrException.class, () -> {
            try (Zarr zarr = Zarr.open(nowhere); ZarrArray array = zarr.array("/")) {
                array.shape();
            }
        });
        ZarrException e = assertThrows(ZarrException.class, () -> zarr().load(nowhere.toString()));
        assertEquals(stride.getClass(), e.getClass());
        assertEquals(stride.getMessage(), e.getMessage());
    }

    @Test
    void aGivenSchemaMustBeTheArraysOwn() {
        StructType own = zarr().load(points.toString()).schema();
        // the same columns, nullability and metadata aside, read as without a schema
        StructType loose = StructType.fromDDL(own.toDDL());
        assertEquals(100, zarr().schema(loose).load(points.toString()).collectAsList().size());

        StructType other = new StructType().add("id", DataTypes.LongType);
        var e = assertThrows(ZarrException.BadRequest.class, () -> zarr().schema(other).load(points.toString()).collectAsList());
        assertEquals("the schema given, struct<id:bigint>, is not the array's own, "
                + "struct<id:int,x:double,point:struct<x:float,y:float>>: read without a schema", e.getMessage());
    }
}
