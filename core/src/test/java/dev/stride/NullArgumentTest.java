package dev.stride;

import dev.stride.model.ArraySpec;
import dev.stride.model.CodecChain;
import dev.stride.model.CoreType;
import dev.stride.model.DataType;
import dev.stride.model.Json;
import dev.stride.model.Predicate;
import dev.stride.model.Region;
import dev.stride.model.ScanOptions;
import dev.stride.model.Selection;
import dev.stride.model.StructType;
import dev.stride.model.ZarrException;
import dev.stride.spi.StoreDescriptor;
import dev.stride.spi.Store;
import dev.stride.spi.WritableStore;
import dev.stride.testing.Doc;
import dev.stride.testing.Enc;
import dev.stride.testing.NullSweep;
import dev.stride.testing.Tree;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.net.URI;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * No NullPointerException leaves the entry points for a null argument: each null is a BadRequest naming the parameter,
 * or a documented default (a null region is the whole array, null options the defaults). Swept: every public type of
 * {@code dev.stride} (opening, reading, writing) and the values a caller builds to pass them (regions, selections,
 * options, array specs, codec chains, store descriptors). Not swept, on purpose: the rest of {@code dev.stride.model}
 * (records and accessors Stride hands out, whose per-record calls on a null segment fail as {@code java.lang.foreign}'s
 * own do, with the JVM's NullPointerException) and {@code dev.stride.spi} (what plug-ins implement and are called with
 * by Stride, never with null).
 */
class NullArgumentTest {
    @TempDir
    Path base;

    /** An array at /x of records {x: float64, y: int32}, 8 of them in chunks of 4, in memory. */
    static Tree tree() {
        String type = Doc.struct(Doc.field("x", "'float64'"), Doc.field("y", "'int32'"));
        Tree t = Tree.group(Doc.group()).node("x", Doc.array(type, "[8]", "[4]", "{'x': 0.0, 'y': 0}", Doc.BYTES_LE));
        for (int c = 0; c < 2; c++) {
            Enc e = Enc.le();
            for (int i = 0; i < 4; i++) {
                e.f64(c * 4 + i).i32(i);
            }
            t.put("x/c/" + c, e.bytes());
        }
        return t;
    }

