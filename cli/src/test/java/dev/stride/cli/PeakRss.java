package dev.stride.cli;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The entry point of a child JVM in memory tests: runs the command line, then prints its exit code, its error line
 * and the process's peak resident memory ({@code VmHWM}, read by the process itself, so no short peak is missed).
 */
public final class PeakRss {
    private PeakRss() {
    }

    public static void main(String[] args) throws IOException {
        StringWriter err = new StringWriter();
        int code = Main.commandLine(new PrintWriter(OutputStream.nullOutputStream()), new PrintWriter(err, true), args).execute(args);
        String peak = Files.readAllLines(Path.of("/proc/self/status")).stream().filter(l -> l.startsWith("VmHWM:")).findFirst().orElseThrow();
        System.out.println(code);
        System.out.println(err.toString().strip().replace('\n', ' '));
        System.out.println(peak.replaceAll("\\D", ""));
    }
}
