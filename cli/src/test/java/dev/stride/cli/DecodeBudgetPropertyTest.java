package dev.stride.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A malformed -Dstride.decode.budget is read once per process: it must fail every read clearly, not fall back. */
class DecodeBudgetPropertyTest {
    @TempDir
    Path dir;

    @Test
    void aBudgetThatIsNotASizeFailsTheScanNamingTheProperty() throws Exception {
        Path array = Fixtures.records(dir);
        String java = ProcessHandle.current().info().command().orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        Process p = new ProcessBuilder(java, "--enable-native-access=ALL-UNNAMED", "-Dstride.decode.budget=lots",
                "-cp", System.getProperty("java.class.path"), PeakRss.class.getName(), "scan", array.toString(), "--field", "point.y")
                .redirectErrorStream(true).start();
        List<String> lines = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).lines().toList();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "the child did not end");
        assertEquals(3, lines.size(), () -> String.join("\n", lines));
        assertEquals("2", lines.get(0), () -> String.join("\n", lines));
        assertTrue(lines.get(1).contains("system property stride.decode.budget=lots is not a size in bytes (e.g. 1073741824, 512m or 2g)"),
                lines.get(1));
    }
}