    private Path directory() {
        try {
            return tree().writeTo(Files.createTempDirectory(base, "tree"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static DataType recordType() {
        return StructType.of(new StructType.Field("x", CoreType.FLOAT64), new StructType.Field("y", CoreType.INT32));
    }

    NullSweep sweep() {
        Arena arena = Arena.ofAuto();
        return new NullSweep()
                // a node and a field there, and a path no node has yet
                .value(String.class, () -> "x", () -> "new")
                .value(Path.class, this::directory)
                .value(URI.class, () -> directory().toUri())
                .value(StoreDescriptor.class, () -> StoreDescriptor.of(directory().toUri()))
                .value(Store.class, () -> tree().memory())
                .value(WritableStore.class, () -> tree().memory())
                .value(Zarr.class, () -> tree().open())
                .value(ZarrArray.class, () -> tree().open().array("/x"))
                .value(Group.class, () -> tree().open().root())
                .value(ZarrWriter.class, () -> ZarrWriter.open(directory()))
                .value(ArrayWriter.class, () -> ZarrWriter.open(directory()).array("/x"))
                .value(UnitCursor.class, () -> tree().open().array("/x").units(Region.all(new long[]{8})))
                .value(TuningOptions.class, TuningOptions::defaults)
                .value(TuningReport.Layout.class, NullArgumentTest::layout)
                .value(TuningReport.Candidate.class, NullArgumentTest::candidate)
                .value(TuningReport.class, () -> new TuningReport("/x", List.of("x"), 8, 8, 1, 96, List.of(candidate()), "the only one", 0, 1))
                .value(Compression.class, () -> Compression.NONE)
                .value(OptionalLong.class, OptionalLong::empty)
                .value(java.time.Duration.class, () -> java.time.Duration.ofSeconds(1))
                .value(java.util.function.Consumer.class, () -> (java.util.function.Consumer<Object>) x -> { })
                .value(FilteredArray.class, () -> tree().open().array("/x").where(Predicate.parse("y > 1")))
                .value(ChunkStatistics.class, () -> ChunkStatistics.build(tree().open().array("/x"), null))
                .value(Predicate.class, () -> Predicate.parse("x < 3"))
                .value(byte[].class, () -> "{}".getBytes(java.nio.charset.StandardCharsets.UTF_8))
                .value(Region.class, () -> Region.all(new long[]{8}))
                .value(long[].class, () -> new long[]{8})
                .value(int[].class, () -> new int[]{0})
                .value(ScanOptions.class, () -> ScanOptions.threads(2))
                .value(Selection.class, Selection::all)
                .value(String[].class, () -> new String[]{"x"})
                .value(Json.JObject[].class, () -> new Json.JObject[]{CodecChain.bytes(ByteOrder.LITTLE_ENDIAN)})
                .value(double[].class, () -> new double[8])
                .value(ArraySpec.class, () -> ArraySpec.of(recordType(), 8).chunks(4))
                .value(RecordLayout.class, () -> RecordLayout.compile(recordType(), ByteOrder.LITTLE_ENDIAN))
                .value(DataType.class, NullArgumentTest::recordType)
                .value(Json.JObject.class, () -> new Json.JObject(Map.of()))
                .value(Map.class, Map::of)
                .value(List.class, () -> List.of("x"))
                .value(Class.class, () -> dev.stride.model.FieldAccessor.class)
                .value(MemorySegment.class, () -> arena.allocate(8 * 12))
                .value(Arena.class, () -> arena)
                .value(ByteOrder.class, () -> ByteOrder.LITTLE_ENDIAN);
    }

    private static TuningReport.Layout layout() {
        return new TuningReport.Layout(4, 0, Compression.NONE);
    }

    private static TuningReport.Candidate candidate() {
        return new TuningReport.Candidate(layout(), 96, 0.1, 0.1, 0.1, 0.1, OptionalLong.empty(), 1);
    }

    @Test
    void theEntryPointsRefuseNullAsABadRequestOrTakeTheirDefault() {
        List<Class<?>> types = new ArrayList<>(NullSweep.publicTypes(Zarr.class, "dev.stride"));
        types.addAll(List.of(Region.class, Selection.class, ScanOptions.class, ArraySpec.class, CodecChain.class,
                StoreDescriptor.class));
        NullSweep.Result r = sweep().sweep(types);
        assertEquals(List.of(), r.escaped());
        assertEquals(List.of(), List.copyOf(r.unreached()));
        assertTrue(r.calls() > 100, r.calls() + " calls");
    }

    /** The refusal names the parameter; a null where the API has a default takes it. */
    @Test
    void aNullIsNamedOrTakesItsDefault() {
        var e = assertThrows(ZarrException.BadRequest.class, () -> Zarr.open((Path) null));
        assertEquals("root must not be null", e.getMessage());
        e = assertThrows(ZarrException.BadRequest.class, () -> Selection.of(null, "x", null));
        assertEquals("a field path must not be null", e.getMessage());
        e = assertThrows(ZarrException.BadRequest.class, () -> ArraySpec.of(null, 4));
        assertEquals("type must not be null", e.getMessage());
        Path written = directory();
        try (ZarrWriter writer = ZarrWriter.open(written).statistics(false)) {
            writer.createGroup("g", null);
            writer.createArray("a", ArraySpec.of(CoreType.INT32, 4).attributes(null)).close();
        }
        try (Zarr zarr = Zarr.open(written)) {
            assertEquals(new Json.JObject(Map.of()), zarr.group("/g").attributes());
            assertEquals(new Json.JObject(Map.of()), zarr.array("/a").attributes());
        }
        try (Zarr zarr = tree().open(); ZarrArray array = zarr.array("/x")) {
            assertEquals(8, array.scan("x", null, null).count());
            assertEquals(8, array.read((Selection) null, null).get("y").size());
            e = assertThrows(ZarrException.BadRequest.class, () -> array.forEachRecord(null, null));
            assertEquals("visitor must not be null", e.getMessage());
        }
    }
}
