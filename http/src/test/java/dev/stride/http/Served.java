package dev.stride.http;

import dev.stride.http.testing.Nginx;
import dev.stride.spi.StoreDescriptor;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Random;

/** Files served by nginx for the tests: {@code data.bin} (300,000 seeded random bytes), {@code empty.bin}, {@code forbidden/data.bin}. */
final class Served implements AutoCloseable {
    static final int SIZE = 300_000;

    final byte[] data = new byte[SIZE];
    final Nginx nginx;

    Served() {
        new Random(42).nextBytes(data);
        try {
            Path root = Files.createDirectories(Path.of("target", "served", Long.toString(ProcessHandle.current().pid())));
            Files.write(root.resolve("data.bin"), data);
            Files.write(root.resolve("empty.bin"), new byte[0]);
            Files.createDirectories(root.resolve("forbidden"));
            Files.write(root.resolve("forbidden/data.bin"), data);
            nginx = Nginx.serve(root);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A store of the directory at {@code root} with these options. */
    static HttpStore store(URI root, Map<String, String> options) {
        return HttpStore.open(new StoreDescriptor(root, options));
    }

    byte[] slice(long offset, long length) {
        byte[] out = new byte[(int) length];
        System.arraycopy(data, (int) offset, out, 0, out.length);
        return out;
    }

    @Override
    public void close() {
        nginx.close();
    }
}
