package dev.stride.cli;

import org.junit.jupiter.api.Test;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ProgressBarTest {

    @Test
    void drawsOnlyWhenEnabledAndAfterASecondThenErasesItself() throws InterruptedException {
        StringWriter shown = new StringWriter();
        StringWriter hidden = new StringWriter();
        AtomicInteger asked = new AtomicInteger();
        ProgressBar bar = new ProgressBar(new PrintWriter(shown), "scan x", "chunks", () -> asked.incrementAndGet() > 0);
        ProgressBar off = new ProgressBar(new PrintWriter(hidden), "scan x", "chunks", () -> false);
        bar.update(1, 4);
        assertEquals("", shown.toString(), "quiet during the first second");
        assertEquals(0, asked.get(), "whether stderr is a terminal is not asked during the first second");
        Thread.sleep(1050);
        bar.update(2, 4);
        off.update(2, 4);
        String drawn = shown.toString();
        assertTrue(drawn.startsWith("\rscan x [###############               ]  50%  2/4 chunks  1 s"), drawn);
        Thread.sleep(150);
        bar.update(3, 4);
        assertEquals(1, asked.get(), "asked once");
        bar.clear();
        off.clear();
        assertTrue(shown.toString().contains("75%  3/4 chunks"), shown.toString());
        assertTrue(shown.toString().endsWith("\r" + " ".repeat(drawn.length()) + "\r"), shown.toString());
        assertEquals("", hidden.toString());
    }
}
