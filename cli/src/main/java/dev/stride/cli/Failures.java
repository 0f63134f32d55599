package dev.stride.cli;

import dev.stride.model.ZarrException;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParseResult;
import picocli.CommandLine.ScopeType;
import picocli.CommandLine;

import java.io.PrintWriter;
import java.util.regex.Pattern;

/**
 * Failures as one line on stderr and an exit code: {@link #UNREADABLE} when the data could not be read, {@link #USAGE}
 * when the command was given something that does not fit. A stack trace only with {@code --debug}, which this class
 * adds to every command because it alone reads it.
 */
final class Failures {
    static final int UNREADABLE = 1;
    static final int USAGE = 2;
    private static final String DEBUG = "--debug";
    /** A root named by a URI (a scheme of two or more characters, as StoreDescriptor reads it) with a query. */
    private static final Pattern URI_WITH_QUERY = Pattern.compile("[A-Za-z][A-Za-z0-9+.-]+:[^?]*\\?.*", Pattern.DOTALL);

    private Failures() {
    }

    /** A command whose failures are located on disk, under the directory the failing node belongs to. */
    interface Located {
        /**
         * The hierarchy a failure happened in, as the user named it (a directory or a URI): its node path, member and
         * chunk key are relative to it.
         */
        String rootOf(ZarrException e);
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
            case ZarrException z when command.getCommand() instanceof Located c -> located(c.rootOf(z), z);
            case ZarrException z -> z.getMessage();
            default -> "unexpected " + e + (debugRequested(parsed) ? "" : " (--debug shows where)");
        };
        err.println(command.getCommandSpec().qualifiedName() + ": " + oneLine(what));
        return e instanceof ZarrException.BadRequest ? USAGE : UNREADABLE;
    }

    /**
     * A failure in words, located on disk: the node's directory, then the zarr.json member or the chunk at fault. A
     * URI's query ({@code ?retryTime=30}) goes after all of that, apart, so the key stays on the path.
     */
    static String located(String root, ZarrException e) {
        StringBuilder inside = new StringBuilder();
        if (e.node() != null && !e.node().equals("/")) {
            inside.append(e.node());
        }
        if (e.member() != null) {
            inside.append("/zarr.json at ").append(e.member().isEmpty() ? "/" : e.member());
        }
        if (e.chunkKey() != null) {
            inside.append(e instanceof ZarrException.StoreFailure ? "/" : " chunk ").append(e.chunkKey());
        }
        int query = URI_WITH_QUERY.matcher(root).matches() ? root.indexOf('?') : -1;
        String where = query < 0 || inside.isEmpty() ? root + inside
                : root.substring(0, query) + inside + " (with " + root.substring(query) + ")";
        return where + ": " + e.reason();
    }

    private static boolean debugRequested(ParseResult parsed) {
        for (ParseResult r = parsed; r != null; r = r.subcommand()) {
            if (r.hasMatchedOption(DEBUG)) {
                return true;
            }
        }
        return false;
    }

    /** One line, whatever names the message quotes: their newlines and other controls show as escapes. */
    private static String oneLine(String message) {
        return TerminalText.of(String.valueOf(message).strip());
    }
}
