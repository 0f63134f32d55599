package dev.stride.azure;

import com.azure.core.credential.TokenCredential;
import com.azure.core.http.HttpClient;
import com.azure.core.http.jdk.httpclient.JdkHttpClientBuilder;
import com.azure.identity.DefaultAzureCredentialBuilder;
import com.azure.storage.blob.BlobServiceClientBuilder;
import com.azure.storage.common.StorageSharedKeyCredential;
import com.azure.storage.common.policy.RequestRetryOptions;
import com.azure.storage.common.policy.RetryPolicyType;
import dev.stride.http.HttpSettings;

import java.time.Duration;
import java.util.Map;

/**
 * Builds a store's SDK clients (listing, writes, deletes) and the signer of its reads, which go through Stride's own
 * HTTP transport, from one credential: its endpoint, its secret (read from the environment here and handed to the SDK
 * and the signer, kept nowhere else), and the retries and per-attempt timeout of {@link HttpSettings}.
 */
final class AzureClients {
    /**
     * One HTTP client for every store of the JVM: the JDK's, which pools connections per host. Made on first use, since
     * a JVM that never opens an Azure store should not start its threads.
     */
    private static final class Shared {
        static final HttpClient HTTP = new JdkHttpClientBuilder().build();
    }

    /** The first retry waits this long, each later one twice as long up to {@link #MAX_RETRY_DELAY}. */
    private static final Duration RETRY_DELAY = Duration.ofSeconds(1);
    private static final Duration MAX_RETRY_DELAY = Duration.ofSeconds(32);

    /**
     * What a store is made of.
     *
     * @param builder the builder of the SDK's clients
     * @param signer what signs the reads
     * @param sas the SAS token the reads' URIs carry as their query, or null
     */
    record Made(BlobServiceClientBuilder builder, AzureSigner signer, String sas) {
    }

    private AzureClients() {
    }

    /**
     * The clients and read signer of the store's account, credential and settings.
     *
     * @param env the environment the credential's secret is read from
     */
    static Made of(AzureConfig config, HttpSettings settings, Map<String, String> env) {
        BlobServiceClientBuilder builder = new BlobServiceClientBuilder()
                .httpClient(Shared.HTTP)
                .retryOptions(new RequestRetryOptions(RetryPolicyType.EXPONENTIAL, settings.retries() + 1, settings.timeout(),
                        RETRY_DELAY, MAX_RETRY_DELAY, null));
        AzureConfig.Credential credential = config.credential();
        String secret = credential.variable() == null ? null : env.get(credential.variable()).strip();
        if (credential == AzureConfig.Credential.CONNECTION_STRING) {
            builder.connectionString(secret);
        }
        if (config.endpoint() != null) {
            builder.endpoint(config.endpoint().toString());
        }
        return switch (credential) {
            case ACCOUNT_KEY -> {
                StorageSharedKeyCredential key = new StorageSharedKeyCredential(config.account(), secret);
                builder.credential(key);
                yield new Made(builder, new AzureSigner(key, null), null);
            }
            case SAS_TOKEN -> {
                builder.sasToken(secret);
                yield new Made(builder, new AzureSigner(null, null), sasQuery(secret));
            }
            case DEFAULT_CHAIN -> {
                TokenCredential chain = new DefaultAzureCredentialBuilder().build();
                builder.credential(chain);
                yield new Made(builder, new AzureSigner(null, chain), null);
            }
            case ANONYMOUS -> new Made(builder, new AzureSigner(null, null), null);
            case CONNECTION_STRING -> {
                // the key as the SDK read it (the emulator's well-known one for UseDevelopmentStorage=true), else its SAS
                StorageSharedKeyCredential key = StorageSharedKeyCredential.getSharedKeyCredentialFromPipeline(builder.buildClient().getHttpPipeline());
                String sas = key == null ? AzureConfig.connectionStringPart(secret, "SharedAccessSignature") : null;
                yield new Made(builder, new AzureSigner(key, null), sas == null ? null : sasQuery(sas));
            }
        };
    }

    /** A SAS token as a URI's query: without the {@code ?} it is often copied with. */
    private static String sasQuery(String sas) {
        return sas.startsWith("?") ? sas.substring(1) : sas;
    }
}
