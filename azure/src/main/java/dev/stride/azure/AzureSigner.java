package dev.stride.azure;

import com.azure.core.credential.AccessToken;
import com.azure.core.credential.TokenCredential;
import com.azure.core.credential.TokenRequestContext;
import com.azure.storage.blob.BlobServiceVersion;
import com.azure.storage.common.StorageSharedKeyCredential;
import dev.stride.http.RequestSigner;

import java.lang.foreign.MemorySegment;
import java.net.MalformedURLException;
import java.net.URI;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;

/**
 * Signs the requests an Azure store sends through Stride's own HTTP transport (its reads) with the store's credential:
 * a shared key signs each attempt ({@code x-ms-date} and {@code Authorization: SharedKey}, the string to sign made by
 * the SDK's {@link StorageSharedKeyCredential}), a token credential (the DefaultAzureCredential chain) lends a bearer
 * token, kept until shortly before it expires; a SAS token travels in the query instead ({@link AzureStore#uriOf}) and
 * an anonymous store signs nothing. Safe from many threads.
 */
final class AzureSigner implements RequestSigner {
    /** The REST API version of every request: the one the SDK's own requests name. */
    static final String API_VERSION = BlobServiceVersion.getLatest().getVersion();
    /** What a bearer token must be good for: Azure Storage. */
    private static final TokenRequestContext STORAGE = new TokenRequestContext().addScopes("https://storage.azure.com/.default");
    /** HTTP's date ({@code Sun, 06 Dec 2026 21:05:00 GMT}): RFC 1123's formatter would leave the day's zero out. */
    private static final DateTimeFormatter HTTP_DATE = DateTimeFormatter.ofPattern("EEE, dd MMM yyyy HH:mm:ss 'GMT'", Locale.US);
    /** A token this close to its end is renewed before it is sent, so that no request arrives with an expired one. */
    private static final Duration RENEW_BEFORE = Duration.ofMinutes(2);

    private final StorageSharedKeyCredential key;
    private final TokenCredential tokens;
    private AccessToken token;

    /** A signer with one of a shared key and a token credential, or neither (anonymous, or a SAS in the query). */
    AzureSigner(StorageSharedKeyCredential key, TokenCredential tokens) {
        if (key != null && tokens != null) {
            throw new IllegalArgumentException("a shared key or a token credential, not both");
        }
        this.key = key;
        this.tokens = tokens;
    }

    @Override
    public Map<String, String> sign(String method, URI uri, Map<String, String> headers, MemorySegment body) {
        if (key != null) {
            String date = HTTP_DATE.format(OffsetDateTime.now(ZoneOffset.UTC));
            Map<String, String> signed = new HashMap<>(headers);
            signed.put("x-ms-date", date);
            // the SDK signs the header's text as it finds it, "null" when it is missing; "0" it signs as empty
            signed.put("Content-Length", Long.toString(body == null ? 0 : body.byteSize()));
            try {
                return Map.of("x-ms-date", date, "Authorization", key.generateAuthorizationHeader(uri.toURL(), method, signed));
            } catch (MalformedURLException e) {
                throw new IllegalArgumentException("not a URL: " + uri.getScheme() + "://" + uri.getRawAuthority() + uri.getRawPath(), e);
            }
        }
        return tokens == null ? Map.of() : Map.of("Authorization", "Bearer " + token());
    }

    /** A token good for a while yet, asked of the credential when the last one is near its end. */
    private synchronized String token() {
        if (token == null || token.getExpiresAt().minus(RENEW_BEFORE).isBefore(OffsetDateTime.now())) {
            token = tokens.getTokenSync(STORAGE);
        }
        return token.getToken();
    }
}
