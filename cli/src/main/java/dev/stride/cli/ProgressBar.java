package dev.stride.cli;

import dev.stride.model.ScanOptions;

import java.io.PrintWriter;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;
import java.util.function.LongSupplier;

/**
 * A progress bar on stderr for a long pass: drawn only once the pass has run for a second and only when enabled
 * (stderr is a terminal), so quick passes and piped output stay clean; redrawn at most ten times a second by whichever
 * reading thread reports. Whether it is enabled is asked when the first second is up: asking may take a while (linking
 * a native call takes ~15 ms in a fresh process), which a quick pass should not wait for.
 */
final class ProgressBar implements ScanOptions.Progress {
    private static final long QUIET_NANOS = 1_000_000_000L;
    private static final long REDRAW_NANOS = 100_000_000L;
    private static final int WIDTH = 30;

    private final PrintWriter err;
    private final String label;
    private final String units;
    private final BooleanSupplier enabled;
    private final LongSupplier nanoTime;
    private Boolean drawable;
    private final long started;
    private final AtomicLong nextDraw;
    private int drawnLength;

    /** {@code units} names what is counted ("chunks"); {@code enabled} is asked once, when a bar is first due. */
    ProgressBar(PrintWriter err, String label, String units, BooleanSupplier enabled) {
        this(err, label, units, enabled, System::nanoTime);
    }

    /** The same on another clock ({@link System#nanoTime()} by default): tests drive time themselves. */
    ProgressBar(PrintWriter err, String label, String units, BooleanSupplier enabled, LongSupplier nanoTime) {
        this.err = err;
        this.label = label;
        this.units = units;
        this.enabled = enabled;
        this.nanoTime = nanoTime;
        this.started = nanoTime.getAsLong();
        this.nextDraw = new AtomicLong(started + QUIET_NANOS);
    }

    @Override
    public void update(long done, long total) {
        long now = nanoTime.getAsLong();
        long due = nextDraw.get();
        if (now >= due && nextDraw.compareAndSet(due, now + REDRAW_NANOS) && drawable()) {
            draw(done, total, now);
        }
    }

    private synchronized boolean drawable() {
        if (drawable == null) {
            drawable = enabled.getAsBoolean();
        }
        return drawable;
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
