package dev.stride.internal.claim;

import dev.stride.internal.store.MemoryStore;
import dev.stride.model.ZarrException;
import org.junit.jupiter.api.Test;

import java.lang.foreign.MemorySegment;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A claim in a store without conditional writes: taken with a warning, and lost to a second writer that overwrites it. */
class WriteClaimTest {
    private static final String OTHER = "stride copy 0000, pid 4242 on elsewhere since 2026-01-01T00:00:00Z\n";

    @Test
    void aClaimOverwrittenWhileTheCopyRunsStopsIt() {
        try (MemoryStore store = new MemoryStore()) {
            List<String> warnings = new ArrayList<>();
            WriteClaim claim = WriteClaim.take(store, WriteClaim.Writer.COPY, "mem://x", warnings::add);
            assertEquals(1, warnings.size(), warnings.toString());
            assertTrue(warnings.getFirst().contains("mem://x ignores conditional writes (If-None-Match)"), warnings.getFirst());
            claim.confirm();
            store.write(WriteClaim.Writer.COPY.key(), MemorySegment.ofArray(OTHER.getBytes(StandardCharsets.UTF_8)));
            ZarrException e = assertThrows(ZarrException.BadRequest.class, claim::confirm);
            assertEquals("was claimed by another copy while this one ran (pid 4242 on elsewhere since 2026-01-01T00:00:00Z):"
                    + " the server ignored the condition of the claim, and both copies wrote there. This copy published and"
                    + " deleted nothing; unless the two copied the same source with the same options, delete mem://x and"
                    + " copy again", e.reason());
            assertEquals(e.reason(), claim.lostReason());
            assertFalse(claim.stillMine());
            claim.release();
            assertEquals(OTHER, new String(store.readBytes(WriteClaim.Writer.COPY.key()), StandardCharsets.UTF_8), "the other copy's claim is kept");
        }
    }

    @Test
    void aClaimStillHeldIsReleased() {
        try (MemoryStore store = new MemoryStore()) {
            WriteClaim claim = WriteClaim.take(store, WriteClaim.Writer.COPY, "mem://x", w -> { });
            assertTrue(claim.stillMine());
            assertNull(claim.lostReason());
            claim.release();
            assertNull(store.readBytes(WriteClaim.Writer.COPY.key()));
        }
    }
}
