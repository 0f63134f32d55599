package dev.stride.http.testing;

import org.junit.jupiter.api.Assumptions;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * An nginx serving a directory on a free loopback port, from the config {@code nginx.conf} next to this class, with
 * its logs and temporary files under {@code target/nginx/}. When nginx is not installed (on the PATH or at
 * {@code /usr/sbin/nginx}) a test that starts one is skipped with a printed notice, unless
 * {@code STRIDE_REQUIRE_NGINX=1} (CI), which makes it a failure.
 */
public final class Nginx implements AutoCloseable {
    private static final AtomicInteger STARTED = new AtomicInteger();

    private final Process process;
    private final int port;
    private final Path work;
    private final String scheme;

    private Nginx(Process process, int port, Path work, String scheme) {
        this.scheme = scheme;
        this.process = process;
        this.port = port;
        this.work = work;
    }

    /** Serves {@code root} (its files at {@code /<path below root>}). */
    public static Nginx serve(Path root) {
        return serve(root, null, null);
    }

    /** Serves {@code root} over TLS with this certificate and key (PEM files), at {@code https://127.0.0.1:PORT/}. */
    public static Nginx serveTls(Path root, Path certificate, Path key) {
        return serve(root, certificate, key);
    }

    private static Nginx serve(Path root, Path certificate, Path key) {
        Path binary = binary();
        try {
            Path work = Path.of("target", "nginx", ProcessHandle.current().pid() + "-" + STARTED.incrementAndGet()).toAbsolutePath();
            Files.createDirectories(work);
            int port = freePort();
            String config;
            try (InputStream in = Nginx.class.getResourceAsStream("nginx.conf")) {
                config = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            }
            // as root nginx would run its worker as nobody, who may not read the test's files
            String user = System.getProperty("user.name").equals("root") ? "user root;" : "";
            config = config.replace("@USER@", user).replace("@WORK@", work.toString()).replace("@PORT@", Integer.toString(port))
                    .replace("@ROOT@", root.toAbsolutePath().toString())
                    .replace("@SSL@", certificate == null ? "" : " ssl")
                    .replace("@CERTIFICATE@", certificate == null ? ""
                            : "ssl_certificate " + certificate.toAbsolutePath() + "; ssl_certificate_key " + key.toAbsolutePath() + ";");
            Path conf = work.resolve("nginx.conf");
            Files.writeString(conf, config);
            Process p = new ProcessBuilder(binary.toString(), "-p", work.toString(), "-c", conf.toString(), "-e", work.resolve("error.log").toString())
                    .redirectErrorStream(true).redirectOutput(work.resolve("stdout.log").toFile()).start();
            Nginx nginx = new Nginx(p, port, work, certificate == null ? "http" : "https");
            nginx.awaitListening();
            return nginx;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Path binary() {
        for (String dir : System.getenv().getOrDefault("PATH", "").split(":")) {
            Path p = Path.of(dir.isEmpty() ? "." : dir, "nginx");
            if (Files.isExecutable(p)) {
                return p;
            }
        }
        Path p = Path.of("/usr/sbin/nginx");
        if (Files.isExecutable(p)) {
            return p;
        }
        if ("1".equals(System.getenv("STRIDE_REQUIRE_NGINX"))) {
            throw new AssertionError("STRIDE_REQUIRE_NGINX=1 but nginx is neither on the PATH nor at /usr/sbin/nginx");
        }
        System.out.println("NOTICE: nginx not found (PATH, /usr/sbin/nginx); skipping the tests that serve files over HTTP");
        Assumptions.abort("nginx not found");
        throw new AssertionError("unreachable");
    }

    /** A port nobody listened on a moment ago. */
    public static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }

    private void awaitListening() throws IOException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new IllegalStateException("nginx exited with " + process.exitValue() + ": " + log());
            }
            try (Socket s = new Socket()) {
                s.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 200);
                return;
            } catch (IOException notYet) {
                sleep(20);
            }
        }
        close();
        throw new IllegalStateException("nginx did not listen on port " + port + " within 10 s: " + log());
    }

    private String log() throws IOException {
        Path errors = work.resolve("error.log");
        return Files.exists(errors) ? Files.readString(errors) : "(no error log)";
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    public int port() {
        return port;
    }

    /** {@code http://127.0.0.1:PORT/path} ({@code path} without a leading slash), or https:// when served over TLS. */
    public URI uri(String path) {
        return URI.create(scheme + "://127.0.0.1:" + port + "/" + path);
    }

    @Override
    public void close() {
        process.destroy();
        try {
            if (!process.waitFor(5, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
