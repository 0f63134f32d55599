package dev.stride.internal.write;

import dev.stride.ArrayWriter;
import dev.stride.Zarr;
import dev.stride.ZarrWriter;
import dev.stride.internal.store.LocalStore;
import dev.stride.model.ArraySpec;
import dev.stride.model.CoreType;
import dev.stride.model.FieldWriter;
import dev.stride.model.IoMode;
import dev.stride.model.Json;
import dev.stride.model.ZarrException;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static dev.stride.model.CodecChain.bytes;
import static dev.stride.model.CodecChain.crc32c;
import static dev.stride.model.CodecChain.gzip;
import static java.nio.ByteOrder.LITTLE_ENDIAN;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Writes that fail midway: the failing key keeps its old value, the error names it, no temporary file is left. */
class FailureTest {
    private static final ArraySpec SPEC = ArraySpec.of(CoreType.INT32, 8).chunks(2).codecs(bytes(LITTLE_ENDIAN), gzip(1), crc32c())
            .attributes((Json.JObject) Samples.json("{\"version\": 1}"));
    private static final int[] OLD = {1, 2, 3, 4, 5, 6, 7, 8};

    @TempDir
    Path dir;

    @BeforeEach
    void writeOldData() {
        try (ZarrWriter out = ZarrWriter.open(dir)) {
            out.createArray("/a", SPEC).write(null, Map.of("", OLD));
        }
    }

    @Test
    void chunkWriteFailsMidway() throws IOException {
        int[] updated = {101, 102, 103, 104, 105, 106, 107, 108};
        try (ZarrWriter out = ZarrWriter.open(new FailingStore(LocalStore.openWritable(dir, IoMode.READ), 3))) {
            ArrayWriter writer = out.array("/a");
            ZarrException.WriteFailure e = assertThrows(ZarrException.WriteFailure.class, () -> writer.write(null, Map.of("", updated)));
            assertEquals("a/c/2", e.chunkKey());
            assertEquals("/a", e.node());
            assertTrue(e.getMessage().contains("chunk a/c/2") && e.getMessage().contains("No space left on device"), e.getMessage());
        }
        // chunks 0 and 1 were stored before the failure; chunk 2 and the ones after it hold the old values
        assertArrayEquals(new int[] {101, 102, 103, 104, 5, 6, 7, 8}, read());
        assertNoTemporaryFiles();
    }

    @Test
    void metadataWriteFailureKeepsTheOldDocument() throws IOException {
        byte[] before = Files.readAllBytes(dir.resolve("a/zarr.json"));
        try (ZarrWriter out = ZarrWriter.open(new FailingStore(LocalStore.openWritable(dir, IoMode.READ), 1))) {
            ArraySpec newAttributes = SPEC.attributes((Json.JObject) Samples.json("{\"version\": 2}"));
            ZarrException.WriteFailure e = assertThrows(ZarrException.WriteFailure.class, () -> out.createArray("/a", newAttributes));
            assertEquals("a/zarr.json", e.chunkKey());
        }
        assertArrayEquals(before, Files.readAllBytes(dir.resolve("a/zarr.json")));
        assertArrayEquals(OLD, read());
        assertNoTemporaryFiles();
    }

    @Test
    void callbackFailureNamesTheChunkAndKeepsIt() {
        try (ZarrWriter out = ZarrWriter.open(dir)) {
            ArrayWriter writer = out.array("/a");
            FieldWriter value = writer.field("");
            ZarrException.WriteFailure e = assertThrows(ZarrException.WriteFailure.class, () -> writer.write(null, (index, records, i) -> {
                if (index == 5) {
                    throw new IllegalStateException("source ran dry");
                }
                value.setLong(records, i, -index);
            }));
            assertEquals("a/c/2", e.chunkKey());
            assertTrue(e.getCause() instanceof IllegalStateException);
        }
        assertArrayEquals(new int[] {0, -1, -2, -3, 5, 6, 7, 8}, read());
    }

    @Test
    void incompatibleMetadataIsRefusedUnlessOverwriteIsAsked() {
        try (ZarrWriter out = ZarrWriter.open(dir)) {
            ArraySpec longer = ArraySpec.of(CoreType.INT32, 10).chunks(2);
            var e = assertThrows(ZarrException.BadRequest.class, () -> out.createArray("/a", longer));
            assertEquals("/a: a different array exists here; delete it first, or overwrite it", e.getMessage());
            assertThrows(ZarrException.BadRequest.class, () -> out.createGroup("/a"));
            assertArrayEquals(OLD, read());

            out.overwriteArray("/a", longer);
        }
        assertArrayEquals(new int[10], read());
        assertFalse(Files.exists(dir.resolve("a/c")), "the old chunks are gone");
    }

    @Test
    void compatibleMetadataKeepsTheChunks() {
        try (ZarrWriter out = ZarrWriter.open(dir)) {
            out.createArray("/a", SPEC.attributes((Json.JObject) Samples.json("{\"version\": 2}")).dimensionNames("x"));
        }
        try (Zarr zarr = Zarr.open(dir)) {
            assertEquals(Samples.json("{\"version\": 2}"), zarr.array("/a").attributes());
        }
        assertArrayEquals(OLD, read());
    }

    /** A killed writer's temporary file, which listings skip, does not keep its directory from being deleted. */
    @Test
    void aDeleteRemovesTheTemporaryFilesAKilledWriterLeft() throws IOException {
        Path chunks = dir.resolve("a/c");
        Path leftover = Files.writeString(chunks.resolve(".stride-tmp-killed"), "half a chunk");
        try (ZarrWriter out = ZarrWriter.open(dir)) {
            out.delete("/a");
        }
        assertFalse(Files.exists(leftover));
        assertFalse(Files.exists(dir.resolve("a")));
    }

    private int[] read() {
        try (Zarr zarr = Zarr.open(dir, IoMode.READ)) {
            return zarr.array("/a").read("", null).asInts().values();
        }
    }

    private void assertNoTemporaryFiles() throws IOException {
        try (Stream<Path> files = Files.walk(dir)) {
            List<Path> temporary = files.filter(p -> p.getFileName().toString().startsWith(".stride-tmp-")).toList();
            assertEquals(List.of(), temporary);
        }
    }
}
