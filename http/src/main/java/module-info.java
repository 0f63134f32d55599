/**
 * Stride over HTTP: read-only stores for {@code http://} and {@code https://} URIs, and the HTTP engine
 * ({@link dev.stride.http.HttpTransport}, {@link dev.stride.http.RemoteStore}) other remote stores build on.
 */
module dev.stride.http {
    requires transitive dev.stride;
    requires java.net.http;

    exports dev.stride.http;

    provides dev.stride.spi.StoreProvider with dev.stride.http.HttpStoreProvider, dev.stride.http.HttpsStoreProvider;
}
