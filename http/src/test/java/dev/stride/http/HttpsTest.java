package dev.stride.http;

import dev.stride.internal.memory.ThreadScratch;
import dev.stride.http.testing.Nginx;
import dev.stride.model.ZarrException;
import dev.stride.spi.ValuePart;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.InputStream;
import java.lang.foreign.ValueLayout;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.cert.CertificateFactory;
import java.util.Arrays;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * https:// through the JDK's client (the path plain http:// leaves only for bodies it cannot delimit), against nginx
 * with a certificate made for the test by openssl: ranges, prefixes, suffixes and missing keys as over http://, a
 * range answered with the whole value refused for the store to read whole values, and a server the client does not
 * trust refused at once, not retried.
 */
class HttpsTest {

    @Test
    void rangesOverTls(@TempDir Path dir) throws Exception {
        byte[] data = new byte[100_000];
        new Random(7).nextBytes(data);
        Path root = Files.createDirectories(dir.resolve("root"));
        Files.write(root.resolve("data.bin"), data);
        Path cert = dir.resolve("cert.pem");
        Path key = dir.resolve("key.pem");
        certificate(cert, key);
        try (Nginx nginx = Nginx.serveTls(root, cert, key); ThreadScratch scratch = new ThreadScratch();
             HttpTransport trusting = new HttpTransport(HttpSettings.DEFAULTS, StatusWording.PLAIN, trusting(cert));
             HttpTransport doubting = new HttpTransport(HttpSettings.DEFAULTS)) {
            URI uri = nginx.uri("data.bin");
            assertEquals("https", uri.getScheme());
            ValuePart range = trusting.get(uri, "data.bin", ByteRange.of(1000, 5000), Map.of(), RequestSigner.NONE, scratch, this);
            assertArrayEquals(Arrays.copyOfRange(data, 1000, 6000), range.bytes().toArray(ValueLayout.JAVA_BYTE));
            assertEquals(data.length, range.valueSize());
            ValuePart suffix = trusting.get(uri, "data.bin", ByteRange.suffix(64), Map.of(), RequestSigner.NONE, scratch, this);
            assertArrayEquals(Arrays.copyOfRange(data, data.length - 64, data.length), suffix.bytes().toArray(ValueLayout.JAVA_BYTE));
            ValuePart prefix = trusting.get(uri, "data.bin", ByteRange.prefix(1 << 20), Map.of(), RequestSigner.NONE, scratch, this);
            assertArrayEquals(data, prefix.bytes().toArray(ValueLayout.JAVA_BYTE), "a prefix longer than the value is all of it");
            assertNull(trusting.get(nginx.uri("nothing.bin"), "nothing.bin", ByteRange.whole(), Map.of(), RequestSigner.NONE, scratch, this));
            var ignored = assertThrows(ZarrException.StoreFailure.class, () -> trusting.get(nginx.uri("norange/data.bin"), "data.bin",
                    ByteRange.of(10, 20), Map.of(), RequestSigner.NONE, scratch, this));
            assertTrue(IgnoredRange.caused(ignored) && ignored.getMessage().contains("after 1 attempt")
                    && ignored.getMessage().contains("the server ignored Range: bytes=10-29 and answered with the whole value of 100000 bytes"),
                    ignored.getMessage());
            range = trusting.get(uri, "data.bin", ByteRange.of(10, 20), Map.of(), RequestSigner.NONE, scratch, this);
            assertArrayEquals(Arrays.copyOfRange(data, 10, 30), range.bytes().toArray(ValueLayout.JAVA_BYTE), "the client reads on");
            long started = System.nanoTime();
            var e = assertThrows(ZarrException.StoreFailure.class,
                    () -> doubting.get(uri, "data.bin", ByteRange.prefix(10), Map.of(), RequestSigner.NONE, scratch, this));
            assertTrue(e.getMessage().contains("after 1 attempt"), e.getMessage());
            assertTrue(System.nanoTime() - started < TimeUnit.SECONDS.toNanos(10));
        }
    }

    /** A self-signed certificate for 127.0.0.1, by openssl. */
    private static void certificate(Path cert, Path key) throws Exception {
        Process p;
        try {
            p = new ProcessBuilder("openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=127.0.0.1",
                    "-addext", "subjectAltName=IP:127.0.0.1", "-keyout", key.toString(), "-out", cert.toString())
                    .redirectErrorStream(true).start();
        } catch (IOException noOpenssl) {
            Assumptions.abort("openssl is not installed");
            return;
        }
        String output = new String(p.getInputStream().readAllBytes());
        assertTrue(p.waitFor(30, TimeUnit.SECONDS) && p.exitValue() == 0, output);
    }

    private static SSLContext trusting(Path cert) throws Exception {
        KeyStore trusted = KeyStore.getInstance(KeyStore.getDefaultType());
        trusted.load(null, null);
        try (InputStream in = Files.newInputStream(cert)) {
            trusted.setCertificateEntry("test", CertificateFactory.getInstance("X.509").generateCertificate(in));
        }
        TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        tmf.init(trusted);
        SSLContext tls = SSLContext.getInstance("TLS");
        tls.init(null, tmf.getTrustManagers(), null);
        return tls;
    }
}
