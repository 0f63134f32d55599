package dev.stride.http;

import dev.stride.http.testing.Nginx;
import dev.stride.spi.Store;
import dev.stride.spi.StoreDescriptor;
import dev.stride.testing.StaleStatisticsContract;
import org.junit.jupiter.api.AfterEach;

import java.nio.file.Path;

/**
 * Stale statistics over nginx, whose ETag is the file's modification second and size: a value changed in the last
 * seconds gets no tag at all, since a rewrite of the same size within that second would keep it.
 */
class StaleStatisticsOverHttpTest extends StaleStatisticsContract.OverFiles {
    private Nginx nginx;

    @Override
    protected Store serving(Path root) {
        nginx = Nginx.serve(root);
        return HttpStore.open(StoreDescriptor.parse("http://127.0.0.1:" + nginx.port() + "/"));
    }

    @AfterEach
    void stop() {
        if (nginx != null) {
            nginx.close();
        }
    }
}
