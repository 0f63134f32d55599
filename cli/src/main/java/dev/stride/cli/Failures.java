package dev.stride.cli;

import dev.stride.ZarrException;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParseResult;
import picocli.CommandLine.ScopeType;

import java.io.PrintWriter;

/**
 * Failures as one line on stderr and an exit code: {@link #UNREADABLE} when the data could not be read, {@link #USAGE}
 * when the command was given something that does not fit. A stack trace only with {@code --debug}, which this class
 * adds to every command because it alone reads it.
 */
final class Failures {
    static final int UNREADABLE = 1;
    static final int USAGE = 2;
    private static final String DEBUG = "--debug";

    private Failures() {
    }

    static void install(CommandLine cli) {
        cli.getCommandSpec().addOption(OptionSpec.builder(DEBUG)
                .scopeType(ScopeType.INHERIT)
                .description("On failure, print the stack trace too.")
                .build());
        cli.setParameterExceptionHandler(Failures::usage);
        cli.setExecutionExceptionHandler(Failures::execution);
    }

    private static int usage(ParameterException e, String[] args) {
        CommandLine command = e.getCommandLine();
        String name = command.getCommandSpec().qualifiedName();
        command.getOut().flush();
        command.getErr().println(name + ": " + oneLine(e.getMessage()) + " (see '" + name + " --help')");
        return USAGE;
    }

    private static int execution(Exception e, CommandLine command, ParseResult parsed) {
        command.getOut().flush();
        PrintWriter err = command.getErr();
        if (debugRequested(parsed)) {
            e.printStackTrace(err);
        }
        String what = switch (e) {
            case ZarrException z when command.getCommand() instanceof NodeCommand c -> c.describe(z);
            case ZarrException z -> z.getMessage();
            default -> "unexpected " + e + (debugRequested(parsed) ? "" : " (--debug shows where)");
        };
        err.println(command.getCommandSpec().qualifiedName() + ": " + oneLine(what));
        return e instanceof ZarrException.BadRequest ? USAGE : UNREADABLE;
    }

    private static boolean debugRequested(ParseResult parsed) {
        for (ParseResult r = parsed; r != null; r = r.subcommand()) {
            if (r.hasMatchedOption(DEBUG)) {
                return true;
            }
        }
        return false;
    }

    private static String oneLine(String message) {
        return String.valueOf(message).strip().replaceAll("\\s*\\R\\s*", " ");
    }
}
