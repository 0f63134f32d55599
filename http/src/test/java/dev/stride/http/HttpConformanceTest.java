package dev.stride.http;

import dev.stride.Zarr;
import dev.stride.ZarrArray;
import dev.stride.conformance.Corpus;
import dev.stride.conformance.RemoteCorpus;
import dev.stride.conformance.V2ConformanceTest;
import dev.stride.http.testing.Nginx;
import dev.stride.model.Json;
import dev.stride.model.ZarrException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

/**
 * The shared conformance corpus served by nginx and opened by URI ({@code http://127.0.0.1:PORT/<case>}): every ok case
 * of the v3 and the v2 manifest reads the manifest's values and the same values as from its directory, every error
 * case is refused as the manifest's reason says and with the same kind of {@link ZarrException} as from its directory,
 * an optional case does whatever it does from its directory; every sharded ok case the same from a server that
 * ignores {@code Range}; zarr-python 2's zip files read as its folder, and a v2 hierarchy lists its nodes.
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
        return checks(Corpus.cases());
    }

    @TestFactory
    Stream<DynamicTest> v2Manifest() {
        return checks(Corpus.cases(Corpus.V2_MANIFEST));
    }

    private static Stream<DynamicTest> checks(List<Corpus.Case> cases) {
        return cases.stream()
                .filter(c -> !c.expect().equals("skip"))
                .map(c -> DynamicTest.dynamicTest(c.expect() + " " + c.path(), () -> check(c, "/")));
    }

    /** Each array of zarr-python 2's hierarchy through each of its zip files on the server: as it reads from the folder. */
    @TestFactory
    Stream<DynamicTest> v2ZipsReadAsTheirFolder() {
        String v2 = Corpus.V2_MANIFEST.substring(0, Corpus.V2_MANIFEST.lastIndexOf('/') + 1);
        List<Corpus.Case> cases = Corpus.cases(Corpus.V2_MANIFEST).stream()
                .filter(c -> !c.expect().equals("skip") && c.path().startsWith(V2ConformanceTest.FOLDER)).toList();
        return V2ConformanceTest.ZIPS.entrySet().stream().sorted(Map.Entry.comparingByKey()).flatMap(zip -> cases.stream()
                .map(c -> DynamicTest.dynamicTest(zip.getKey() + ": " + c.path(), () -> {
                    String inside = zip.getValue() + c.path().substring(V2ConformanceTest.FOLDER.length());
                    Object remote = outcome(url("/" + v2 + zip.getKey() + "/" + inside));
                    assertInstanceOf(List.class, remote, () -> "not read from the zip over HTTP: " + remote);
                    assertEquals(outcome(c.dir().toString()), remote, "read from the zip over HTTP and from the folder");
                })));
    }

    /** A v2 hierarchy over HTTP, which cannot list, is walked through its consolidated .zmetadata. */
    @Test
    void aV2HierarchyIsListedThroughItsConsolidatedMetadata() {
        Corpus.Case points = Corpus.cases(Corpus.V2_MANIFEST).stream()
                .filter(c -> c.path().equals("numcodecs/tree.zarr/tracks/points")).findFirst().orElseThrow();
        String tree = points.served().substring(0, points.served().length() - "/tracks/points".length());
        try (Zarr zarr = Zarr.open(url("/" + tree))) {
            assertEquals(List.of("tracks"), zarr.children("/"));
            assertEquals(List.of("points"), zarr.children("/tracks"));
            assertEquals(Json.string("a v2 hierarchy"), zarr.root().attributes().get("title"));
            ZarrArray array = zarr.array("/tracks/points");
            assertEquals(Json.string("deg"), array.metadata().attributes().get("units"));
        }
        assertEquals(outcome(points.dir().toString()), outcome(url("/" + points.served())));
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
    private static void check(Corpus.Case c, String prefix) {
        RemoteCorpus.check(c, url(prefix + c.served()), "over HTTP");
    }

    /** The URL of {@code path} on the corpus's server. */
    private static String url(String path) {
        try {
            return new URI("http", null, "127.0.0.1", nginx().port(), path, null, null).toString();
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException(path, e);
        }
    }

    private static Object outcome(String where) {
        return RemoteCorpus.outcome(where);
    }
}
