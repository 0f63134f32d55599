package dev.stride.s3;

import dev.stride.http.KeyPaths;
import dev.stride.model.ZarrException;

import java.net.URI;

/**
 * Where a store lives in S3: {@code s3://bucket/prefix/data.zarr} is the bucket {@code bucket} and the key prefix
 * {@code prefix/data.zarr/}, which every store key is appended to.
 *
 * @param bucket the bucket's name
 * @param keyPrefix {@code ""} for a store at the bucket's root, else the object key prefix ending in {@code /}
 */
public record S3Location(String bucket, String keyPrefix) {

    /**
     * The location of an {@code s3://bucket[/prefix]} URI.
     *
     * @throws ZarrException.BadRequest when the URI is not of that form
     */
    public static S3Location of(URI uri) {
        if (!"s3".equalsIgnoreCase(uri.getScheme()) || uri.isOpaque()) {
            throw new ZarrException.BadRequest(null, "'" + uri + "' is not an S3 URI (s3://bucket/prefix)");
        }
        // the raw authority, not getHost: legacy bucket names with '_' are no host names
        String bucket = uri.getRawAuthority();
        if (bucket == null || bucket.isEmpty() || !bucket.matches("[A-Za-z0-9._-]+")) {
            throw new ZarrException.BadRequest(null, "the S3 URI " + uri + " names no bucket (s3://bucket/prefix)");
        }
        String prefix = KeyPaths.objectPrefix(uri.getPath());
        if (prefix == null) {
            throw new ZarrException.BadRequest(null, "the S3 URI " + uri + " has an empty path segment");
        }
        return new S3Location(bucket, prefix);
    }

    /** The object key of a store key. */
    public String objectKey(String storeKey) {
        return keyPrefix + storeKey;
    }

    /** The URI this location was read from, in its normal form. */
    public URI uri() {
        return URI.create("s3://" + bucket + "/" + KeyPaths.encode(keyPrefix.isEmpty() ? "" : keyPrefix.substring(0, keyPrefix.length() - 1)));
    }
}
