package dev.stride.testing;

import dev.stride.model.ZarrException;
import org.junit.jupiter.api.function.Executable;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Asserts that something is refused with the right exception, JSON pointer or chunk key, and reason. */
public final class Refusals {
    private Refusals() {
    }

    /** Refused with {@code type}, naming JSON member {@code pointer}, with {@code fragment} in the message. */
    public static <T extends ZarrException> T refused(Class<T> type, String pointer, String fragment, Executable action) {
        T e = assertThrows(type, action);
        assertEquals(pointer, e.member(), () -> "JSON pointer of: " + e.getMessage());
        assertContains(e.getMessage(), fragment);
        if (!pointer.isEmpty()) {
            assertContains(e.getMessage(), pointer);
        }
        return e;
    }

    /** A corrupt chunk, named by its key in the message. */
    public static ZarrException.CorruptChunk corrupt(String key, String fragment, Executable action) {
        ZarrException.CorruptChunk e = assertThrows(ZarrException.CorruptChunk.class, action);
        assertEquals(key, e.chunkKey(), e::getMessage);
        assertContains(e.getMessage(), "chunk " + key);
        assertContains(e.getMessage(), fragment);
        return e;
    }

    public static void assertContains(String message, String fragment) {
        assertTrue(message != null && message.contains(fragment), () -> "message '" + message + "' lacks '" + fragment + "'");
    }
}
