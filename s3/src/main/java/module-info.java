/**
 * Stride over S3: {@code s3://bucket/prefix} stores that read, list and write, on AWS and S3-compatible servers,
 * signed with SigV4 by credentials of the AWS SDK's chain (its auth modules only, not its S3 client). The AWS
 * jars are automatic modules with stable names (each declares its Automatic-Module-Name), so requiring them is safe;
 * the name ends in "s3" as the package does, which javac's module lint would rather not see.
 */
@SuppressWarnings({"requires-automatic", "module"})
module dev.stride.s3 {
    requires transitive dev.stride.http;
    requires java.xml;
    requires software.amazon.awssdk.auth;
    requires software.amazon.awssdk.core;
    requires software.amazon.awssdk.identity.spi;
    requires software.amazon.awssdk.regions;
    requires software.amazon.awssdk.utils;

    exports dev.stride.s3;

    provides dev.stride.spi.StoreProvider with dev.stride.s3.S3StoreProvider;
}
