package dev.stride.internal.write;

import dev.stride.Zarr;
import dev.stride.ZarrArray;
import dev.stride.ZarrWriter;
import dev.stride.internal.store.LocalStore;
import dev.stride.model.ArrayMetadata;
import dev.stride.model.ArraySpec;
import dev.stride.model.CoreType;
import dev.stride.model.IoMode;
import dev.stride.model.Json;
import dev.stride.model.ZarrException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static dev.stride.model.CodecChain.IndexLocation.START;
import static dev.stride.model.CodecChain.bytes;
import static dev.stride.model.CodecChain.crc32c;
import static dev.stride.model.CodecChain.gzip;
import static dev.stride.model.CodecChain.sharding;
import static java.nio.ByteOrder.LITTLE_ENDIAN;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * A writing session (a group, two new arrays, whole and partial chunk writes, a metadata update, a rewrite of an
 * existing array) against a store that fails at its first, second, ... write, the metadata published on close
 * included: after each failure every {@code zarr.json} parses, every array reads whole, every element of an old array
 * holds its value from before the session or one the session wrote, and a new array is either absent or holds all
 * it was given, never its fill value in chunks that failed.
 */
class WriterFaultTest {
    private static final ArraySpec PLAIN = ArraySpec.of(CoreType.INT32, 10).chunks(3).codecs(bytes(LITTLE_ENDIAN), gzip(1), crc32c());
    private static final ArraySpec SHARDED = ArraySpec.of(CoreType.INT32, 12).chunks(6)
            .codecs(sharding(new long[] {3}, START, bytes(LITTLE_ENDIAN), crc32c()));
    private static final int[] OLD = range(10, 100);
    private static final int[] NEW = range(10, 200);
    private static final int[] PARTIAL = {301, 302, 303};
    private static final int[] SHARD = range(12, 400);

    @TempDir
    Path dir;

    @Test
    void aFailureAtAnyWriteLeavesEverythingStoredReadable() throws IOException {
        int writes = countWrites();
        assertTrue(writes >= 10, writes + " writes");
        for (int failing = 1; failing <= writes; failing++) {
            Path root = Files.createDirectories(dir.resolve("run" + failing));
            writeOld(root);
            FailingStore store = new FailingStore(LocalStore.openWritable(root, IoMode.READ), failing);
            assertThrows(ZarrException.WriteFailure.class, () -> {
                try (ZarrWriter out = ZarrWriter.open(store)) {
                    session(out);
                }
            }, "write " + failing);
            check(root, failing);
        }
    }

    /** Runs the session once without failures and counts its writes. */
    private int countWrites() throws IOException {
        Path root = Files.createDirectories(dir.resolve("count"));
        writeOld(root);
        FailingStore store = new FailingStore(LocalStore.openWritable(root, IoMode.READ), 0);
        try (ZarrWriter out = ZarrWriter.open(store)) {
            session(out);
        }
        check(root, 0);
        return store.writes();
    }

    private static void writeOld(Path root) {
        try (ZarrWriter out = ZarrWriter.open(root)) {
            out.createArray("/old", PLAIN).write(null, Map.of("", OLD));
        }
    }

    private static void session(ZarrWriter out) {
        out.createGroup("/g", (Json.JObject) Samples.json("{\"run\": 1}"));
        out.createArray("/g/a", PLAIN).write(null, Map.of("", NEW));
        out.createArray("/g/s", SHARDED).write(null, Map.of("", SHARD));
        out.array("/g/a").write(new dev.stride.model.Region(new long[] {2}, new long[] {5}), Map.of("", PARTIAL));
        out.createArray("/g/a", PLAIN.attributes((Json.JObject) Samples.json("{\"updated\": true}")));
        out.array("/old").write(null, Map.of("", NEW));
    }

    /** Every node that exists opens; every element is one the array held or was given. */
    private static void check(Path root, int failing) throws IOException {
        try (Zarr zarr = Zarr.open(root, IoMode.READ)) {
            assertInstanceOf(ArrayMetadata.class, zarr.metadata("/old"));
            assertAllowed(zarr.array("/old"), failing, OLD, NEW);
            if (Files.exists(root.resolve("g/zarr.json"))) {
                zarr.group("/g");
            }
            if (Files.exists(root.resolve("g/a/zarr.json"))) {
                assertAllowed(zarr.array("/g/a"), failing, NEW, partial(NEW));
            } else {
                assertNoFiles(root.resolve("g/a"), failing);
            }
            if (Files.exists(root.resolve("g/s/zarr.json"))) {
                assertAllowed(zarr.array("/g/s"), failing, SHARD);
            } else {
                assertNoFiles(root.resolve("g/s"), failing);
            }
        }
        try (Stream<Path> files = Files.walk(root)) {
            assertEquals(List.of(), files.filter(p -> p.getFileName().toString().startsWith(".stride-tmp-")).toList());
        }
    }

    /** An array never published leaves no chunk behind. */
    private static void assertNoFiles(Path node, int failing) throws IOException {
        if (Files.exists(node)) {
            try (Stream<Path> files = Files.walk(node)) {
                assertEquals(List.of(), files.filter(Files::isRegularFile).toList(), "failing write " + failing);
            }
        }
    }

    private static void assertAllowed(ZarrArray array, int failing, int[]... allowed) {
        int[] values = array.read("", null).asInts().values();
        for (int i = 0; i < values.length; i++) {
            boolean ok = false;
            for (int[] a : allowed) {
                ok |= values[i] == a[i];
            }
            if (!ok) {
                fail("failing write " + failing + ": " + array.path() + "[" + i + "] = " + values[i]);
            }
        }
    }

    private static int[] partial(int[] base) {
        int[] out = base.clone();
        System.arraycopy(PARTIAL, 0, out, 2, PARTIAL.length);
        return out;
    }

    private static int[] range(int n, int first) {
        int[] out = new int[n];
        for (int i = 0; i < n; i++) {
            out[i] = first + i;
        }
        return out;
    }
}
