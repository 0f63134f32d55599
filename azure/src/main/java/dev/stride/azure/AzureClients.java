package dev.stride.azure;

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
 * Builds the SDK's blob service clients of a store's settings: its endpoint, its credential (the secret read from the
 * environment here and handed to the SDK, kept nowhere else), and the retries and per-attempt timeout of
 * {@link HttpSettings}.
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

    private AzureClients() {
    }

    /**
     * A builder of clients for the store's account, credential and settings.
     *
     * @param env the environment the credential's secret is read from
     */
    static BlobServiceClientBuilder builder(AzureConfig config, HttpSettings settings, Map<String, String> env) {
        BlobServiceClientBuilder builder = new BlobServiceClientBuilder()
                .httpClient(Shared.HTTP)
                .retryOptions(new RequestRetryOptions(RetryPolicyType.EXPONENTIAL, settings.retries() + 1, settings.timeout(),
                        RETRY_DELAY, MAX_RETRY_DELAY, null));
        AzureConfig.Credential credential = config.credential();
        if (credential == AzureConfig.Credential.CONNECTION_STRING) {
            builder.connectionString(env.get(credential.variable()).strip());
        }
        if (config.endpoint() != null) {
            builder.endpoint(config.endpoint().toString());
        }
        switch (credential) {
            case ACCOUNT_KEY -> builder.credential(new StorageSharedKeyCredential(config.account(), env.get(credential.variable()).strip()));
            case SAS_TOKEN -> builder.sasToken(env.get(credential.variable()).strip());
            case DEFAULT_CHAIN -> builder.credential(new DefaultAzureCredentialBuilder().build());
            case ANONYMOUS, CONNECTION_STRING -> {
                // nothing to add: no authorization, or the connection string's
            }
        }
        return builder;
    }
}
