package dev.stride.cli;

import picocli.CommandLine;

import java.io.BufferedWriter;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;

import static java.nio.charset.StandardCharsets.UTF_8;

/** The {@code stride} command line: picocli parses, a command runs, a failure becomes one line and an exit code. */
public final class Main {
    private Main() {
    }

    public static void main(String[] args) {
        // UTF-8 whatever the locale: field names and attributes may be any Unicode, and jsonl is a contract
        PrintWriter out = new PrintWriter(new BufferedWriter(new OutputStreamWriter(new FileOutputStream(FileDescriptor.out), UTF_8), 1 << 16));
        PrintWriter err = new PrintWriter(new OutputStreamWriter(new FileOutputStream(FileDescriptor.err), UTF_8), true);
        int code = commandLine(out, err).execute(args);
        out.flush();
        err.flush();
        System.exit(code);
    }

    /** The command line, writing to {@code out} and {@code err}; tests run it in-process. */
    static CommandLine commandLine(PrintWriter out, PrintWriter err) {
        CommandLine cli = new CommandLine(new StrideCommand());
        cli.setOut(out);
        cli.setErr(err);
        cli.setCaseInsensitiveEnumValuesAllowed(true);
        Failures.install(cli);
        return cli;
    }
}
