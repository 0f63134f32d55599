package dev.stride.cli;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The work the launcher records its start-up (AOT) cache over, in one JVM: the demo's records stored raw, zstd, blosc
 * and sharded, each scanned, printed and exported to Arrow and Parquet, so that the cache's classes and method
 * profiles cover every command's raw and compressed paths alike.
 *
 * <p>usage: java -XX:AOTCacheOutput=FILE OPTIONS -cp stride.jar dev.stride.cli.AotTraining EMPTY_DIR
 */
public final class AotTraining {
    /** Records of the training arrays: several chunks of each, so that every command reads on all its threads. */
    static final String RECORDS = "200000";

    /** Each stored kind as the options of {@code stride copy} that make it from the demo. */
    static final List<List<String>> KINDS = List.of(
            List.of("raw", "--chunks", "32768"),
            List.of("zstd", "--chunks", "32768", "--codec", "zstd:3"),
            List.of("blosc", "--chunks", "32768", "--codec", "blosc:lz4:5:shuffle"),
            List.of("sharded", "--chunks", "8192", "--shards", "65536", "--codec", "zstd:3"));

    /** An Azure store on a closed loopback port, tried once: what the cache records the Azure SDK's classes over. */
    static final String AZURE_WARM_UP = "az://training/x.zarr?endpoint=http://127.0.0.1:9/devstoreaccount1&anonymous=true&retries=0";

    private AotTraining() {
    }

    public static void main(String[] args) {
        if (args.length != 1) {
            System.err.println("usage: AotTraining EMPTY_DIR");
            System.exit(2);
        }
        for (List<String> command : commands(Path.of(args[0]))) {
            StringWriter err = new StringWriter();
            String[] argv = command.toArray(String[]::new);
            int code = Main.commandLine(new PrintWriter(PrintWriter.nullWriter()), new PrintWriter(err, true), argv).execute(argv);
            if (code != 0) {
                System.err.println("stride " + String.join(" ", command) + ": " + err);
                System.exit(1);
            }
        }
        // an Azure store's first request, refused on a loopback port nobody listens on: the SDK's classes (its HTTP
        // pipeline, reactor, the JDK's HTTP client) are most of what an az:// command loads beyond a local one
        Main.commandLine(new PrintWriter(PrintWriter.nullWriter()), new PrintWriter(PrintWriter.nullWriter()))
                .execute("info", AZURE_WARM_UP);
        System.exit(0);
    }

    /** The command lines of the training run, in order, writing under {@code dir}. */
    static List<List<String>> commands(Path dir) {
        String demo = dir.resolve("demo.zarr").toString();
        List<List<String>> commands = new ArrayList<>();
        commands.add(List.of("demo", "--records", RECORDS, demo));
        for (List<String> kind : KINDS) {
            String array = dir.resolve(kind.getFirst() + ".zarr").toString();
            List<String> copy = new ArrayList<>(List.of("copy", demo + "/tracks", array));
            copy.addAll(kind.subList(1, kind.size()));
            commands.add(copy);
            commands.add(List.of("scan", array, "--field", "position.lat", "--json"));
            commands.add(List.of("cat", array, "--region", "1000:2000"));
            commands.add(List.of("export", array, dir.resolve(kind.getFirst() + ".arrow").toString()));
            commands.add(List.of("export", array, dir.resolve(kind.getFirst() + ".parquet").toString()));
        }
        return commands;
    }
}
