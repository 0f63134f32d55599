package dev.stride.internal.store;

import dev.stride.model.IoMode;
import dev.stride.spi.Store;
import dev.stride.testing.StaleStatisticsContract;

import java.nio.file.Path;

/** Stale statistics over local files: a rewrite in place gives the file a new time, unless within the clock's tick. */
class LocalStaleStatisticsTest extends StaleStatisticsContract.OverFiles {
    @Override
    protected Store serving(Path root) {
        return LocalStore.open(root, IoMode.READ);
    }
}
