package dev.stride.s3;

import dev.stride.s3.testing.S3TestServer;
import dev.stride.spi.StoreDescriptor;
import dev.stride.spi.WritableStore;
import dev.stride.testing.ReplacedShardContract;
import dev.stride.testing.ShardVersions;
import dev.stride.testing.SwappingStore;
import org.junit.jupiter.api.io.TempDir;

import java.lang.foreign.MemorySegment;
import java.nio.file.Path;
import java.util.Map;

import static dev.stride.testing.ShardVersions.SHARD_KEY;

/**
 * The replaced-shard contract over s3proxy: the inner chunks' GETs carry the index answer's ETag in If-Match, and
 * s3proxy answers 412 once the shard was overwritten.
 */
class ReplacedShardOverS3Test extends ReplacedShardContract {
    private static final S3TestServer SERVER = S3TestServer.get();

    @TempDir
    Path dir;

    /** A store of a new bucket holding the hierarchy, that overwrites the shard with version {@code n % 2} after its index is read. */
    @Override
    protected SwappingStore swapping(int inFlight, int swaps) {
        String options = inFlight > 0 ? "inFlight=" + inFlight : "";
        Map<String, byte[]> files = ShardVersions.write(dir);
        byte[][] versions = {files.get(SHARD_KEY), ShardVersions.reordered()};
        WritableStore s3 = new S3StoreProvider().openWritable(StoreDescriptor.parse(SERVER.uri(SERVER.bucket("replaced"), "data.zarr", options)));
        files.forEach((key, bytes) -> s3.write(key, MemorySegment.ofArray(bytes)));
        return new SwappingStore(s3, SHARD_KEY, swaps, n -> s3.write(SHARD_KEY, MemorySegment.ofArray(versions[n % 2])));
    }
}
