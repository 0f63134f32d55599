package dev.stride.spark;

import dev.stride.s3.testing.S3TestServer;
import org.junit.jupiter.api.Test;

/**
 * Tasks open the store themselves from the URI the driver planned with: an array written to and read from S3 (an
 * in-memory s3proxy on loopback) through Spark, with several partitions, and checked by Stride directly.
 */
class ZarrOnS3Test {
    private static final S3TestServer S3 = S3TestServer.get();

    @Test
    void anArrayWrittenToS3ReadsBackByPartsAndWhole() {
        RemoteRoundTrip.writeAndReadBack(S3.uri(S3.bucket("spark"), "survey.zarr/points", ""));
    }
}
