package dev.stride.cli;

import dev.stride.array.ScanOptions;

import java.io.PrintWriter;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A progress bar on stderr for a long pass: drawn only when enabled (stderr is a terminal) and only once the pass has
 * run for a second, so quick passes and piped output stay clean; redrawn at most ten times a second by whichever
 * reading thread reports.
 */
final class ProgressBar implements ScanOptions.Progress {
    private static final long QUIET_NANOS = 1_000_000_000L;
    private static final long REDRAW_NANOS = 100_000_000L;
    private static final int WIDTH = 30;

    private final PrintWriter err;
    private final String label;
    private final String units;
    private final boolean enabled;
    private final long started = System.nanoTime();
    private final AtomicLong nextDraw = new AtomicLong(started + QUIET_NANOS);
    private int drawnLength;

    /** {@code units} names what is counted ("chunks"). */
    ProgressBar(PrintWriter err, String label, String units, boolean enabled) {
        this.err = err;
        this.label = label;
        this.units = units;
        this.enabled = enabled;
    }

    @Override
    public void update(long done, long total) {
        long now = System.nanoTime();
        long due = nextDraw.get();
        if (enabled && now >= due && nextDraw.compareAndSet(due, now + REDRAW_NANOS)) {
            draw(done, total, now);
        }
    }

    private synchronized void draw(long done, long total, long now) {
        int filled = (int) (WIDTH * done / Math.max(1, total));
        String bar = String.format("\r%s [%s%s] %3d%%  %d/%d %s  %.0f s", label, "#".repeat(filled), " ".repeat(WIDTH - filled),
                100 * done / Math.max(1, total), done, total, units, (now - started) / 1e9);
        err.print(bar);
        err.flush();
        drawnLength = bar.length();
    }

    /** Erases the bar, so what follows starts on a clean line. */
    synchronized void clear() {
        if (drawnLength > 0) {
            err.print("\r" + " ".repeat(drawnLength) + "\r");
            err.flush();
            drawnLength = 0;
        }
    }
}
