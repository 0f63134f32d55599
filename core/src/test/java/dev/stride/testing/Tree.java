package dev.stride.testing;

import dev.stride.Zarr;
import dev.stride.internal.store.MemoryStore;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/** The keys and values of a hierarchy laid out by hand: into a {@link MemoryStore} or files of a directory. */
public final class Tree {
    private final Map<String, byte[]> entries = new LinkedHashMap<>();

    /** A hierarchy whose root node is this array. */
    public static Tree array(Doc doc) {
        return new Tree().put("zarr.json", doc.bytes());
    }

    public static Tree group(Doc doc) {
        return new Tree().put("zarr.json", doc.bytes());
    }

    public Tree put(String key, byte[] value) {
        entries.put(key, value.clone());
        return this;
    }

    /** The node at {@code path} ("a/b"): its zarr.json. */
    public Tree node(String path, Doc doc) {
        return put(path + "/zarr.json", doc.bytes());
    }

    public Tree remove(String key) {
        entries.remove(key);
        return this;
    }

    public MemoryStore memory() {
        MemoryStore s = new MemoryStore();
        entries.forEach(s::put);
        return s;
    }

    public Zarr open() {
        return Zarr.open(memory());
    }

    public Path writeTo(Path dir) {
        try {
            for (var e : entries.entrySet()) {
                Path file = dir.resolve(e.getKey());
                Files.createDirectories(file.getParent());
                Files.write(file, e.getValue());
            }
            return dir;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
