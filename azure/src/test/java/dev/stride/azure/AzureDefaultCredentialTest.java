package dev.stride.azure;

import com.azure.core.http.jdk.httpclient.JdkHttpClientBuilder;
import com.azure.core.util.BinaryData;
import com.azure.storage.blob.BlobContainerClient;
import com.azure.storage.blob.BlobServiceClientBuilder;
import com.azure.storage.common.StorageSharedKeyCredential;
import com.sun.net.httpserver.HttpServer;
import dev.stride.Zarr;
import dev.stride.ZarrArray;
import dev.stride.azure.testing.Azurite;
import dev.stride.conformance.Corpus;
import dev.stride.model.FieldStats;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.time.Instant;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The DefaultAzureCredential chain, for real: Azurite started over HTTPS (a self-signed certificate made here with the
 * JDK's keytool) with {@code --oauth basic}, which checks a bearer token's lifetime, issuer and audience (not its
 * signature), and a loopback stand-in for App Service's managed identity endpoint ({@code IDENTITY_ENDPOINT},
 * {@code IDENTITY_HEADER}), which the chain asks for a token when the environment names no client secret. Each read
 * runs in a child JVM ({@link DefaultChainReader}) with no Azure secret in its environment and the certificate in its
 * trust store, as a user's process would.
 */
class AzureDefaultCredentialTest {
    private static final String CASE = "struct/record13_zstd";
    private static final String PASSWORD = "stride-test";
    private static final String IDENTITY_HEADER = "stride-identity-header";
    private static final String TENANT = "72f988bf-86f1-41af-91ab-2d7cd011db47";

    private static Path work;
    private static URI endpoint;
    private static String container;
    private static HttpServer identity;
    /** The audience the identity endpoint puts in its next tokens. */
    private static volatile String audience;
    /** Each request the identity endpoint answered: its query and its X-IDENTITY-HEADER. */
    private static final List<String> REQUESTS = new CopyOnWriteArrayList<>();

