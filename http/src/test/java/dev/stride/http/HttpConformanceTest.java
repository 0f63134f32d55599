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
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

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
    /** The v3 corpus zipped, served apart, made on first use. */
    private static Nginx zipped;

    @AfterAll
    static void stop() {
        for (Nginx server : new Nginx[] {nginx, zipped}) {
            if (server != null) {
                server.close();
            }
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

    /**
     * The v3 corpus as one zip file (the JDK's writer, entries deflated, as a ZipStore holds them) on a server: every
     * case read from inside it, by a path into the zip, as from its directory. The command line reads the v2 zips so
     * (checks/conformance.sh); this spares CI the 197 processes of the v3 cases.
     */
    @TestFactory
    Stream<DynamicTest> manifestFromAZipOverHttp() {
        return Corpus.cases().stream()
                .filter(c -> !c.expect().equals("skip"))
                .map(c -> DynamicTest.dynamicTest(c.expect() + " " + c.path(), () ->
                        RemoteCorpus.check(c, url(zipped(), "/corpus.zip/" + c.served()), "from a zip over HTTP")));
    }

    private static Nginx zipped() {
        if (zipped == null) {
            try {
                Path dir = Files.createTempDirectory(Files.createDirectories(Path.of("target")), "zipped-corpus");
                zipV3Corpus(Corpus.shared().resolve("conformance"), dir.resolve("corpus.zip"));
                zipped = Nginx.serve(dir);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return zipped;
    }

    /** Every file below {@code root} but the v2 corpus (zarr-v2/, a manifest of its own), by its path relative to it. */
    private static void zipV3Corpus(Path root, Path zip) throws IOException {
        List<Path> files;
        try (Stream<Path> walk = Files.walk(root)) {
            files = walk.filter(Files::isRegularFile).filter(f -> !root.relativize(f).startsWith("zarr-v2")).sorted().toList();
        }
        try (ZipOutputStream out = new ZipOutputStream(Files.newOutputStream(zip))) {
            for (Path f : files) {
                out.putNextEntry(new ZipEntry(root.relativize(f).toString().replace('\\', '/')));
                Files.copy(f, out);
                out.closeEntry();
            }
        }
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
        return url(nginx(), path);
    }

    private static String url(Nginx server, String path) {
        try {
            return new URI("http", null, "127.0.0.1", server.port(), path, null, null).toString();
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException(path, e);
        }
    }

    private static Object outcome(String where) {
        return RemoteCorpus.outcome(where);
    }
}
