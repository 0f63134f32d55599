package dev.stride.internal.store;

import dev.stride.model.IoMode;
import dev.stride.spi.Store;
import dev.stride.spi.WritableStore;
import dev.stride.testing.ListableStoreContract;
import dev.stride.testing.StoreContract;
import dev.stride.testing.WritableStoreContract;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The store contract over directories: written through {@link WritableLocalStore} in each {@link IoMode} (the modes
 * read through different paths: buffers, transient mappings, kept whole mappings), and files laid out beforehand
 * read through a read-only {@link LocalStore}.
 */
class LocalStoreContractTest {
    @TempDir
    static Path dir;
    private static final AtomicInteger STORES = new AtomicInteger();

    private static Path newRoot() {
        return dir.resolve("s" + STORES.incrementAndGet());
    }

    /** A directory holding a file where the key's folder should be, which every mode fails to read as a value. */
    private static StoreContract.Unreadable directoryAtKey(IoMode mode) {
        Path root = newRoot();
        try {
            Files.createDirectories(root.resolve("a/b"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return new StoreContract.Unreadable(LocalStore.open(root, mode), "a/b", "is a directory, not a file");
    }

    abstract static class Writable extends WritableStoreContract {
        private final IoMode mode;

        Writable(IoMode mode) {
            this.mode = mode;
        }

        @Override
        protected WritableStore emptyWritable() {
            return LocalStore.openWritable(newRoot(), mode);
        }

        /** A hard link to a written temporary file: it fails when the key's file is there. */
        @Override
        protected boolean createsConditionally() {
            return true;
        }

        @Override
        protected Folders folders() {
            return Folders.DIRECTORIES;
        }

        @Override
        protected Unreadable unreadable() {
            return directoryAtKey(mode);
        }
    }

    @Nested
    class Auto extends Writable {
        Auto() {
            super(IoMode.AUTO);
        }
    }

    @Nested
    class Mapped extends Writable {
        Mapped() {
            super(IoMode.MAP);
        }
    }

    @Nested
    class Read extends Writable {
        Read() {
            super(IoMode.READ);
        }
    }

    /** Files written with java.nio, read by a store that only reads and lists. */
    @Nested
    class ReadOnly extends ListableStoreContract {
        @Override
        protected Store storeWith(Map<String, byte[]> values) {
            Path root = newRoot();
            try {
                Files.createDirectories(root);
                for (var e : values.entrySet()) {
                    Path file = root.resolve(e.getKey());
                    Files.createDirectories(file.getParent());
                    Files.write(file, e.getValue());
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            return LocalStore.open(root, IoMode.AUTO);
        }

        @Override
        protected Folders folders() {
            return Folders.DIRECTORIES;
        }

        @Override
        protected Unreadable unreadable() {
            return directoryAtKey(IoMode.AUTO);
        }
    }
}
