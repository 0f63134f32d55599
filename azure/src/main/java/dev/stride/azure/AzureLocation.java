package dev.stride.azure;

import dev.stride.http.KeyPaths;
import dev.stride.model.ZarrException;

import java.net.URI;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Where a store lives in Azure Blob Storage, from the URI forms adlfs and fsspec users type: {@code az://container/prefix}
 * (the account given elsewhere) or {@code abfs://container@account.dfs.core.windows.net/prefix} ({@code abfss} the
 * same over TLS; a {@code blob} host in place of {@code dfs} is taken too, in every scheme). Every store key is
 * appended to the blob name prefix.
 *
 * @param scheme {@code az}, {@code abfs} or {@code abfss}, lower case
 * @param container the container's name
 * @param account the storage account the URI's host names, or null when it names none
 * @param endpointSuffix the DNS suffix of the account's cloud after its service label ({@code core.windows.net}), or
 *        null when the URI names no account
 * @param keyPrefix {@code ""} for a store at the container's root, else the blob name prefix ending in {@code /}
 */
public record AzureLocation(String scheme, String container, String account, String endpointSuffix, String keyPrefix) {
    /** Container names as Azure allows them, and its two special containers. */
    private static final Pattern CONTAINER = Pattern.compile("\\$root|\\$web|[a-z0-9](?:[a-z0-9]|-(?=[a-z0-9])){2,62}");
    /** {@code account.dfs.core.windows.net}: the account, its service label, the cloud's suffix. */
    private static final Pattern ACCOUNT_HOST = Pattern.compile("([a-z0-9]{3,24})\\.(?:dfs|blob)\\.([a-z0-9.-]+)");

    /**
     * The location of an {@code az://}, {@code abfs://} or {@code abfss://} URI.
     *
     * @throws ZarrException.BadRequest when the URI is of none of those forms, naming what is wrong
     */
    public static AzureLocation of(URI uri) {
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        if (!(scheme.equals("az") || scheme.equals("abfs") || scheme.equals("abfss")) || uri.isOpaque() || uri.getRawAuthority() == null) {
            throw new ZarrException.BadRequest(null, "'" + uri + "' is not an Azure Blob URI (az://container/prefix or "
                    + "abfss://container@account.dfs.core.windows.net/prefix)");
        }
        String authority = uri.getRawAuthority();
        int at = authority.indexOf('@');
        String container = at < 0 ? authority : authority.substring(0, at);
        String account = null;
        String suffix = null;
        if (at >= 0) {
            Matcher host = ACCOUNT_HOST.matcher(authority.substring(at + 1).toLowerCase(Locale.ROOT));
            if (!host.matches()) {
                throw new ZarrException.BadRequest(null, "the Azure URI " + uri + " names no storage account: after '@' comes "
                        + "account.dfs.core.windows.net (or account.blob.core.windows.net)");
            }
            account = host.group(1);
            suffix = host.group(2);
        }
        if (!CONTAINER.matcher(container).matches()) {
            throw new ZarrException.BadRequest(null, "the Azure URI " + uri + " names no valid container: '" + container
                    + "' is not 3 to 63 lower-case letters, digits and single hyphens");
        }
        String prefix = KeyPaths.objectPrefix(uri.getPath());
        if (prefix == null) {
            throw new ZarrException.BadRequest(null, "the Azure URI " + uri + " has an empty path segment");
        }
        return new AzureLocation(scheme, container, account, suffix, prefix);
    }

    /** The blob name of a store key. */
    public String blobName(String storeKey) {
        return keyPrefix + storeKey;
    }

    /** The URI this location was read from, in its normal form (the scheme in lower case, no trailing slash). */
    public URI uri() {
        String path = KeyPaths.encode(keyPrefix.isEmpty() ? "" : keyPrefix.substring(0, keyPrefix.length() - 1));
        String host = account == null ? "" : "@" + account + "." + (scheme.equals("az") ? "blob" : "dfs") + "." + endpointSuffix;
        return URI.create(scheme + "://" + container + host + "/" + path);
    }
}
