package dev.stride.cli;

import dev.stride.ZarrWriter;
import dev.stride.conformance.Corpus;
import dev.stride.internal.json.JsonCodec;
import dev.stride.model.Json;
import dev.stride.s3.testing.S3TestServer;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.foreign.MemorySegment;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code stride index} of an array it cannot keep a file beside: on S3 (s3proxy in memory) the statistics go into the
 * array's prefix, where a scan over S3 finds them; a store that cannot be written is refused before any chunk is read.
 */
class RemoteIndexTest {
    private static final S3TestServer S3 = S3TestServer.get();
    /** 1000 records in 10 chunks of 100, ids -500 to 499 in order: 10 ids above 489, all in the last chunk. */
    private static final Path IDS = Corpus.shared().resolve("conformance/struct/record13_gzip_big");

    @Test
    void onS3TheStatisticsGoIntoTheArraysPrefixAndScansFindThem() {
        String bucket = S3.bucket("index");
        String array = S3.uri(bucket, "ids", "");
        upload(IDS, bucket, "ids/");
        Json.JObject before = json(CliRun.of("scan", array, "--where", "id > 489", "--json"));
        assertEquals(List.of(Json.number(10), Json.number(10), Json.number(0)),
                List.of(before.get("matched_records"), before.get("chunks_read"), before.get("chunks_skipped")));

        CliRun index = CliRun.of("index", array);
        assertEquals(0, index.exitCode(), index.err());
        assertTrue(index.out().startsWith("statistics of 10 chunks written to " + array + "/stride.statistics.json in "), index.out());
        try (ZarrWriter root = ZarrWriter.open(S3.uri(bucket, "", ""))) {
            byte[] sidecar = root.store().readBytes("ids/stride.statistics.json");
            Json.JObject document = (Json.JObject) JsonCodec.parse(sidecar);
            assertEquals(Json.string("stride.statistics"), document.get("format"));
            assertEquals(10, ((Json.JArray) document.get("chunks")).size());
        }
        Json.JObject after = json(CliRun.of("scan", array, "--where", "id > 489", "--json"));
        assertEquals(List.of(Json.number(10), Json.number(1), Json.number(9)),
                List.of(after.get("matched_records"), after.get("chunks_read"), after.get("chunks_skipped")));

        CliRun again = CliRun.of("index", array);
        assertEquals(0, again.exitCode(), again.err());
        assertTrue(again.out().strip().endsWith("(0 read, 10 unchanged)"), again.out());
    }

    @Test
    void anArrayInsideAZipFileIsRefusedUnlessTheStatisticsGoElsewhere() {
        Path zip = Corpus.shared().resolve("conformance/zarr-v2/zarr-python-2/data.zipped_from_within.zarr.zip");
        String array = zip + "/3d.chunked.i2";
        CliRun refused = CliRun.of("index", array);
        assertEquals(Failures.USAGE, refused.exitCode(), refused.err());
        assertEquals("stride index: " + array + " cannot be written to: give --statistics FILE (see 'stride index --help')\n",
                refused.err());
    }

    private static void upload(Path array, String bucket, String prefix) {
        try (ZarrWriter root = ZarrWriter.open(S3.uri(bucket, "", "")); Stream<Path> files = Files.walk(array)) {
            for (Path file : files.filter(Files::isRegularFile).toList()) {
                String key = prefix + array.relativize(file).toString().replace('\\', '/');
                root.store().write(key, MemorySegment.ofArray(Files.readAllBytes(file)));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Json.JObject json(CliRun run) {
        assertEquals(0, run.exitCode(), run.err());
        return (Json.JObject) JsonCodec.parse(run.out().getBytes(StandardCharsets.UTF_8));
    }
}
