package dev.stride;

import dev.stride.model.ArraySpec;
import dev.stride.model.CoreType;
import dev.stride.model.FillValue;
import dev.stride.model.Json;
import dev.stride.internal.json.JsonCodec;
import dev.stride.model.Region;
import dev.stride.model.StructType.Field;
import dev.stride.model.StructType;
import dev.stride.model.ZarrException;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.stream.Stream;

import static dev.stride.model.CodecChain.bytes;
import static dev.stride.model.CodecChain.gzip;
import static java.nio.ByteOrder.LITTLE_ENDIAN;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * The public API's failure modes, one row per mistake: the exact kind of {@link ZarrException} and the message naming
 * the node, key or member, on read and on write alike where both exist.
 */
class FailureModesTest {
    private static final StructType POINT = StructType.of(new Field("x", CoreType.FLOAT64), new Field("ok", CoreType.BOOL));
    private static final ArraySpec SPEC = ArraySpec.of(POINT, 8).chunks(4).codecs(bytes(LITTLE_ENDIAN), gzip(1));

    @TempDir
    static Path dir;

    /** One mistake: what it does, the kind it must fail as, and the message. */
    @FunctionalInterface
    interface Mistake {
        void make(Path root) throws Exception;
    }

    @BeforeEach
    void writeHierarchy() {
        try (ZarrWriter out = ZarrWriter.open(dir.resolve("h"))) {
            out.createGroup("/g");
            out.createArray("/g/pts", SPEC).write(null, Map.of("x", new double[] {1, 2, 3, 4, 5, 6, 7, 8}, "ok", new boolean[8]));
        }
    }

    static Stream<Arguments> mistakes() {
        return Stream.of(
                row("read: illegal path", ZarrException.BadRequest.class,
                        "/g/__pts: node name '__pts' starts with the reserved '__'",
                        root -> read(root, z -> z.array("/g/__pts"))),
                row("write: illegal path", ZarrException.BadRequest.class,
                        "/g/__pts: node name '__pts' starts with the reserved '__'",
                        root -> write(root, w -> w.createArray("/g/__pts", SPEC))),
                row("read: dot-dot path", ZarrException.BadRequest.class, "/g/..: node name '..' consists only of periods",
                        root -> read(root, z -> z.group("/g/.."))),
                row("write: dot-dot path", ZarrException.BadRequest.class, "/g/..: node name '..' consists only of periods",
                        root -> write(root, w -> w.createGroup("/g/.."))),
                row("read: no node there", ZarrException.NodeNotFound.class, "/g/none: no zarr.json at this path (nor a Zarr v2 .zarray or .zgroup)",
                        root -> read(root, z -> z.array("/g/none"))),
                row("write: no array there", ZarrException.NodeNotFound.class, "/g/none: no array here",
                        root -> write(root, w -> w.array("/g/none"))),
                row("read: unknown field", ZarrException.BadRequest.class, "/g/pts: no field 'y'; the fields are [x, ok]",
                        root -> read(root, z -> z.array("/g/pts").readDoubles("y"))),
                row("write: unknown field", ZarrException.BadRequest.class, "/g/pts: no field 'y'; the fields are [x, ok]",
                        root -> write(root, w -> w.array("/g/pts").write(null, Map.of("y", new double[8])))),
                row("read: region outside", ZarrException.BadRequest.class,
                        "/g/pts: region [4:12] is outside the array's shape [8]",
                        root -> read(root, z -> z.array("/g/pts").readDoubles("x", outside()))),
                row("write: region outside", ZarrException.BadRequest.class,
                        "/g/pts: region [4:12] is outside the array's shape [8]",
                        root -> write(root, w -> w.array("/g/pts").write(outside(), Map.of("x", new double[8])))),
                row("read: corrupt chunk", ZarrException.CorruptChunk.class, "/g/pts chunk g/pts/c/1: gzip: not a gzip member (bad magic)",
                        root -> {
                            corrupt(root);
                            read(root, z -> z.array("/g/pts").scan("x"));
                        }),
                row("write: corrupt chunk updated", ZarrException.CorruptChunk.class,
                        "/g/pts chunk g/pts/c/1: gzip: not a gzip member (bad magic)",
                        root -> {
                            corrupt(root);
                            write(root, w -> w.array("/g/pts").write(new Region(new long[] {5}, new long[] {6}),
                                    Map.of("x", new double[1])));
                        }),
                row("read: no such store", ZarrException.StoreFailure.class, "key %s: no such directory",
                        root -> Zarr.open(root.resolve("missing")).close()),
                row("write: store under a file", ZarrException.StoreFailure.class,
                        "cannot create the directory: Not a directory",
                        root -> ZarrWriter.open(root.resolve("h/zarr.json/sub")).close()),
                row("read: closed array", ZarrException.Closed.class, "array /g/pts is closed",
                        root -> read(root, z -> {
                            ZarrArray a = z.array("/g/pts");
                            a.close();
                            a.readDoubles("x");
                        })),
                row("write: closed writer", ZarrException.Closed.class, "the writer of /g/pts is closed",
                        root -> write(root, w -> {
                            ArrayWriter a = w.array("/g/pts");
                            a.close();
                            a.write(null, Map.of("x", new double[8]));
                        })),
                row("read: bad fill value", ZarrException.InvalidMetadata.class,
                        "/g/bad /fill_value/x: 'many' is not a float fill value (a number, \"NaN\", \"Infinity\", \"-Infinity\" or \"0x...\")",
                        root -> read(root, z -> z.array(stored(root, SPEC.fill(fill("many")))))),
                row("write: bad fill value", ZarrException.InvalidMetadata.class,
                        "/g/bad /fill_value/x: 'many' is not a float fill value (a number, \"NaN\", \"Infinity\", \"-Infinity\" or \"0x...\")",
                        root -> write(root, w -> w.createArray("/g/bad", SPEC.fill(fill("many"))))),
                row("write: fill value of another type", ZarrException.InvalidMetadata.class,
                        "/g/bad /fill_value: a fill value of int8 for an array of " + POINT.describe(),
                        root -> write(root, w -> w.createArray("/g/bad",
                                SPEC.fill(new FillValue(CoreType.INT8, Json.number(1), new byte[] {1}))))),
                row("write: bool fill value of neither 0 nor 1", ZarrException.InvalidMetadata.class,
                        "/g/bad /fill_value/ok: a bool fill value is the byte 0 or 1, not 2",
                        root -> write(root, w -> w.createArray("/g/bad",
                                SPEC.fill(new FillValue(POINT, Json.JNull.NULL, new byte[] {0, 0, 0, 0, 0, 0, 0, 0, 2}))))),
                row("read: bad codec configuration", ZarrException.InvalidMetadata.class,
                        "/g/bad /codecs/1/configuration/level: must be an integer in [0, 9]",
                        root -> read(root, z -> z.array(stored(root, SPEC.codecs(bytes(LITTLE_ENDIAN), gzip(12)))))),
                row("write: bad codec configuration", ZarrException.InvalidMetadata.class,
                        "/g/bad /codecs/1/configuration/level: must be an integer in [0, 9]",
                        root -> write(root, w -> w.createArray("/g/bad", SPEC.codecs(bytes(LITTLE_ENDIAN), gzip(12))))),
                row("read: unknown codec", ZarrException.Unsupported.class, "/g/bad /codecs/1/name: unknown codec 'lz9'",
                        root -> read(root, z -> z.array(stored(root, SPEC.codecs(bytes(LITTLE_ENDIAN), lz9()))))),
                row("write: unknown codec", ZarrException.Unsupported.class, "/g/bad /codecs/1/name: unknown codec 'lz9'",
                        root -> write(root, w -> w.createArray("/g/bad", SPEC.codecs(bytes(LITTLE_ENDIAN), lz9())))),
                row("read: zarr.json not JSON", ZarrException.InvalidMetadata.class,
                        "/g/bad /: zarr.json is not valid JSON: Unexpected end-of-input: expected close marker for Object (start marker at [Source: REDACTED (`StreamReadFeature.INCLUDE_SOURCE_IN_LOCATION` disabled); line: 1, column: 1]) at line 1, column 2",
                        root -> {
                            Files.createDirectories(root.resolve("h/g/bad"));
                            Files.writeString(root.resolve("h/g/bad/zarr.json"), "{");
                            read(root, z -> z.array("/g/bad"));
                        }));
    }

