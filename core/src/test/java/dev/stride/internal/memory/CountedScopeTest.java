package dev.stride.internal.memory;

import dev.stride.spi.ReadScope;
import dev.stride.model.ZarrException;
import org.junit.jupiter.api.Test;

import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A scope's memory lives while its owner or a reader holds it, and a failure to free it is reported, not dropped. */
class ReadScopeTest {

    @Test
    void theMemoryGoesWithTheLastReferenceNotBefore() {
        CountedScope scope = new CountedScope("array /a");
        MemorySegment kept = scope.arena().allocate(8);
        scope.acquire();
        scope.acquire();
        scope.close();
        assertTrue(kept.scope().isAlive(), "two readers still hold it");
        var e = assertThrows(ZarrException.Closed.class, scope::acquire);
        assertEquals("array /a is closed", e.getMessage());
        assertThrows(ZarrException.Closed.class, scope::arena);
        scope.release();
        kept.set(java.lang.foreign.ValueLayout.JAVA_LONG, 0, 42);
        scope.release();
        assertFalse(kept.scope().isAlive());
        assertFalse(scope.isAlive());
        scope.close(); // twice: nothing
    }

    @Test
    void attachmentsAreMadeOnceAndClosedWithTheScope() {
        List<String> closed = new ArrayList<>();
        CountedScope scope = new CountedScope("array /a");
        AutoCloseable first = scope.attachment("store", () -> (AutoCloseable) () -> closed.add("store"));
        assertSame(first, scope.attachment("store", () -> (AutoCloseable) () -> closed.add("again")));
        scope.close();
        assertEquals(List.of("store"), closed);
    }

    @Test
    void aFailureToFreeIsThrownWithTheOthersSuppressedAndTheArenaStillFreed() {
        CountedScope scope = new CountedScope("array /a");
        MemorySegment kept = scope.arena().allocate(8);
        scope.attachment("one", () -> (AutoCloseable) () -> {
            throw new IllegalStateException("one failed");
        });
        scope.attachment("two", () -> (AutoCloseable) () -> {
            throw new IllegalStateException("two failed");
        });
        var e = assertThrows(ZarrException.StoreFailure.class, scope::close);
        assertTrue(e.getMessage().startsWith("cannot release the memory of array /a: java.lang.IllegalStateException: "), e.getMessage());
        assertEquals(1, e.getSuppressed().length);
        assertFalse(kept.scope().isAlive(), "the arena is freed all the same");
    }

    @Test
    void aScratchWithoutAScopeHasItsOwnClosedWithIt() {
        ThreadScratch scratch = new ThreadScratch();
        ReadScope own = scratch.scope();
        assertSame(own, scratch.scope());
        MemorySegment kept = own.arena().allocate(8);
        scratch.close();
        assertFalse(kept.scope().isAlive());

        CountedScope shared = new CountedScope("array /b");
        new ThreadScratch(DecodeBudget.shared(), shared).close();
        assertTrue(shared.isAlive(), "a scope given to a scratch belongs to whoever gave it");
        shared.close();
    }
}
