package dev.stride.http;

import dev.stride.http.testing.Nginx;
import dev.stride.spi.Store;
import dev.stride.spi.StoreDescriptor;
import dev.stride.testing.StoreContract;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Nested;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The store contract over nginx, each store a directory of its own: read with range requests, and through
 * {@code /norange/}, where nginx ignores {@code Range} and the store reads whole values. HTTP cannot list, so the
 * read contract is all an {@link HttpStore} takes.
 */
class HttpStoreContractTest {
    private static final AtomicInteger STORES = new AtomicInteger();
    private static Path root;
    private static Nginx nginx;

    @BeforeAll
    static void serve() throws IOException {
        root = Files.createDirectories(Path.of("target", "store-contract", Long.toString(ProcessHandle.current().pid())));
        nginx = Nginx.serve(root);
    }

    @AfterAll
    static void stop() {
        if (nginx != null) {
            nginx.close();
        }
    }

    /** The values as files of a new directory, served at {@code /<path>} ({@code path} ends in '/'). */
    private static String serveDirectory(Map<String, byte[]> values) {
        String name = "s" + STORES.incrementAndGet();
        try {
            for (var e : values.entrySet()) {
                Path file = root.resolve(name).resolve(e.getKey());
                Files.createDirectories(file.getParent());
                Files.write(file, e.getValue());
            }
            Files.createDirectories(root.resolve(name));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return name + "/";
    }

    abstract static class Served extends StoreContract {
        /** What comes before the store's directory in its URI path: "" or a location of the nginx config. */
        private final String location;

        Served(String location) {
            this.location = location;
        }

        @Override
        protected boolean sendsRequests() {
            return true;
        }

        @Override
        protected Store storeWith(Map<String, byte[]> values) {
            return HttpStore.open(StoreDescriptor.of(nginx.uri(location + serveDirectory(values))));
        }

        @Override
        protected Folders folders() {
            return Folders.AS_SERVED;
        }

        /** nginx answers 403 to everything below {@code /forbidden/}. */
        @Override
        protected Unreadable unreadable() {
            return new Unreadable(HttpStore.open(StoreDescriptor.of(nginx.uri(""))), "forbidden/k", nginx.uri("forbidden/k").toString());
        }
    }

    @Nested
    class Ranges extends Served {
        Ranges() {
            super("");
        }
    }

    @Nested
    class RangesIgnored extends Served {
        RangesIgnored() {
            super("norange/");
        }
    }
}