    @ParameterizedTest
    @MethodSource("mistakes")
    void failsAsItsKindNamingWhere(Mistake mistake, Class<? extends ZarrException> kind, String message) {
        ZarrException e = assertThrows(kind, () -> mistake.make(dir));
        assertEquals(kind, e.getClass());
        assertEquals(message.formatted(dir.resolve("missing")), e.getMessage());
    }

    private static Arguments row(String name, Class<? extends ZarrException> kind, String message, Mistake mistake) {
        return Arguments.of(Named.of(name, mistake), kind, message);
    }

    private interface OnRead {
        void on(Zarr zarr) throws Exception;
    }

    private interface OnWrite {
        void on(ZarrWriter writer);
    }

    private static void read(Path root, OnRead action) throws Exception {
        try (Zarr zarr = Zarr.open(root.resolve("h"))) {
            action.on(zarr);
        }
    }

    private static void write(Path root, OnWrite action) {
        try (ZarrWriter writer = ZarrWriter.open(root.resolve("h"))) {
            action.on(writer);
        }
    }

    /** Stores {@code spec}'s zarr.json at /g/bad as another writer may have (bypassing Stride's checks); its path. */
    private static String stored(Path root, ArraySpec spec) throws Exception {
        Json.JObject doc = dev.stride.internal.metadata.MetadataEncoder.array(null, spec);
        Files.createDirectories(root.resolve("h/g/bad"));
        Files.writeString(root.resolve("h/g/bad/zarr.json"), JsonCodec.print(doc), StandardCharsets.UTF_8);
        return "/g/bad";
    }

    private static Json fill(String x) {
        return Json.object("x", Json.string(x), "ok", new Json.JBool(false));
    }

    private static Json.JObject lz9() {
        return Json.object("name", Json.string("lz9"));
    }

    private static Region outside() {
        return new Region(new long[] {4}, new long[] {12});
    }

    private static void corrupt(Path root) throws Exception {
        Files.write(root.resolve("h/g/pts/c/1"), new byte[] {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20});
    }
}
