package dev.stride.conformance;

import dev.stride.Zarr;
import dev.stride.ZarrArray;
import dev.stride.model.Json;
import dev.stride.model.ZarrException;
import dev.stride.spi.WritableStore;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.foreign.Arena;
import java.lang.foreign.ValueLayout;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * The conformance corpus read through a remote store: what a store module's conformance test needs besides a server.
 * Each case read from its URI must agree with the manifest and with its directory, each error case be refused as
 * the manifest says and with the same kind of {@link ZarrException}.
 */
public final class RemoteCorpus {
    private RemoteCorpus() {
    }

    /**
     * Puts every file of the shared corpus ({@code conformance/}) into {@code store}, under its path below that folder.
     *
     * @param store an empty store at the corpus's future root
     */
    public static void upload(WritableStore store) {
        Path corpus = Corpus.shared().resolve("conformance");
        try (Stream<Path> files = Files.walk(corpus)) {
            files.filter(Files::isRegularFile).parallel().forEach(file -> {
                try (Arena arena = Arena.ofConfined()) {
                    byte[] bytes = Files.readAllBytes(file);
                    store.write(corpus.relativize(file).toString().replace('\\', '/'), arena.allocateFrom(ValueLayout.JAVA_BYTE, bytes));
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Checks one case read from {@code uri} against the manifest and against its directory.
     *
     * @param medium how failures name the remote side ({@code "over Azure"})
     */
    public static void check(Corpus.Case c, String uri, String medium) {
        Object remote = outcome(uri);
        Object local = outcome(c.dir().toString());
        switch (c.expect()) {
            case "ok" -> {
                if (!(remote instanceof List<?> got)) {
                    throw new AssertionError("not read " + medium, (Throwable) remote);
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
                assertEquals(local, remote, "read " + medium + " and from the directory");
            }
            case "error" -> {
                ConformanceTest.refusal(c).assertRefuses(() -> {
                    if (remote instanceof ZarrException e) {
                        throw e;
                    }
                });
                assertEquals(local.getClass(), remote.getClass(), () -> "local: " + local + ", " + medium + ": " + remote);
            }
            case "optional" -> assertEquals(local instanceof List<?> ? local : local.getClass(),
                    remote instanceof List<?> ? remote : remote.getClass(), "an optional case reads differently " + medium);
            default -> fail("unknown expectation " + c.expect());
        }
    }

    /** Every element of the array at {@code where} in C order, or the exception that refused it. */
    public static Object outcome(String where) {
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
