package dev.stride.http;

/** The {@code https} scheme: {@link HttpStore} over TLS, with the JDK's trusted certificates. */
public final class HttpsStoreProvider extends HttpStoreProvider {

    /** For {@link java.util.ServiceLoader}. */
    public HttpsStoreProvider() {
        // no state: the store keeps its settings
    }


    @Override
    public String scheme() {
        return "https";
    }
}
