package dev.stride.cli;

import java.io.PrintWriter;
import java.io.StringWriter;

/** One in-process run of the command line, with what it printed on stdout and stderr. */
record CliRun(int exitCode, String out, String err) {

    static CliRun of(Object... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        String[] text = new String[args.length];
        for (int i = 0; i < args.length; i++) {
            text[i] = args[i].toString();
        }
        int code = Main.commandLine(new PrintWriter(out), new PrintWriter(err), text).execute(text);
        return new CliRun(code, out.toString(), err.toString());
    }

    String[] lines() {
        return out.isEmpty() ? new String[0] : out.split("\n");
    }
}
