package dev.stride.spi;

import org.junit.jupiter.api.Test;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A store without a readBytes of its own reads through the scratch spi makes, and gets back all it kept. */
class ReadBytesTest {
    private static final byte[] VALUE = "{\"zarr_format\":3}".getBytes(StandardCharsets.UTF_8);

    /** Reads into a scratch buffer, keeps an arena and a state, as a caching store does. */
    private static final class KeepingStore implements Store {
        Arena held;
        ReadScope scope;
        boolean stateClosed;

        @Override
        public MemorySegment read(String key, long offset, long length, Scratch scratch) {
            if (!key.equals("zarr.json")) {
                return null;
            }
            held = Arena.ofConfined();
            scratch.hold(this, held);
            scope = scratch.scope();
            scope.attachment(this, () -> (AutoCloseable) () -> stateClosed = true);
            MemorySegment out = scratch.buffer(this, VALUE.length);
            MemorySegment.copy(VALUE, 0, out, ValueLayout.JAVA_BYTE, 0, VALUE.length);
            return out;
        }

        @Override
        public long size(String key) {
            return key.equals("zarr.json") ? VALUE.length : -1;
        }

        @Override
        public void close() {
        }
    }

    @Test
    void theValueComesBackAndWhatTheReadKeptIsFreed() {
        KeepingStore store = new KeepingStore();
        assertArrayEquals(VALUE, store.readBytes("zarr.json"));
        assertFalse(store.held.scope().isAlive());
        assertTrue(store.stateClosed);
        assertFalse(store.scope.isAlive());
        assertTrue(store.scope.isClosed());
        assertThrows(dev.stride.model.ZarrException.Closed.class, store.scope::arena);
    }

    @Test
    void aMissingKeyIsNull() {
        assertNull(new KeepingStore().readBytes("c/0"));
    }

    @Test
    void aBufferOutsideTheLimitsIsRefused() {
        try (OneReadScratch scratch = new OneReadScratch()) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> scratch.buffer(this, -1));
            assertEquals("buffer size -1 is outside [0, 2^31)", e.getMessage());
            assertEquals(0, scratch.buffer(this, 0).byteSize());
        }
    }
}
