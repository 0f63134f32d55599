package dev.stride.azure.testing;

import com.azure.storage.blob.BlobServiceClient;
import com.azure.storage.blob.BlobServiceClientBuilder;
import com.azure.storage.common.StorageSharedKeyCredential;
import org.junit.jupiter.api.Assumptions;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * One Azurite blob service for the whole test JVM (the Azure Storage emulator, in memory, on a free loopback port),
 * started on first use by {@code checks/servers/azurite.sh}, which installs it with npm into a cache outside the clone
 * when it is missing, and stopped when the JVM exits. Its account is the emulator's well-known {@code devstoreaccount1},
 * whose published key the build gives the tests as {@code AZURE_STORAGE_ACCOUNT} and {@code AZURE_STORAGE_KEY}.
 * When Azurite cannot be installed or started, a test that needs it is skipped with a printed notice, unless
 * {@code STRIDE_REQUIRE_AZURITE=1} (CI), which makes it a failure. Each test makes containers of its own.
 */
public final class Azurite {
    /** The emulator's account. */
    public static final String ACCOUNT = "devstoreaccount1";
    private static final AtomicInteger CONTAINERS = new AtomicInteger();
    private static Azurite instance;
    private static String unavailable;

    private final URI endpoint;
    private final BlobServiceClient admin;

    private Azurite(URI endpoint) {
        this.endpoint = endpoint;
        this.admin = new BlobServiceClientBuilder().endpoint(endpoint.toString())
                .credential(new StorageSharedKeyCredential(ACCOUNT, key())).buildClient();
    }

    /** The running emulator; skips the calling test (or fails it under {@code STRIDE_REQUIRE_AZURITE=1}) when there is none. */
    public static synchronized Azurite get() {
        if (instance == null && unavailable == null) {
            try {
                instance = new Azurite(launch(Path.of("target", "azurite"), List.of()));
            } catch (IOException | RuntimeException e) {
                unavailable = e.getMessage();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                unavailable = "interrupted while starting";
            }
        }
        if (instance == null) {
            if ("1".equals(System.getenv("STRIDE_REQUIRE_AZURITE"))) {
                throw new AssertionError("STRIDE_REQUIRE_AZURITE=1 but Azurite could not be started: " + unavailable);
            }
            System.out.println("NOTICE: Azurite could not be installed or started (" + unavailable + "); skipping the tests over Azure Blob Storage");
            Assumptions.abort("Azurite unavailable");
        }
        return instance;
    }

    /** The account key the tests sign with: the emulator's published one, from the environment the build sets. */
    public static String key() {
        return System.getenv("AZURE_STORAGE_KEY");
    }

    /** {@code http://127.0.0.1:PORT/devstoreaccount1}. */
    public URI endpoint() {
        return endpoint;
    }

    /** A new empty container, named after {@code purpose} (lower-case letters and digits). */
    public String container(String purpose) {
        String name = purpose + "-" + CONTAINERS.incrementAndGet();
        admin.createBlobContainer(name);
        return name;
    }

    /** Lets anyone read and list a container without authorization. */
    public void makePublic(String container) {
        admin.getBlobContainerClient(container).setAccessPolicy(com.azure.storage.blob.models.PublicAccessType.CONTAINER, null);
    }

    /** The store URI of {@code path} in {@code container} on this emulator, with more options if given ({@code a=b&c=d}). */
    public String uri(String container, String path, String options) {
        return "az://" + container + "/" + path + "?endpoint=" + endpoint + (options.isEmpty() ? "" : "&" + options);
    }

    /**
     * Starts an emulator of its own, in memory, stopped when the JVM exits: for a test that needs Azurite started with
     * other options than the shared one's ({@code --cert}, {@code --oauth basic}).
     *
     * @param work where its log and pid go
     * @param options Azurite's command-line options, passed on as they are
     * @return its blob endpoint, {@code https://} when the options give a certificate
     * @throws IOException when the emulator cannot be installed or started
     */
    public static URI launch(Path work, List<String> options) throws IOException, InterruptedException {
        Path script = Path.of("..", "checks", "servers", "azurite.sh").toAbsolutePath().normalize();
        if (!Files.isRegularFile(script)) {
            throw new IOException(script + " is missing");
        }
        Path dir = work.toAbsolutePath();
        List<String> command = new ArrayList<>(List.of("bash", script.toString(), dir.toString()));
        if (!options.isEmpty()) {
            command.add("--");
            command.addAll(options);
        }
        Process p = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        if (!p.waitFor(10, TimeUnit.MINUTES) || p.exitValue() != 0) {
            throw new IOException("checks/servers/azurite.sh failed (" + out + ")");
        }
        long pid = Long.parseLong(Files.readString(dir.resolve("pid")).strip());
        Runtime.getRuntime().addShutdownHook(new Thread(() -> ProcessHandle.of(pid).ifPresent(ProcessHandle::destroy)));
        try {
            return URI.create(out.lines().reduce((a, b) -> b).orElseThrow());
        } catch (RuntimeException e) {
            throw new UncheckedIOException(new IOException("checks/servers/azurite.sh printed no endpoint: " + out, e));
        }
    }
}
