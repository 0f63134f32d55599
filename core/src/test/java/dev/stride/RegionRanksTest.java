package dev.stride;

import dev.stride.model.Region;
import dev.stride.model.ZarrException;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** A region's corners of different ranks are refused with Stride's exception, as every bad request is. */
class RegionRanksTest {
    @Test
    void cornersOfDifferentRanksAreABadRequest() {
        var e = assertThrows(ZarrException.BadRequest.class, () -> new Region(new long[] {0}, new long[] {1, 2}));
        assertEquals("region start and stop have different ranks (1 and 2)", e.getMessage());
    }
}
