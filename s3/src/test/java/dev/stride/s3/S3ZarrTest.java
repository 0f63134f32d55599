package dev.stride.s3;

import dev.stride.ArrayWriter;
import dev.stride.Zarr;
import dev.stride.ZarrArray;
import dev.stride.ZarrWriter;
import dev.stride.model.ArraySpec;
import dev.stride.model.CodecChain;
import dev.stride.model.CodecChain.IndexLocation;
import dev.stride.model.CoreType;
import dev.stride.model.Region;
import dev.stride.model.StructType;
import dev.stride.model.StructType.Field;
import dev.stride.s3.testing.S3TestServer;
import org.junit.jupiter.api.Test;

import java.nio.ByteOrder;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

/** A hierarchy written with {@code ZarrWriter.open("s3://...")} and read back with {@code Zarr.open("s3://...")}. */
class S3ZarrTest {
    private static final S3TestServer SERVER = S3TestServer.get();
    private static final int N = 10_000;

    @Test
    void aShardedCompressedArrayReadsBackEqual() {
        String uri = SERVER.uri(SERVER.bucket("zarr"), "survey/points.zarr", "");
        StructType point = StructType.of(new Field("x", CoreType.FLOAT64), new Field("id", CoreType.INT32));
        double[] xs = IntStream.range(0, N).mapToDouble(i -> i * 0.5).toArray();
        int[] ids = IntStream.range(0, N).map(i -> i * 7).toArray();
        try (ZarrWriter out = ZarrWriter.open(uri)) {
            out.createGroup("/grid");
            ArrayWriter sharded = out.createArray("/grid/points", ArraySpec.of(point, N).chunks(4096)
                    .codecs(CodecChain.sharding(new long[] {512}, IndexLocation.END,
                            CodecChain.bytes(ByteOrder.LITTLE_ENDIAN), CodecChain.zstd(3, false))));
            sharded.write(Region.all(new long[] {N}), Map.of("x", xs, "id", ids));
            ArrayWriter plain = out.createArray("/plain", ArraySpec.of(point, N).chunks(3000));
            plain.write(Region.all(new long[] {N}), Map.of("x", xs, "id", ids));
        }
        try (Zarr zarr = Zarr.open(uri)) {
            assertEquals(List.of("grid", "plain"), zarr.children("/"));
            for (String path : List.of("/grid/points", "/plain")) {
                ZarrArray array = zarr.array(path);
                assertArrayEquals(xs, array.readDoubles("x"), path);
                assertArrayEquals(ids, array.read("id", null).asInts().values(), path);
                assertEquals(N * (N - 1) / 2 * 0.5, array.scan("x").sumAsDouble(), path);
            }
            try (Zarr again = Zarr.open(zarr.descriptor())) {
                assertArrayEquals(xs, again.array("/plain").readDoubles("x"));
            }
        }
    }
}
