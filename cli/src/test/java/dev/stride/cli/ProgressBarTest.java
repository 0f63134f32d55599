package dev.stride.cli;

import org.junit.jupiter.api.Test;

import java.io.PrintWriter;
import java.io.StringWriter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ProgressBarTest {

    @Test
    void drawsOnlyWhenEnabledAndAfterASecondThenErasesItself() throws InterruptedException {
        StringWriter shown = new StringWriter();
        StringWriter hidden = new StringWriter();
        ProgressBar bar = new ProgressBar(new PrintWriter(shown), "scan x", "chunks", true);
        ProgressBar off = new ProgressBar(new PrintWriter(hidden), "scan x", "chunks", false);
        bar.update(1, 4);
        assertEquals("", shown.toString(), "quiet during the first second");
        Thread.sleep(1050);
        bar.update(2, 4);
        off.update(2, 4);
        String drawn = shown.toString();
        assertTrue(drawn.startsWith("\rscan x [###############               ]  50%  2/4 chunks  1 s"), drawn);
        bar.clear();
        off.clear();
        assertTrue(shown.toString().endsWith("\r" + " ".repeat(drawn.length()) + "\r"), shown.toString());
        assertEquals("", hidden.toString());
    }
}
