package dev.stride.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine.HelpCommand;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ScopeType;
import picocli.CommandLine.Spec;

/**
 * The top command. Each subcommand is one class listed here; commands that read a node extend {@link NodeCommand}.
 */
@Command(name = "stride",
        // help, version, exit codes and the PATH note hold for every subcommand too
        scope = ScopeType.INHERIT,
        mixinStandardHelpOptions = true,
        versionProvider = StrideVersion.class,
        description = "Reads and writes Zarr v3 arrays, made for arrays of fixed-size records (struct).",
        subcommands = {InfoCommand.class, CatCommand.class, ScanCommand.class, IndexCommand.class, CopyCommand.class, TuneCommand.class, ExportCommand.class, DemoCommand.class, HelpCommand.class},
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
    @Spec
    private CommandSpec spec;

    @Override
    public void run() {
        throw new ParameterException(spec.commandLine(), "missing command: info, cat, scan, index, copy, tune, export or demo");
    }
}