    @BeforeAll
    static void start() throws Exception {
        Azurite.get();
        work = Path.of("target", "azurite-oauth").toAbsolutePath();
        Files.createDirectories(work);
        Path pfx = work.resolve("azurite.pfx");
        Path trust = work.resolve("trust.p12");
        Files.deleteIfExists(pfx);
        Files.deleteIfExists(trust);
        keytool("-genkeypair", "-alias", "azurite", "-keyalg", "RSA", "-keysize", "2048", "-validity", "2", "-dname", "CN=127.0.0.1",
                "-ext", "san=ip:127.0.0.1", "-keystore", pfx.toString(), "-storetype", "PKCS12", "-storepass", PASSWORD, "-keypass", PASSWORD);
        keytool("-exportcert", "-rfc", "-alias", "azurite", "-keystore", pfx.toString(), "-storepass", PASSWORD,
                "-file", work.resolve("azurite.crt").toString());
        keytool("-importcert", "-noprompt", "-alias", "azurite", "-file", work.resolve("azurite.crt").toString(),
                "-keystore", trust.toString(), "-storetype", "PKCS12", "-storepass", PASSWORD);
        endpoint = Azurite.launch(work.resolve("server"), List.of("--cert", pfx.toString(), "--pwd", PASSWORD, "--oauth", "basic"));
        container = uploadCase(trust);

        identity = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        identity.createContext("/msi/token", exchange -> {
            REQUESTS.add(exchange.getRequestURI().getQuery() + " header=" + exchange.getRequestHeaders().getFirst("X-IDENTITY-HEADER"));
            long now = Instant.now().getEpochSecond();
            byte[] body = ("{\"access_token\":\"" + token(audience, now) + "\",\"expires_on\":\"" + (now + 3600)
                    + "\",\"resource\":\"https://storage.azure.com\",\"token_type\":\"Bearer\"}").getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "application/json");
            exchange.sendResponseHeaders(200, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        identity.start();
    }

    @AfterAll
    static void stop() {
        if (identity != null) {
            identity.stop(0);
        }
    }

    @Test
    void aManagedIdentityTokenForStorageReadsTheArrayOverHttps() throws Exception {
        audience = "https://storage.azure.com";
        REQUESTS.clear();
        Corpus.Case c = corpusCase();
        double expected;
        try (Zarr zarr = Zarr.open(c.dir()); ZarrArray array = zarr.array("/")) {
            FieldStats local = array.scan("value");
            assertEquals(1000, local.count());
            expected = local.sumAsDouble();
        }

        Run run = read();

        assertEquals(0, run.exit(), run.output());
        assertEquals("count=1000 sum=" + expected, run.output().strip());
        assertTrue(!REQUESTS.isEmpty() && REQUESTS.stream().allMatch(r -> r.contains("resource=https://storage.azure.com")
                && r.endsWith("header=" + IDENTITY_HEADER)), "the chain asked the identity endpoint for a storage token: " + REQUESTS);
    }

    @Test
    void aTokenForAnotherAudienceIsRefusedNamingTheChain() throws Exception {
        audience = "https://vault.azure.net";
        REQUESTS.clear();

        Run run = read();

        assertEquals(3, run.exit(), run.output());
        assertTrue(run.output().startsWith("failure=StoreFailure: "), run.output());
        assertTrue(run.output().contains("the service refused the container '" + container + "' of the account '" + Azurite.ACCOUNT
                + "' (403"), run.output());
        assertTrue(run.output().contains("to the DefaultAzureCredential chain"), run.output());
        assertTrue(!REQUESTS.isEmpty(), "the chain asked the identity endpoint");
    }

    private record Run(int exit, String output) {
    }

    /** The corpus case's sum of {@code value} in a child JVM whose credential can only come from the chain. */
    private static Run read() throws IOException, InterruptedException {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        ProcessBuilder pb = new ProcessBuilder(java, "--enable-native-access=ALL-UNNAMED", "-Djavax.net.ssl.trustStore=" + work.resolve("trust.p12"),
                "-Djavax.net.ssl.trustStorePassword=" + PASSWORD, "-cp", System.getProperty("java.class.path"),
                DefaultChainReader.class.getName(), "az://" + container + "/record13.zarr?endpoint=" + endpoint, "value");
        Map<String, String> env = pb.environment();
        env.keySet().removeIf(name -> name.startsWith("AZURE_") || name.startsWith("IDENTITY_") || name.startsWith("MSI_"));
        env.put("IDENTITY_ENDPOINT", "http://127.0.0.1:" + identity.getAddress().getPort() + "/msi/token");
        env.put("IDENTITY_HEADER", IDENTITY_HEADER);
        // nothing of the machine's own Azure logins (az, IDEs, token caches) is found under a home of its own
        Path home = Files.createDirectories(work.resolve("home"));
        env.put("HOME", home.toString());
        pb.redirectError(work.resolve("child.log").toFile());
        Process p = pb.start();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(3, TimeUnit.MINUTES)) {
            p.destroyForcibly();
            throw new AssertionError("the child JVM did not finish; see " + work.resolve("child.log"));
        }
        return new Run(p.exitValue(), output + (p.exitValue() == 0 ? "" : "\n(stderr in " + work.resolve("child.log") + ")"));
    }

    /**
     * A JWT as Azure AD issues them for storage, unsigned: Azurite's basic OAuth checks the claims, never the signature,
     * so a signature would prove nothing here.
     */
    private static String token(String aud, long now) {
        String header = "{\"alg\":\"RS256\",\"typ\":\"JWT\"}";
        String claims = "{\"aud\":\"" + aud + "\",\"iss\":\"https://sts.windows.net/" + TENANT + "/\",\"iat\":" + (now - 60)
                + ",\"nbf\":" + (now - 60) + ",\"exp\":" + (now + 3600) + ",\"tid\":\"" + TENANT + "\"}";
        Base64.Encoder b64 = Base64.getUrlEncoder().withoutPadding();
        return b64.encodeToString(header.getBytes(StandardCharsets.UTF_8)) + "." + b64.encodeToString(claims.getBytes(StandardCharsets.UTF_8))
                + "." + b64.encodeToString("unsigned".getBytes(StandardCharsets.UTF_8));
    }

    /** Uploads the corpus case's files, signed with the account key, through a client that trusts the certificate. */
    private static String uploadCase(Path trust) throws IOException, GeneralSecurityException {
        KeyStore store = KeyStore.getInstance("PKCS12");
        try (InputStream in = Files.newInputStream(trust)) {
            store.load(in, PASSWORD.toCharArray());
        }
        TrustManagerFactory trustManagers = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        trustManagers.init(store);
        SSLContext tls = SSLContext.getInstance("TLS");
        tls.init(null, trustManagers.getTrustManagers(), null);
        BlobContainerClient client = new BlobServiceClientBuilder().endpoint(endpoint.toString())
                .credential(new StorageSharedKeyCredential(Azurite.ACCOUNT, Azurite.key()))
                .httpClient(new JdkHttpClientBuilder(java.net.http.HttpClient.newBuilder().sslContext(tls)).build())
                .buildClient().createBlobContainer("chain");
        Path dir = corpusCase().dir();
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path file : files.filter(Files::isRegularFile).toList()) {
                client.getBlobClient("record13.zarr/" + dir.relativize(file).toString().replace('\\', '/'))
                        .upload(BinaryData.fromBytes(Files.readAllBytes(file)));
            }
        }
        return client.getBlobContainerName();
    }

    private static Corpus.Case corpusCase() {
        return Corpus.cases().stream().filter(k -> k.path().equals(CASE)).findFirst().orElseThrow();
    }

    private static void keytool(String... args) throws IOException, InterruptedException {
        Path keytool = Path.of(System.getProperty("java.home"), "bin", "keytool");
        Process p = new ProcessBuilder(Stream.concat(Stream.of(keytool.toString()), Stream.of(args)).toList())
                .redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(1, TimeUnit.MINUTES) || p.exitValue() != 0) {
            throw new IOException("keytool " + args[0] + " failed: " + out);
        }
    }
}
