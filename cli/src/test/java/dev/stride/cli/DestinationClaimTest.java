package dev.stride.cli;

import dev.stride.internal.store.MemoryStore;
import dev.stride.model.ZarrException;
import org.junit.jupiter.api.Test;

import java.lang.foreign.MemorySegment;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A claim in a store without conditional writes: taken with a warning, and lost to a second writer that overwrites it. */
class DestinationClaimTest {
    private static final String OTHER = "stride copy 0000, pid 4242 on elsewhere since 2026-01-01T00:00:00Z\n";

    @Test
    void aClaimOverwrittenWhileTheCopyRunsStopsIt() {
        try (MemoryStore store = new MemoryStore()) {
            List<String> warnings = new ArrayList<>();
            DestinationClaim claim = DestinationClaim.take(store, "mem://x", warnings::add);
            assertEquals(1, warnings.size(), warnings.toString());
            assertTrue(warnings.getFirst().contains("mem://x ignores conditional writes (If-None-Match)"), warnings.getFirst());
            claim.confirm();
            store.write(DestinationClaim.KEY, MemorySegment.ofArray(OTHER.getBytes(StandardCharsets.UTF_8)));
            ZarrException e = assertThrows(ZarrException.BadRequest.class, claim::confirm);
            assertEquals("was claimed by another copy while this one ran (pid 4242 on elsewhere since 2026-01-01T00:00:00Z):"
                    + " the server ignored the condition of the claim, and this copy is abandoned so the two do not mix", e.reason());
            claim.release();
            assertNull(store.readBytes(DestinationClaim.KEY));
        }
    }
}
