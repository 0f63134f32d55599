package dev.stride.http;

import dev.stride.http.testing.Nginx;
import dev.stride.spi.StoreDescriptor;
import dev.stride.testing.ReplacedShardContract;
import dev.stride.testing.ShardVersions;
import dev.stride.testing.SwappingStore;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.util.Map;

import static dev.stride.testing.ShardVersions.SHARD_KEY;

/**
 * The replaced-shard contract over nginx: the inner chunks' GETs carry the index answer's ETag in If-Match, and nginx
 * answers 412 once the shard was replaced.
 */
class ReplacedShardOverHttpTest extends ReplacedShardContract {
    private static Path root;
    private static Nginx nginx;
    private static byte[][] versions;

    @BeforeAll
    static void serve() throws IOException {
        root = Files.createDirectories(Path.of("target", "replaced-shard", Long.toString(ProcessHandle.current().pid())));
        Map<String, byte[]> files = ShardVersions.write(root);
        versions = new byte[][] {files.get(SHARD_KEY), ShardVersions.reordered()};
        nginx = Nginx.serve(root);
    }

    @AfterAll
    static void stop() {
        if (nginx != null) {
            nginx.close();
        }
    }

    /**
     * Renames version {@code n % 2} over the shard, dated {@code n} minutes on: nginx's ETag is the modification
     * second and the size, so versions of one size written within a second would look alike.
     */
    private static void replace(int n) {
        try {
            Path shard = root.resolve(SHARD_KEY);
            Path next = shard.resolveSibling(".next");
            Files.write(next, versions[n % 2]);
            Files.setLastModifiedTime(next, FileTime.fromMillis(Files.getLastModifiedTime(shard).toMillis() + 60_000L * n));
            Files.move(next, shard, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The URL the store reads the hierarchy from. */
    protected String base() {
        return "http://127.0.0.1:" + nginx.port() + "/";
    }

    /** The port nginx serves the hierarchy on. */
    protected static int nginxPort() {
        return nginx.port();
    }

    @Override
    protected SwappingStore swapping(int inFlight, int swaps) {
        replace(0);
        String options = inFlight > 0 ? "?inFlight=" + inFlight : "";
        var http = HttpStore.open(StoreDescriptor.parse(base() + options));
        return new SwappingStore(http, SHARD_KEY, swaps, ReplacedShardOverHttpTest::replace);
    }
}
