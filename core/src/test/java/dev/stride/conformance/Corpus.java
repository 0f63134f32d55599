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
    /** The manifest of the Zarr v2 cases, below the shared conformance folder; its paths are relative to its own folder. */
    public static final String V2_MANIFEST = "zarr-v2/manifest.json";

    private Corpus() {
    }

    public record Case(String path, String expect, String reason, Json values, Path dir) {
        /** The case's path below the shared conformance folder, where a server of that whole folder has it. */
        public String served() {
            return shared().resolve("conformance").relativize(dir).toString().replace('\\', '/');
        }
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

    /** The cases of the Zarr v3 manifest. */
    public static List<Case> cases() {
        return cases("manifest.json");
    }

    /**
     * The cases of the Zarr v2 manifest: zarr-python 2 and numcodecs output, its values as its {@code about} spells
     * them (S as base64 without trailing NULs, V as byte values).
     */
    public static List<Case> v2Cases() {
        return cases(V2_MANIFEST);
    }

    /** The cases of the manifest at {@code manifest} below the shared conformance folder ({@link #V2_MANIFEST}). */
    public static List<Case> cases(String manifest) {
        Path file = shared().resolve("conformance").resolve(manifest);
        Path root = file.getParent();
        try {
            Json.JObject listed = (Json.JObject) JsonCodec.parse(Files.readAllBytes(file));
            List<Case> out = new ArrayList<>();
            for (Json c : ((Json.JArray) listed.get("cases")).items()) {
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
