package dev.stride.cli;

import dev.stride.model.Json;
import dev.stride.internal.json.JsonCodec;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

/**
 * Runs many command lines in one JVM, for checkers that would otherwise start a JVM per command (checks/export/run.sh):
 * each line of stdin is a JSON list of arguments (without "stride"), each answer a JSON line on stdout,
 * {@code {"rc": exit code, "out": what the command printed, "err": its stderr}}. A command that writes to the process's
 * own stdout (export to "-") does not belong here.
 *
 * <p>usage: java OPTIONS -cp cli/target/stride.jar:cli/target/test-classes dev.stride.cli.CommandBatch
 */
public final class CommandBatch {
    private CommandBatch() {
    }

    public static void main(String[] args) throws Exception {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        PrintWriter answers = new PrintWriter(System.out, false, StandardCharsets.UTF_8);
        for (String line; (line = in.readLine()) != null; ) {
            List<Json> items = ((Json.JArray) JsonCodec.parse(line.getBytes(StandardCharsets.UTF_8))).items();
            String[] argv = items.stream().map(j -> ((Json.JString) j).value()).toArray(String[]::new);
            StringWriter out = new StringWriter();
            StringWriter err = new StringWriter();
            int rc = Main.commandLine(new PrintWriter(out, true), new PrintWriter(err, true), argv).execute(argv);
            answers.println(JsonCodec.print(new Json.JObject(Map.of("rc", new Json.JNumber(Integer.toString(rc)),
                    "out", new Json.JString(out.toString()), "err", new Json.JString(err.toString())))));
            answers.flush();
        }
    }
}
