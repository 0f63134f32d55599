package dev.stride.azure;

import com.azure.core.exception.ClientAuthenticationException;
import com.azure.storage.blob.models.BlobErrorCode;
import com.azure.storage.blob.models.BlobStorageException;
import dev.stride.http.StatusWording;
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
            int status = b.getStatusCode();
            String code = b.getErrorCode() == null ? null : b.getErrorCode().toString();
            String answered = status + (code == null ? "" : " " + code);
            String refusal = refusal(status, code);
            reason = "cannot be " + action + ": " + (refusal != null ? refusal + " (" + url + ")"
                    : status == 404 ? "not found (" + answered + ", " + url + ")"
                    : "the service answered " + answered + " for the " + accountLabel + " (" + url + ")");
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

    /**
     * What a refusal of the service means for this store, also for the reads of Stride's own transport
     * ({@link #wording()}): a 401 or 403 names the container, the account and the credential's source, a 404 for the
     * container says that it does not exist; null for any other answer, which says no more than its status.
     */
    String refusal(int status, String code) {
        return switch (status) {
            case 401, 403 -> "the service refused the " + accountLabel + " (" + status + (code == null ? "" : " " + code) + ") to "
                    + config.credential().description() + "; check that it is the account's and grants access";
            case 404 -> BlobErrorCode.CONTAINER_NOT_FOUND.toString().equals(code) ? "the " + accountLabel + " does not exist" : null;
            default -> null;
        };
    }

    /** The refusals of {@link #refusal} as the HTTP transport tells final errors. */
    StatusWording wording() {
        return (status, code, plain) -> {
            String refusal = refusal(status, code);
            return refusal != null ? refusal : plain;
        };
    }

    private static String firstLine(String text) {
        int nl = text.indexOf('\n');
        return nl < 0 ? text : text.substring(0, nl);
    }
}
