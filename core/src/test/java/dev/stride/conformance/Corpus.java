package dev.stride.conformance;

import dev.stride.model.Json;
import dev.stride.internal.json.JsonCodec;
import org.junit.jupiter.api.Assumptions;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The shared conformance corpus ({@code ../shared/conformance}). Tests skip with a notice when it is absent,
 * unless {@code STRIDE_REQUIRE_SHARED=1} (CI), which makes its absence a failure.
 */
public final class Corpus {
    private Corpus() {
    }

    public record Case(String path, String expect, String reason, Json values, Path dir) {
    }

    /** The shared folder, or a skipped test when it is absent and not required. */
    public static Path shared() {
        Path dir = location();
        if (!Files.isDirectory(dir.resolve("conformance"))) {
            if ("1".equals(System.getenv("STRIDE_REQUIRE_SHARED"))) {
                throw new AssertionError("STRIDE_REQUIRE_SHARED=1 but the shared folder is missing at " + dir);
            }
            System.out.println("NOTICE: conformance corpus not found at " + dir + "; skipping conformance tests");
            Assumptions.abort("conformance corpus not found at " + dir);
        }
        return dir;
    }

    /** Where the shared folder should be ({@code STRIDE_SHARED}, else {@code stride.shared}, which the build sets to ../shared); it may be absent. */
    public static Path location() {
        String configured = System.getenv().getOrDefault("STRIDE_SHARED", System.getProperty("stride.shared", "../shared"));
        return Path.of(configured).toAbsolutePath().normalize();
    }

    /** The cases of the v3 manifest ({@code conformance/manifest.json}). */
    public static List<Case> cases() {
        return cases("conformance");
    }

    /** The cases of the Zarr v2 manifest ({@code conformance/zarr-v2/manifest.json}), their folders below it. */
    public static List<Case> v2Cases() {
        return cases("conformance/zarr-v2");
    }

    private static List<Case> cases(String folder) {
        Path root = shared().resolve(folder);
        try {
            Json.JObject manifest = (Json.JObject) JsonCodec.parse(Files.readAllBytes(root.resolve("manifest.json")));
            List<Case> out = new ArrayList<>();
            for (Json c : ((Json.JArray) manifest.get("cases")).items()) {
                Json.JObject o = (Json.JObject) c;
                String path = ((Json.JString) o.get("path")).value();
                String reason = o.get("reason") instanceof Json.JString s ? s.value() : "";
                out.add(new Case(path, ((Json.JString) o.get("expect")).value(), reason, o.get("values"), root.resolve(path)));
            }
            return out;
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }
}
