package dev.stride.s3;

import dev.stride.http.HttpSettings;
import dev.stride.http.UploadSettings;
import dev.stride.spi.StoreDescriptor;
import dev.stride.spi.StoreProvider;
import software.amazon.awssdk.auth.credentials.DefaultCredentialsProvider;
import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.regions.providers.DefaultAwsRegionProviderChain;

import java.util.HashSet;
import java.util.Set;

/**
 * The {@code s3} scheme: {@code s3://bucket/prefix/data.zarr}, read, listed and written (see {@link S3Store}, and
 * {@link S3Config}, {@link HttpSettings} and {@link UploadSettings} for the options; a part is at least S3's 5 MiB). Credentials come from the AWS SDK's default chain: environment variables, system
 * properties, web identity, the shared profile files ({@code AWS_PROFILE}), container and instance credentials;
 * {@code anonymous=true} sends unsigned requests instead.
 */
public final class S3StoreProvider implements StoreProvider {

    /** What {@link java.util.ServiceLoader} calls. */
    public S3StoreProvider() {
        // no state: every store resolves its own settings and credentials
    }

    @Override
    public String scheme() {
        return "s3";
    }

    /** Opens a store that can be read, listed and written; nothing is asked of the server until a read. */
    @Override
    public S3Store open(StoreDescriptor where) {
        Set<String> storeOptions = new HashSet<>(S3Config.OPTION_NAMES);
        storeOptions.addAll(UploadSettings.NAMES);
        HttpSettings settings = HttpSettings.from(where, storeOptions);
        UploadSettings uploads = UploadSettings.from(where, MultipartUpload.MIN_PART);
        S3Config config = S3Config.resolve(where, System.getenv(), () -> SdkRegion.VALUE);
        return S3Store.open(config, settings, uploads, config.anonymous() ? null : DefaultCredentialsProvider.builder().build(), 0);
    }

    /** As {@link #open}: S3 needs nothing made before a key is written. */
    @Override
    public S3Store openWritable(StoreDescriptor where) {
        return open(where);
    }

    /**
     * The region of the SDK's chain (system property {@code aws.region}, profile files, the instance), or null; looked up
     * once per JVM, on first need, since off EC2 the chain waits about a second for the instance metadata service.
     */
    private static final class SdkRegion {
        static final String VALUE = lookUp();

        private static String lookUp() {
            try {
                return new DefaultAwsRegionProviderChain().getRegion().id();
            } catch (SdkClientException e) {
                return null;
            }
        }
    }
}
