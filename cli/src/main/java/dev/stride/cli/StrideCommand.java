package dev.stride.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine.HelpCommand;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ScopeType;
import picocli.CommandLine.Spec;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The top command. Each subcommand is one class listed in {@link #SUBCOMMANDS}; commands that read a node extend
 * {@link NodeCommand}.
 */
@Command(name = "stride",
        // help, version, exit codes and the PATH note hold for every subcommand too
        scope = ScopeType.INHERIT,
        mixinStandardHelpOptions = true,
        versionProvider = StrideVersion.class,
        description = "Reads and writes Zarr v3 arrays, made for arrays of fixed-size records (struct).",
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {
                "0:done",
                "1:reading or writing failed; stderr says what failed and where",
                "2:bad usage: an unknown option, or a value, region or field that",
                " :does not fit"},
        footerHeading = "%nPATH%n",
        footer = {"  The directory of a node: a hierarchy's root, or any group or array",
                "  inside it, whose zarr.json is then the root shown."})
final class StrideCommand implements Runnable {
    /**
     * The subcommands by name, in the order help lists them, each made when it is added. picocli builds a command's
     * model by reflection when it is added, which costs a fresh process more than a small command's own work, so
     * {@link Main#commandLine} adds only the one a command line runs.
     */
    static final Map<String, Supplier<Object>> SUBCOMMANDS = subcommands();

    private static Map<String, Supplier<Object>> subcommands() {
        Map<String, Supplier<Object>> all = new LinkedHashMap<>();
        all.put("info", InfoCommand::new);
        all.put("cat", CatCommand::new);
        all.put("scan", ScanCommand::new);
        all.put("index", IndexCommand::new);
        all.put("copy", CopyCommand::new);
        all.put("tune", TuneCommand::new);
        all.put("export", ExportCommand::new);
        all.put("demo", DemoCommand::new);
        all.put("help", HelpCommand::new);
        return Collections.unmodifiableMap(all);
    }

    @Spec
    private CommandSpec spec;

    @Override
    public void run() {
        throw new ParameterException(spec.commandLine(), "missing command: info, cat, scan, index, copy, tune, export or demo");
    }
}
