package dev.stride.s3;

import dev.stride.s3.testing.S3TestServer;
import dev.stride.spi.StoreDescriptor;
import dev.stride.spi.WritableStore;
import org.junit.jupiter.api.Test;

import java.lang.foreign.MemorySegment;
import java.net.URI;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What reaching Google Cloud Storage through its S3-compatible XML API takes of the S3 store: the GCS endpoint
 * addressed path-style, and SigV4 signatures scoped to the region {@code auto}, checked against s3proxy (GCS itself is
 * not reachable here).
 */
class S3GcsStyleTest {

    @Test
    void theGcsEndpointIsAddressedPathStyleWithTheRegionAuto() {
        S3Config config = S3Config.resolve(StoreDescriptor.parse("s3://my-gcs-bucket/survey.zarr?region=auto"),
                Map.of("AWS_ENDPOINT_URL", "https://storage.googleapis.com"), () -> null);
        assertTrue(config.pathStyle());
        assertEquals("auto", config.region());
        assertEquals(URI.create("https://storage.googleapis.com/my-gcs-bucket/survey.zarr/c/0"),
                config.objectUri(config.location().objectKey("c/0")));
    }

    @Test
    void requestsSignedForTheRegionAutoWriteReadAndListOnACustomEndpoint() {
        S3TestServer server = S3TestServer.get();
        String uri = server.uri(server.bucket("gcs-style"), "x.zarr", "region=auto");
        try (WritableStore store = new S3StoreProvider().openWritable(StoreDescriptor.parse(uri))) {
            store.write("c/0", MemorySegment.ofArray(new byte[] {1, 2, 3}));
            assertArrayEquals(new byte[] {1, 2, 3}, store.readBytes("c/0"));
            assertEquals(List.of("c"), store.list(""));
            assertEquals(List.of("0"), store.list("c/"));
        }
    }
}
