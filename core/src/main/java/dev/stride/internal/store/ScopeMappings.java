package dev.stride.internal.store;

import dev.stride.model.IoMode;
import dev.stride.spi.ReadScope;
import dev.stride.spi.Scratch;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The mappings of one local store, by the {@link ReadScope} that made them: a range mapped only while it is read, and
 * a whole value kept mapped once the mode says so ({@link IoMode#MAP} at once, {@link IoMode#AUTO} after a whole pass
 * over it was read). A kept mapping belongs to the scope (the array that read), so closing an array unmaps what it
 * mapped while other arrays of the store read on.
 */
final class ScopeMappings {
    private static final long PAGE_BYTES = 4096;

    /** The store, as the key of its attachment to each scope and of the ranges a scratch holds for it. */
    private final Object owner;
    private final IoMode mode;
    private final KeyFiles files;
    /** The mappings of each scope still open, so a write can make them forget the key it replaced. */
    private final Set<Kept> scopes = ConcurrentHashMap.newKeySet();

    ScopeMappings(Object owner, IoMode mode, KeyFiles files) {
        this.owner = owner;
        this.mode = mode;
        this.files = files;
    }

    /** What one scope keeps of this store: whole values mapped in its arena, and how much of each was read. */
    final class Kept implements AutoCloseable {
        private final ReadScope scope;
        private final Map<String, KeptValue> mapped = new ConcurrentHashMap<>();
        private final Map<String, AtomicLong> bytesRead = new ConcurrentHashMap<>();

        private Kept(ReadScope scope) {
            this.scope = scope;
            scopes.add(this);
        }

        /** The whole value as mapped, whatever its file is now; null when not kept. */
        KeptValue mapped(String key) {
            return mapped.get(key);
        }

        private void forget(String key) {
            // an old mapping stays valid (it holds the old file); new reads must see the new value
            mapped.remove(key);
            bytesRead.remove(key);
        }

        @Override
        public void close() {
            scopes.remove(this);
            mapped.clear();
        }
    }

    /**
     * A whole value kept mapped, with the identity its file had when it was mapped. A file replaced since (a new
     * inode, or a new size) is mapped again: a mapping shows the file it was made from, and an open array must read
     * a chunk as it is now, not as it was when first read.
     */
    record KeptValue(MemorySegment whole, FileVersion version) {
        boolean stillAt(Path path) {
            return version.equals(FileVersion.at(path));
        }
    }

    /** The mappings of the scratch's scope, null where the mode maps nothing. */
    Kept of(Scratch scratch) {
        if (mode == IoMode.READ) {
            return null;
        }
        ReadScope scope = scratch.scope();
        return scope.attachment(owner, () -> new Kept(scope));
    }

    /**
     * The whole value as the scope keeps it mapped, mapped now if the mode says it should be; null when it is not
     * kept (or missing: the read that follows finds that out).
     */
    KeptValue current(Kept kept, String key) {
        KeptValue value = kept.mapped.get(key);
        if (value != null && !value.stillAt(files.root().resolve(key))) {
            // the old mapping stays valid until the scope closes: a read in progress may still be using it
            kept.mapped.remove(key, value);
            kept.bytesRead.remove(key);
            value = null;
        }
        if (value != null) {
            return value;
        }
        return shouldMap(kept, key) ? map(kept, key) : null;
    }

    private boolean shouldMap(Kept kept, String key) {
        return switch (mode) {
            case MAP -> true;
            case READ -> false;
            case AUTO -> {
                AtomicLong read = kept.bytesRead.get(key);
                yield read != null && read.get() >= sizeOrZero(key);
            }
        };
    }

    private long sizeOrZero(String key) {
        KeyFiles.Found file = files.find(key);
        return file == null ? 0 : file.size();
    }

    /** Maps the whole value into the scope's arena, kept there until the scope closes. */
    private KeptValue map(Kept kept, String key) {
        return files.withChannel(key, (ch, file) -> {
            // a file replaced around the open is UNKNOWN: mapped again by the next read, refused by a versioned one
            MemorySegment seg = ch.map(FileChannel.MapMode.READ_ONLY, 0, ch.size(), kept.scope.arena());
            KeptValue value = new KeptValue(seg, FileVersion.opened(file.attributes(), file.path()));
            KeptValue previous = kept.mapped.putIfAbsent(key, value);
            return previous == null ? value : previous;
        });
    }

    /** Maps just the range, held by {@code scratch} until the store's next read with it. */
    MemorySegment mapTransiently(Kept kept, String key, FileChannel ch, long offset, long length, Scratch scratch)
            throws IOException {
        long n = LocalStore.rangeLength(key, ch.size(), offset, length);
        // confined: closing it needs no handshake with other threads; the reading thread is its only user
        Arena arena = Arena.ofConfined();
        scratch.hold(owner, arena);
        MemorySegment seg = n == 0 ? arena.allocate(0) : ch.map(FileChannel.MapMode.READ_ONLY, offset, n, arena);
        kept.bytesRead.computeIfAbsent(key, k -> new AtomicLong()).addAndGet(n);
        return seg;
    }

    /**
     * Whether a scope keeps the key's whole value mapped with its first page resident ({@code mincore}), as in a
     * repeated scan of an open array: a read-ahead hint would then walk pages already in memory, and one mincore of
     * one page costs far less than the hint's own test. The first page stands for the whole value, a guess that costs
     * only speed when wrong; a value whose first page was evicted since is hinted again.
     */
    boolean inMemory(String key) {
        for (Kept kept : scopes) {
            KeptValue value = kept.mapped.get(key);
            if (value == null) {
                continue;
            }
            MemorySegment whole = value.whole();
            try {
                if (whole.asSlice(0, Math.min(PAGE_BYTES, whole.byteSize())).isLoaded()) {
                    return true;
                }
            } catch (IllegalStateException scopeClosed) {
                // the array closed meanwhile: its mapping tells nothing
            }
        }
        return false;
    }

    /** Makes every scope's reads see a key's new value. */
    void forget(String key) {
        scopes.forEach(kept -> kept.forget(key));
    }
}
