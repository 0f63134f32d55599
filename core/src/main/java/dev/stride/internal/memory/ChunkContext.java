package dev.stride.internal.memory;

import dev.stride.spi.DecodeContext;
import dev.stride.spi.Scratch;

import java.lang.foreign.MemorySegment;
import java.util.function.Supplier;

/**
 * The {@link DecodeContext} of one reading or writing thread: its {@link ThreadScratch} and the chunk being worked on,
 * which the reader names before each decode call.
 */
public final class ChunkContext implements DecodeContext, AutoCloseable {
    private final ThreadScratch scratch;
    private String node = "";
    private String key = "";
    private final Attachments locals = Attachments.confined();

    public ChunkContext(ThreadScratch scratch) {
        this.scratch = scratch;
    }

    public ChunkContext() {
        this(new ThreadScratch());
    }

    public ThreadScratch scratch() {
        return scratch;
    }

    /** Names the chunk that the following decode calls work on. */
    public ChunkContext at(String node, String key) {
        this.node = node;
        this.key = key;
        scratch.at(node, key);
        return this;
    }

    /** The array named by the last {@link #at}, {@code ""} before. */
    @Override
    public String node() {
        return node;
    }

    /** The chunk key named by the last {@link #at}, {@code ""} before. */
    @Override
    public String key() {
        return key;
    }

    @Override
    public MemorySegment buffer(Object owner, long size) {
        if (size < 0 || size > Scratch.MAX_BUFFER) {
            throw corrupt("needs " + size + " bytes, more than the 2 GiB a chunk may have");
        }
        return scratch.buffer(owner, size);
    }

    @Override
    public <T> T local(Object owner, Supplier<T> create) {
        return locals.get(owner, create);
    }

    @Override
    public void close() {
        locals.close(ignored -> {
            // closing native state cannot fail in a way the reader could act on
        });
        scratch.close();
    }
}
