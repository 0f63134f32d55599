package dev.stride.internal.write;

import dev.stride.internal.memory.ChunkContext;
import dev.stride.internal.codec.NdCopy;
import dev.stride.model.ZarrException;

import java.lang.foreign.MemorySegment;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * What one thread writes chunks with: codec buffers and state, the chunk being assembled, and a chunk of fill values
 * made once (to start new chunks from and to recognise chunks that need not be stored).
 */
public final class WriteSession implements AutoCloseable {
    public final ChunkContext ctx = new ChunkContext();
    private final Object chunkKey = new Object();
    private final Object fillKey = new Object();
    private final long chunkBytes;
    private final byte[] fillElement;
    private MemorySegment fill;

    private WriteSession(long chunkBytes, byte[] fillElement) {
        this.chunkBytes = chunkBytes;
        this.fillElement = fillElement;
    }

    /** The buffer a chunk is assembled in, decoded and in the stored byte order; its contents are undefined. */
    public MemorySegment chunk() {
        return ctx.buffer(chunkKey, chunkBytes);
    }

    /** A chunk of fill values; never written to. */
    public MemorySegment fill() {
        if (fill == null) {
            fill = ctx.buffer(fillKey, chunkBytes);
            NdCopy.fill(fill, fillElement);
        }
        return fill;
    }

    @Override
    public void close() {
        ctx.close();
    }

    /** Idle sessions of one array, reused across writes; a writer used by many threads holds one per thread at most. */
    public static final class Pool implements AutoCloseable {
        private final String node;
        private final long chunkBytes;
        private final byte[] fillElement;
        private final ConcurrentLinkedQueue<WriteSession> idle = new ConcurrentLinkedQueue<>();
        private volatile boolean closed;

      public   Pool(String node, long chunkBytes, byte[] fillElement) {
            this.node = node;
            this.chunkBytes = chunkBytes;
            this.fillElement = fillElement;
        }

    public     WriteSession acquire() {
            if (closed) {
                throw new ZarrException.Closed("the writer of " + node);
            }
            WriteSession s = idle.poll();
            return s != null ? s : new WriteSession(chunkBytes, fillElement);
        }

    public     void release(WriteSession s) {
            idle.add(s);
            // a close() that raced with this write has drained the queue already: drain again
            if (closed && idle.remove(s)) {
                s.close();
            }
        }

        @Override
        public void close() {
            closed = true;
            for (WriteSession s; (s = idle.poll()) != null; ) {
                s.close();
            }
        }
    }
}
