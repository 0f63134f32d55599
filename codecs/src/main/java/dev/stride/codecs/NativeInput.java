package dev.stride.codecs;

import dev.stride.spi.DecodeContext;

import java.lang.foreign.MemorySegment;

/** Native libraries read native memory only (mapped or off-heap): a heap segment is copied to scratch first. */
final class NativeInput {

    private NativeInput() {
    }

    static MemorySegment of(MemorySegment in, Object owner, DecodeContext ctx) {
        if (in.isNative()) {
            return in;
        }
        MemorySegment copy = ctx.buffer(owner, in.byteSize());
        copy.copyFrom(in);
        return copy;
    }
}
