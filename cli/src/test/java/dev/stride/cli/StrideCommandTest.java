package dev.stride.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class StrideCommandTest {

    @Test
    void versionNamesStrideAndJava() {
        CliRun run = CliRun.of("--version");
        assertEquals(0, run.exitCode());
        assertTrue(run.out().matches("stride \\d+\\.\\d+\\.\\d+\\S*\nJava 2\\d.*\n"), run.out());
    }

    @Test
    void helpListsTheCommandsAndExitCodes() {
        CliRun run = CliRun.of("--help");
        assertEquals(0, run.exitCode());
        for (String expected : new String[] {"info ", "cat ", "scan ", "copy ", "demo ", "Exit codes:", "--debug"}) {
            assertTrue(run.out().contains(expected), run.out());
        }
    }

    /** Each command's help the same whether it is asked of the command (built alone) or of help (built with all). */
    @ParameterizedTest
    @ValueSource(strings = {"info", "cat", "scan", "index", "copy", "tune", "export", "demo"})
    void everyCommandHasHelp(String command) {
        CliRun run = CliRun.of(command, "--help");
        assertEquals(0, run.exitCode());
        assertTrue(run.out().startsWith("Usage: stride " + command + " "), run.out());
        assertTrue(run.out().contains("--debug"), "the top command's inherited option: " + run.out());
        assertEquals(run.out(), CliRun.of("help", command).out());
    }
}
