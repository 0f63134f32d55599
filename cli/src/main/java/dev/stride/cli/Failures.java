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
 * adds to every command because it alone reads it. Running out of memory is one line too, naming the setting to raise.
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
        // picocli hands only Exceptions to the handler: an OutOfMemoryError would end the JVM with its stack trace
        CommandLine.IExecutionStrategy run = new CommandLine.RunLast();
        cli.setExecutionStrategy(parsed -> {
            try {
                return run.execute(parsed);
            } catch (OutOfMemoryError e) {
                throw new CommandLine.ExecutionException(parsed.asCommandLineList().getLast(), "out of memory", e);
            }
        });
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
        OutOfMemoryError memory = outOfMemory(e);
        String what = switch (e) {
            case Exception ignored when memory != null -> outOfMemory(memory, Runtime.getRuntime().maxMemory());
            case ZarrException z when command.getCommand() instanceof Located c -> located(c.rootOf(z), z);
            case ZarrException z -> z.getMessage();
            default -> "unexpected " + e + (debugRequested(parsed) ? "" : " (--debug shows where)");
        };
        err.println(command.getCommandSpec().qualifiedName() + ": " + oneLine(what));
        return e instanceof ZarrException.BadRequest && memory == null ? USAGE : UNREADABLE;
    }

    /** The OutOfMemoryError that caused {@code e} (a task on another thread may have wrapped it), or null. */
    private static OutOfMemoryError outOfMemory(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof OutOfMemoryError memory) {
                return memory;
            }
        }
        return null;
    }

    /**
     * Running out of memory in words: which memory, and the launcher's setting that gives more, at twice what the heap
     * had (rounded up to 64 MiB); the JVM's own wording is kept for memory other than the heap and direct buffers.
     */
    static String outOfMemory(OutOfMemoryError e, long maxHeap) {
        String message = String.valueOf(e.getMessage());
        if (message.contains("direct buffer memory")) {
            return "out of direct buffer memory (" + message + "): give the JVM more with STRIDE_JAVA_OPTS=-XX:MaxDirectMemorySize=<size>";
        }
        if (!message.contains("Java heap space") && !message.contains("array size")) {
            return "out of memory (" + message + "): give the JVM more with STRIDE_JAVA_OPTS (java options such as -Xmx<size>)";
        }
        long mib = maxHeap >> 20;
        long more = Math.max(64, (2 * mib + 63) / 64 * 64);
        return "out of memory: the Java heap (" + mib + " MiB) is too small for this; give it more with STRIDE_JAVA_OPTS=-Xmx"
                + (more % 1024 == 0 ? more / 1024 + "g" : more + "m") + " (or larger)";
    }

    /**
     * A failure in words, located on disk: the node's directory, then the member of its zarr.json (or v2 .zarray, .zattrs)
     * or the chunk at fault. A URI's query ({@code ?retryTime=30}) goes after all of that, apart, so the key stays on the path.
     */
    static String located(String root, ZarrException e) {
        StringBuilder inside = new StringBuilder();
        if (e.node() != null && !e.node().equals("/")) {
            inside.append(e.node());
        }
        if (e.member() != null) {
            // a member of another document than zarr.json starts with its name: .zarray/dtype/2/1
            int slash = e.member().indexOf('/');
            boolean named = e.member().startsWith(".");
            String document = !named ? "zarr.json" : slash < 0 ? e.member() : e.member().substring(0, slash);
            String pointer = !named ? e.member() : slash < 0 ? "" : e.member().substring(slash);
            inside.append('/').append(document).append(" at ").append(pointer.isEmpty() ? "/" : pointer);
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

    /**
     * One line, whatever names the message quotes: their newlines and other controls show as escapes, and the user
     * information of a URI as given ({@code http://user:password@host}) not at all.
     */
    private static String oneLine(String message) {
        return TerminalText.of(ZarrException.redacted(String.valueOf(message).strip()));
    }
}
