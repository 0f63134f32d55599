package dev.stride.s3;

import dev.stride.ArrayWriter;
import dev.stride.Zarr;
import dev.stride.ZarrArray;
import dev.stride.ZarrWriter;
import dev.stride.http.testing.FaultProxy;
import dev.stride.http.testing.FaultProxy.Fault;
import dev.stride.model.ArraySpec;
import dev.stride.model.CodecChain;
import dev.stride.model.CodecChain.IndexLocation;
import dev.stride.model.CoreType;
import dev.stride.model.Region;
import dev.stride.model.StructType;
import dev.stride.model.StructType.Field;
import dev.stride.spi.ListableStore;
import dev.stride.spi.StoreDescriptor;
import dev.stride.s3.testing.S3TestServer;
import org.junit.jupiter.api.Test;

import java.nio.ByteOrder;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The http module's fault proxy between the store and s3proxy: writes, listings and reads come out exact. */
class S3FaultTest {
    private static final S3TestServer SERVER = S3TestServer.get();
    private static final int N = 20_000;
    private static final List<Fault> FAULTS = List.of(Fault.status(503), Fault.SLOW_DOWN, Fault.RESET, Fault.status(500),
            Fault.STALL_MID_BODY, Fault.SHORT_BODY, Fault.SHORT_CHUNKED_BODY, Fault.status(429), Fault.slowFirstByte(1500));

    @Test
    void aScheduleOfFaultsStillGivesExactValues() {
        double[] xs = IntStream.range(0, N).mapToDouble(i -> Math.sqrt(i)).toArray();
        long[] ids = IntStream.range(0, N).mapToLong(i -> i * 1_000_003L).toArray();
        StructType record = StructType.of(new Field("x", CoreType.FLOAT64), new Field("id", CoreType.INT64));
        try (FaultProxy proxy = new FaultProxy(SERVER.endpoint().getPort())) {
            // 1 s per attempt, so a stalled body costs little; retries enough for all the faults to hit one request
            String uri = "s3://" + SERVER.bucket("faults") + "/a/b.zarr?endpoint=" + proxy.uri("") + "&timeout=1&retries=12&retryTime=60";
            proxy.schedule(FAULTS.toArray(Fault[]::new));
            try (ZarrWriter out = ZarrWriter.open(uri)) {
                ArrayWriter sharded = out.createArray("/sharded", ArraySpec.of(record, N).chunks(8192)
                        .codecs(CodecChain.sharding(new long[] {1024}, IndexLocation.END,
                                CodecChain.bytes(ByteOrder.LITTLE_ENDIAN), CodecChain.zstd(1, false))));
                sharded.write(Region.all(new long[] {N}), Map.of("x", xs, "id", ids));
                ArrayWriter plain = out.createArray("/plain", ArraySpec.of(record, N).chunks(2500));
                plain.write(Region.all(new long[] {N}), Map.of("x", xs, "id", ids));
            }
            int afterWriting = proxy.requests();
            assertTrue(afterWriting > FAULTS.size(), "every fault met a write: " + proxy.log());

            // a listing may come chunked and cut short at a chunk boundary: the XML shows it, and the page is asked again
            proxy.schedule(Fault.SHORT_CHUNKED_BODY, Fault.SHORT_BODY, Fault.SLOW_DOWN, Fault.SHORT_CHUNKED_BODY);
            try (ListableStore store = new S3StoreProvider().open(StoreDescriptor.parse(uri))) {
                assertEquals(List.of("plain", "sharded", "zarr.json"), store.list(""));
            }
            // S3 gives every object's length, so a GET's body cut short is seen however it comes
            proxy.schedule(FAULTS.stream().filter(f -> f != Fault.SHORT_CHUNKED_BODY).toArray(Fault[]::new));
            try (Zarr zarr = Zarr.open(uri)) {
                assertEquals(List.of("plain", "sharded"), zarr.children("/"));
                for (String path : List.of("/sharded", "/plain")) {
                    ZarrArray array = zarr.array(path);
                    assertArrayEquals(xs, array.readDoubles("x"), path);
                    assertArrayEquals(ids, array.read("id", null).asLongs().values(), path);
                }
            }
            assertTrue(proxy.requests() - afterWriting > FAULTS.size(), "every fault met a read: " + proxy.log());
        }
    }
}
