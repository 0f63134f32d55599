package dev.stride.azure;

import com.azure.core.exception.ClientAuthenticationException;
import com.azure.storage.blob.models.BlobErrorCode;
import com.azure.storage.blob.models.BlobStorageException;
import dev.stride.model.ZarrException;
import reactor.core.Exceptions;

/**
 * Turns what the SDK throws into the store failures of the SPI, each naming the key, the container and account, and the
 * request's URL (never its query, where a SAS token would be). The service's answers are not passed on, as message or
 * cause: they quote whole responses, which echo what the request signed; a failure to reach it keeps its cause.
 */
final class AzureFailures {
    private final AzureConfig config;
    private final String accountLabel;

    /**
     * @param accountName the account as the SDK resolved it (from the connection string when nothing else named it)
     */
    AzureFailures(AzureConfig config, String accountName) {
        this.config = config;
        this.accountLabel = "container '" + config.location().container() + "' of the account '" + accountName + "'";
    }

    /** The HTTP status of a failure the service answered, or 0 for one it did not (no answer, no credential). */
    static int status(Throwable e) {
        return Exceptions.unwrap(e) instanceof BlobStorageException b ? b.getStatusCode() : 0;
    }

    /** Whether the service answered that the container itself does not exist (a 404 that is no missing key). */
    static boolean containerMissing(Throwable e) {
        return Exceptions.unwrap(e) instanceof BlobStorageException b && BlobErrorCode.CONTAINER_NOT_FOUND.equals(b.getErrorCode());
    }

    /**
     * The failure to {@code action} ({@code "read"}) the key (or listing prefix) {@code key} at {@code url}.
     *
     * @param url the blob's or container's URL, without a query
     */
    ZarrException.StoreFailure failure(String key, String action, String url, Throwable thrown) {
        Throwable e = Exceptions.unwrap(thrown);
        String reason;
        Throwable cause = null;
        if (e instanceof BlobStorageException b) {
            String code = b.getErrorCode() == null ? "" : " " + b.getErrorCode();
            reason = switch (b.getStatusCode()) {
                case 401, 403 -> "cannot be " + action + ": the service refused the " + accountLabel + " (" + b.getStatusCode() + code
                        + ") to " + config.credential().description() + "; check that it is the account's and grants access (" + url + ")";
                case 404 -> containerMissing(b)
                        ? "cannot be " + action + ": the " + accountLabel + " does not exist (" + url + ")"
                        : "cannot be " + action + ": not found (" + b.getStatusCode() + code + ", " + url + ")";
                default -> "cannot be " + action + ": the service answered " + b.getStatusCode() + code + " for the " + accountLabel + " (" + url + ")";
            };
        } else if (e instanceof ClientAuthenticationException) {
            reason = "cannot be " + action + ": no credential of " + config.credential().description() + " could sign in for the "
                    + accountLabel + " (set AZURE_STORAGE_KEY, AZURE_STORAGE_SAS_TOKEN or AZURE_STORAGE_CONNECTION_STRING, log in with "
                    + "az login, or use anonymous=true for a public container)";
        } else {
            reason = "cannot be " + action + ": the " + accountLabel + " could not be reached (" + e.getClass().getSimpleName()
                    + (e.getMessage() == null ? "" : ": " + firstLine(e.getMessage())) + ", " + url + ")";
            cause = e;
        }
        return new ZarrException.StoreFailure(key, reason, cause);
    }

    private static String firstLine(String text) {
        int nl = text.indexOf('\n');
        return nl < 0 ? text : text.substring(0, nl);
    }
}
