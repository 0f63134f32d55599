package dev.stride.http;

import dev.stride.internal.memory.ThreadScratch;
import dev.stride.http.testing.LoopbackPeer;
import dev.stride.http.testing.RefusingPort;
import dev.stride.model.ZarrException;
import dev.stride.internal.memory.DecodeBudget;
import dev.stride.spi.Scratch;
import dev.stride.spi.StoreDescriptor;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Failures another attempt cannot heal end the first attempt, with the default ten retries, and say what failed: an
 * https:// URI on a plain HTTP port, a peer that does not speak HTTP, and a refused connection or an unknown host where
 * nothing has answered yet. A refused connection at a host that answered before is retried (a server restarting).
 */
class UnhealableFailuresTest {
    private final ThreadScratch scratch = new ThreadScratch(new DecodeBudget(1L << 20));

    @AfterEach
    void free() {
        scratch.close();
    }

    private static HttpStore store(URI root) {
        return HttpStore.open(new StoreDescriptor(root, Map.of()));
    }

    private static ZarrException.StoreFailure readFails(HttpStore store, Scratch scratch) {
        return assertThrows(ZarrException.StoreFailure.class, () -> store.read("c/0", 0, 10, scratch));
    }

    private static void assertMessage(ZarrException e, String... parts) {
        for (String part : parts) {
            assertTrue(e.getMessage().contains(part), () -> "'" + part + "' in: " + e.getMessage());
        }
    }

    @Test
    void httpsOnAPlainHttpPortFailsAtTheFirstAttempt() {
        try (LoopbackPeer peer = LoopbackPeer.plainHttp(); HttpStore store = store(peer.uri("https", "data.zarr"))) {
            var e = readFails(store, scratch);
            assertMessage(e, "GET " + peer.uri("https", "data.zarr/c/0"), "after 1 attempt",
                    "the TLS handshake with 127.0.0.1:" + peer.port() + " failed", "plaintext connection?");
            assertEquals(1, peer.connections());
            assertThrows(ZarrException.StoreFailure.class, () -> store.readBytes("zarr.json"));
            assertEquals(2, peer.connections());
        }
    }

    @Test
    void aPeerThatDoesNotSpeakHttpFailsAtTheFirstAttempt() {
        // an SSH server greets first and waits; nothing in its answer is HTTP
        try (LoopbackPeer peer = new LoopbackPeer("SSH-2.0-OpenSSH_9.2\r\n"); HttpStore store = store(peer.uri("http", "data.zarr"))) {
            var e = readFails(store, scratch);
            assertMessage(e, "GET " + peer.uri("http", "data.zarr/c/0"), "after 1 attempt",
                    "127.0.0.1:" + peer.port() + " does not answer in HTTP/1.1", "not an HTTP/1.x status line: SSH-2.0-OpenSSH_9.2");
            assertEquals(1, peer.connections());
            e = assertThrows(ZarrException.StoreFailure.class, () -> store.readBytes("zarr.json"));
            assertMessage(e, "after 1 attempt");
            assertEquals(2, peer.connections());
        }
    }

    @Test
    void aRefusedConnectionFailsAtTheFirstAttempt() {
        try (RefusingPort refusing = new RefusingPort(0)) {
            int port = refusing.port();
            for (String scheme : new String[] {"http", "https"}) {
                URI root = URI.create(scheme + "://127.0.0.1:" + port + "/data.zarr");
                try (HttpStore store = store(root)) {
                    var e = readFails(store, scratch);
                    assertMessage(e, "GET " + root + "/c/0", "after 1 attempt", "cannot connect to 127.0.0.1:" + port,
                            "not retried, as nothing has answered there yet");
                    assertEquals(-1, e.getMessage().indexOf("null"), e.getMessage());
                }
            }
        }
    }

    @Test
    void anUnknownHostFailsAtTheFirstAttempt() {
        // RFC 6761: no name under .invalid resolves, with or without a network
        for (String scheme : new String[] {"http", "https"}) {
            URI root = URI.create(scheme + "://stride-test.invalid/data.zarr");
            try (HttpStore store = store(root)) {
                var e = readFails(store, scratch);
                assertMessage(e, "GET " + root + "/c/0", "after 1 attempt", "the host stride-test.invalid is unknown");
            }
        }
    }

    @Test
    void aRefusedConnectionWhereTheHostAnsweredBeforeIsRetried() {
        try (LoopbackPeer peer = new LoopbackPeer("HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\nConnection: close\r\n\r\n");
             HttpStore store = HttpStore.open(new StoreDescriptor(peer.uri("http", "data.zarr"), Map.of("retries", "2")))) {
            assertEquals(null, store.read("c/0", 0, 10, scratch));
            try (RefusingPort refusing = peer.refuseFromNowOn()) {
                var e = readFails(store, scratch);
                assertMessage(e, "after 3 attempts", "cannot connect to 127.0.0.1:" + refusing.port());
                assertNotNull(e.getCause());
            }
        }
    }
}
