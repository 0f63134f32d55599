package dev.stride.http;

import dev.stride.Zarr;
import dev.stride.ZarrArray;
import dev.stride.conformance.Corpus;
import dev.stride.conformance.Values;
import dev.stride.http.testing.Nginx;
import dev.stride.model.Json;
import dev.stride.model.ZarrException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * The shared conformance corpus served by nginx and opened by URI ({@code http://127.0.0.1:PORT/<case>}): every ok case
 * reads the manifest's values and the same values as from its directory, every error case is refused with the same
 * kind of {@link ZarrException} as from its directory, an optional case does whatever it does from its directory;
 * and every sharded ok case the same from a server that ignores {@code Range}.
 */
class HttpConformanceTest {
    private static Nginx nginx;

    @AfterAll
    static void stop() {
        if (nginx != null) {
            nginx.close();
        }
    }

    private static Nginx nginx() {
        if (nginx == null) {
            nginx = Nginx.serve(Corpus.shared().resolve("conformance"));
        }
        return nginx;
    }

    @TestFactory
    Stream<DynamicTest> manifest() {
        List<Corpus.Case> cases = Corpus.cases();
        return cases.stream()
                .filter(c -> !c.expect().equals("skip"))
                .map(c -> DynamicTest.dynamicTest(c.expect() + " " + c.path(), () -> check(c, "/")));
    }

    /** The sharded arrays again, from nginx's /norange/, which answers every range with the whole value. */
    @TestFactory
    Stream<DynamicTest> shardedFromAServerThatIgnoresRange() {
        List<Corpus.Case> cases = Corpus.cases();
        return cases.stream()
                .filter(c -> c.expect().equals("ok") && sharded(c))
                .map(c -> DynamicTest.dynamicTest(c.path(), () -> check(c, "/norange/")));
    }

    private static boolean sharded(Corpus.Case c) {
        try {
            return Files.readString(c.dir().resolve("zarr.json")).contains("\"sharding_indexed\"");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The case read from {@code http://127.0.0.1:PORT<prefix><case>} against the manifest and its directory. */
    private static void check(Corpus.Case c, String prefix) throws URISyntaxException {
        Object remote = outcome(new URI("http", null, "127.0.0.1", nginx().port(), prefix + c.path(), null, null).toString());
        Object local = outcome(c.dir().toString());
        switch (c.expect()) {
            case "ok" -> {
                if (!(remote instanceof List<?> got)) {
                    throw new AssertionError("not read over HTTP", (Throwable) remote);
                }
                List<Json> expected = ((Json.JArray) c.values()).items();
                assertEquals(expected.size(), got.size(), "element count");
                try (Zarr zarr = Zarr.open(c.dir())) {
                    var type = zarr.array("/").dataType();
                    for (int i = 0; i < got.size(); i++) {
                        String diff = Values.difference((Json) got.get(i), expected.get(i), type);
                        if (diff != null) {
                            fail("element " + i + ": " + diff);
                        }
                    }
                }
                assertEquals(local, remote, "read over HTTP and from the directory");
            }
            case "error" -> {
                assertInstanceOf(ZarrException.class, remote, "refused over HTTP");
                assertEquals(local.getClass(), remote.getClass(), () -> "local: " + local + ", over HTTP: " + remote);
            }
            case "optional" -> assertEquals(local instanceof List<?> ? local : local.getClass(),
                    remote instanceof List<?> ? remote : remote.getClass());
            default -> fail("unknown expectation " + c.expect());
        }
    }

    /** Every element of the array at {@code where} in C order, or the exception that refused it. */
    private static Object outcome(String where) {
        try (Zarr zarr = Zarr.open(where)) {
            ZarrArray array = zarr.array("/");
            Json[] out = new Json[Math.toIntExact(array.metadata().size())];
            array.forEachRecord(null, (index, records, i) -> out[(int) index] = array.layout().toJson(records, i));
            return List.of(out);
        } catch (ZarrException e) {
            return e;
        }
    }
}
