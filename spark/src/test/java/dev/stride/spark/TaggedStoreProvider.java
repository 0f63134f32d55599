package dev.stride.spark;

import dev.stride.spi.Store;
import dev.stride.spi.StoreDescriptor;
import dev.stride.spi.StoreProvider;
import dev.stride.spi.ValueIdentity;
import dev.stride.spi.WritableStore;
import dev.stride.testing.ForwardingStore;

import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.ServiceLoader;

/**
 * The {@code tagged} scheme: {@code tagged:///dir} is the directory {@code dir} through the file store, but tagging
 * each value by a hash of its content, as S3's ETag does. Such a tag counts at once, where a file's modification
 * time is trusted only seconds after the write: statistics a write publishes are then usable right after it.
 */
public final class TaggedStoreProvider implements StoreProvider {
    @Override
    public String scheme() {
        return "tagged";
    }

    @Override
    public Store open(StoreDescriptor where) {
        return openWritable(where);
    }

    @Override
    public WritableStore openWritable(StoreDescriptor where) {
        WritableStore files = ServiceLoader.load(StoreProvider.class).stream()
                .map(ServiceLoader.Provider::get)
                .filter(p -> p.scheme().equals("file"))
                .findFirst().orElseThrow()
                .openWritable(new StoreDescriptor(Path.of(where.uri().getPath()).toUri(), where.options()));
        return new ForwardingStore(files) {
            @Override
            public ValueIdentity identity(String key) {
                byte[] value = delegate.readBytes(key);
                return value == null ? null : new ValueIdentity(value.length, hash(value));
            }

            /** Opened again elsewhere (an executor), it tags there too. */
            @Override
            public StoreDescriptor descriptor() {
                return where;
            }
        };
    }

    private static String hash(byte[] value) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(value));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }

    /** The URI of a directory read through this scheme. */
    static String uri(Path dir) {
        return "tagged://" + dir.toAbsolutePath().toUri().getRawPath();
    }
}
