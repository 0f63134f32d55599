package dev.stride.internal.zip;

import dev.stride.internal.store.LocalStore;
import dev.stride.model.IoMode;
import dev.stride.spi.Store;
import dev.stride.spi.StoreDescriptor;
import dev.stride.testing.ListableStoreContract;
import dev.stride.testing.Zips;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The store contract over zip files the JDK writes, each value an entry: stored (read in place, in each
 * {@link IoMode}) and deflated (inflated per read). A zip's folders are name prefixes with entries below them.
 */
class ZipStoreContractTest {
    @TempDir
    static Path dir;
    private static final AtomicInteger ZIPS = new AtomicInteger();

    abstract static class OfZips extends ListableStoreContract {
        private final boolean deflate;
        private final IoMode mode;

        OfZips(boolean deflate, IoMode mode) {
            this.deflate = deflate;
            this.mode = mode;
        }

        @Override
        protected Store storeWith(Map<String, byte[]> values) {
            Path zip = dir.resolve("z" + ZIPS.incrementAndGet() + ".zip");
            write(zip, values, deflate);
            return ZipStore.open(LocalStore.open(dir, mode), zip.getFileName().toString(), "",
                    StoreDescriptor.parse(zip.toUri() + "?io=" + mode.name().toLowerCase(java.util.Locale.ROOT)));
        }

        @Override
        protected Folders folders() {
            return Folders.DIRECTORIES;
        }

        @Override
        protected Unreadable unreadable() {
            return new Unreadable(storeWith(Map.of("a/b", new byte[1])), "a", "is a directory, not a file");
        }
    }

    @Nested
    class StoredAndMapped extends OfZips {
        StoredAndMapped() {
            super(false, IoMode.MAP);
        }
    }

    @Nested
    class StoredAndRead extends OfZips {
        StoredAndRead() {
            super(false, IoMode.READ);
        }
    }

    @Nested
    class Deflated extends OfZips {
        Deflated() {
            super(true, IoMode.AUTO);
        }
    }

    private static void write(Path zip, Map<String, byte[]> values, boolean deflate) {
        try {
            Files.write(zip, Zips.of(values, deflate));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
