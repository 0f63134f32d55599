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
    private static final String LOG_FORMAT = "java.util.logging.SimpleFormatter.format";

    private Main() {
    }

    public static void main(String[] args) {
        // the library's notices (a server that ignores Range) as one line each, unless the user configured logging
        if (System.getProperty(LOG_FORMAT) == null && System.getProperty("java.util.logging.config.file") == null) {
            System.setProperty(LOG_FORMAT, "%5$s%n");
        }
        // UTF-8 whatever the locale: field names and attributes may be any Unicode, and jsonl is a contract
        PrintWriter out = new PrintWriter(new BufferedWriter(new OutputStreamWriter(new FileOutputStream(FileDescriptor.out), UTF_8), 1 << 16));
        PrintWriter err = new PrintWriter(new OutputStreamWriter(new FileOutputStream(FileDescriptor.err), UTF_8), true);
        int code = commandLine(out, err, args).execute(args);
        out.flush();
        err.flush();
        System.exit(code);
    }

    /**
     * The command line to execute {@code args}, writing to {@code out} and {@code err} (tests run it in-process): with
     * only the subcommand they begin with, or with every one when they begin with none or with help (the version, a
     * mistake or help, whose output lists or names them).
     */
    static CommandLine commandLine(PrintWriter out, PrintWriter err, String... args) {
        CommandLine cli = new CommandLine(new StrideCommand());
        var only = args.length > 0 && !args[0].equals("help") ? StrideCommand.SUBCOMMANDS.get(args[0]) : null;
        if (only != null) {
            cli.addSubcommand(args[0], only.get());
        } else {
            StrideCommand.SUBCOMMANDS.forEach((name, make) -> cli.addSubcommand(name, make.get()));
        }
        // after the subcommands, so that these settings reach them too
        cli.setOut(out);
        cli.setErr(err);
        cli.setCaseInsensitiveEnumValuesAllowed(true);
        Failures.install(cli);
        return cli;
    }
}
