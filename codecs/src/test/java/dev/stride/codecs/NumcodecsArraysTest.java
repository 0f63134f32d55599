package dev.stride.codecs;

import dev.stride.Zarr;
import dev.stride.ZarrWriter;
import dev.stride.model.ArraySpec;
import dev.stride.model.CodecChain;
import dev.stride.model.CoreType;
import dev.stride.model.Json;
import dev.stride.model.Region;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.Map;

import static dev.stride.codecs.CodecChains.numcodecs;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

/** Arrays written by Stride with numcodecs' codecs in zarr-python 3's chain read back through the public API. */
class NumcodecsArraysTest {
    @TempDir
    Path dir;

    @ParameterizedTest
    @ValueSource(strings = {"zlib", "gzip", "bz2", "lzma", "lz4", "zstd", "blosc"})
    void aDeltaShuffledCompressedArrayRoundTrips(String compressor) {
        int[] values = new int[10_000];
        for (int i = 0; i < values.length; i++) {
            values[i] = 1_000_000 + i * 3 - (i % 7) * 11;
        }
        Path root = dir.resolve(compressor + ".zarr");
        try (ZarrWriter out = ZarrWriter.open(root)) {
            out.createArray("/a", ArraySpec.of(CoreType.INT32, values.length).chunks(3000).codecs(
                    numcodecs("delta", "{\"dtype\": \"int32\", \"astype\": \"<i4\"}"), CodecChain.bytes(ByteOrder.LITTLE_ENDIAN),
                    numcodecs("shuffle", "{\"elementsize\": 4}"), numcodecs(compressor, "{}")))
                    .write(Region.all(new long[] {values.length}), Map.of("", values));
        }
        try (Zarr z = Zarr.open(root)) {
            assertArrayEquals(values, z.array("/a").read("", null).asInts().values());
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"fixedscaleoffset", "quantize", "bitround", "astype"})
    void aLossyFilterReadsBackWithinItsPrecision(String filter) {
        double[] values = new double[1000];
        for (int i = 0; i < values.length; i++) {
            values[i] = 100 + Math.sin(i) * 10;
        }
        String configuration = switch (filter) {
            case "fixedscaleoffset" -> "{\"offset\": 100, \"scale\": 1000, \"dtype\": \"<f8\", \"astype\": \"<i4\"}";
            case "quantize" -> "{\"digits\": 3, \"dtype\": \"<f8\"}";
            case "bitround" -> "{\"keepbits\": 20}";
            default -> "{\"encode_dtype\": \"<f4\", \"decode_dtype\": \"<f8\"}";
        };
        Path root = dir.resolve(filter + ".zarr");
        try (ZarrWriter out = ZarrWriter.open(root)) {
            out.createArray("/a", ArraySpec.of(CoreType.FLOAT64, values.length).chunks(300).fill(Json.number(0)).codecs(
                    numcodecs(filter, configuration), CodecChain.bytes(ByteOrder.LITTLE_ENDIAN), numcodecs("zlib", "{\"level\": 1}")))
                    .write(Region.all(new long[] {values.length}), Map.of("", values));
        }
        try (Zarr z = Zarr.open(root)) {
            double[] read = z.array("/a").readDoubles("");
            for (int i = 0; i < values.length; i++) {
                assertEquals(values[i], read[i], 1e-3, "element " + i);
            }
        }
    }
}
