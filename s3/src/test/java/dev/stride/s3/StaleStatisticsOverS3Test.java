package dev.stride.s3;

import dev.stride.s3.testing.S3TestServer;
import dev.stride.spi.StoreDescriptor;
import dev.stride.spi.WritableStore;
import dev.stride.testing.StaleStatisticsContract;

/** Stale statistics over s3proxy: the chunk is overwritten with a PUT, and S3's ETag (a hash of the content) changes. */
class StaleStatisticsOverS3Test extends StaleStatisticsContract.OverWrites {
    private static final S3TestServer SERVER = S3TestServer.get();

    @Override
    protected WritableStore emptyWritable() {
        return new S3StoreProvider().openWritable(StoreDescriptor.parse(SERVER.uri(SERVER.bucket("stale"), "data.zarr", "")));
    }
}
