package dev.stride.cli;

import org.junit.jupiter.api.Test;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The bar on a clock the test moves: no sleeps, every instant exact. */
class ProgressBarTest {
    private static final long MS = 1_000_000L;

    @Test
    void drawsOnlyWhenEnabledAndAfterASecondThenErasesItself() {
        AtomicLong now = new AtomicLong(7_000 * MS);   // any origin: only differences count
        StringWriter shown = new StringWriter();
        StringWriter hidden = new StringWriter();
        AtomicInteger asked = new AtomicInteger();
        ProgressBar bar = new ProgressBar(new PrintWriter(shown), "scan x", "chunks", () -> asked.incrementAndGet() > 0, now::get);
        ProgressBar off = new ProgressBar(new PrintWriter(hidden), "scan x", "chunks", () -> false, now::get);

        bar.update(1, 4);
        now.addAndGet(999 * MS);
        bar.update(1, 4);
        assertEquals("", shown.toString(), "quiet during the first second");
        assertEquals(0, asked.get(), "whether stderr is a terminal is not asked during the first second");

        now.addAndGet(1 * MS);
        bar.update(2, 4);
        off.update(2, 4);
        String drawn = shown.toString();
        assertEquals("\rscan x [###############               ]  50%  2/4 chunks  1 s", drawn, "drawn once the second is up");

        now.addAndGet(99 * MS);
        bar.update(3, 4);
        assertEquals(drawn, shown.toString(), "not redrawn within a tenth of a second");
        now.addAndGet(1 * MS);
        bar.update(3, 4);
        assertEquals(drawn + "\rscan x [######################        ]  75%  3/4 chunks  1 s", shown.toString(),
                "redrawn a tenth of a second later");
        now.addAndGet(1_400 * MS);
        bar.update(4, 4);
        assertTrue(shown.toString().endsWith("\rscan x [##############################] 100%  4/4 chunks  3 s"), shown.toString());
        assertEquals(1, asked.get(), "asked once");

        int before = shown.toString().length();
        bar.clear();
        off.clear();
        assertEquals("\r" + " ".repeat(drawn.length()) + "\r", shown.toString().substring(before), "erased");
        assertEquals("", hidden.toString());
    }
}
