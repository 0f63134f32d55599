package dev.stride.http;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class PartPlanTest {

    @Test
    void partsOfTheGivenSizeTheLastHoldingTheRest() {
        PartPlan plan = PartPlan.of(100, 30, 10_000);
        assertEquals(new PartPlan(100, 30, 4), plan);
        assertEquals(90, plan.offset(3));
        assertEquals(30, plan.size(2));
        assertEquals(10, plan.size(3));
        assertEquals(new PartPlan(90, 30, 3), PartPlan.of(90, 30, 10_000), "a value of whole parts has no empty last part");
        assertEquals(new PartPlan(0, 30, 1), PartPlan.of(0, 30, 10_000));
    }

    @Test
    void aValueNeedingTooManyPartsGetsLargerOnesInWholeMebibytes() {
        long fiveTebibytes = 5L << 40;
        PartPlan plan = PartPlan.of(fiveTebibytes, 16L << 20, 10_000);
        // 5 TiB / 10,000 is 549,755,813.9 bytes: rounded up to 525 MiB
        assertEquals(525L << 20, plan.partSize());
        assertEquals(9987, plan.count());
        assertEquals(fiveTebibytes, plan.offset(plan.count() - 1) + plan.size(plan.count() - 1));
        assertEquals(new PartPlan(10L << 20, 1L << 20, 10), PartPlan.of(10L << 20, 100, 10));
    }

    @Test
    void nonsenseIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> PartPlan.of(-1, 10, 10));
        assertThrows(IllegalArgumentException.class, () -> PartPlan.of(10, 0, 10));
        assertThrows(IllegalArgumentException.class, () -> PartPlan.of(10, 10, 0));
    }
}
