package dev.stride.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/** A small tmpfs mounted for one test: only root may mount, so callers skip with a notice when it fails. */
final class Tmpfs {
    private Tmpfs() {
    }

    /** Mounts a tmpfs with {@code options} on {@code dir}; false (with a notice on stderr) when this user cannot. */
    static boolean mount(Path dir, String options) throws IOException, InterruptedException {
        if (run("mount", "-t", "tmpfs", "-o", options, "tmpfs", dir.toString())) {
            return true;
        }
        System.err.println("skipped: cannot mount a tmpfs on " + dir + " (needs root)");
        return false;
    }

    static void unmount(Path dir) throws IOException, InterruptedException {
        run("umount", dir.toString());
    }

    private static boolean run(String... command) throws IOException, InterruptedException {
        try {
            Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            return p.waitFor(30, TimeUnit.SECONDS) && p.exitValue() == 0;
        } catch (IOException noMountCommand) {
            return false;
        }
    }
}
