package dev.stride.cli;

import dev.stride.ZarrWriter;
import dev.stride.conformance.Corpus;
import dev.stride.internal.json.JsonCodec;
import dev.stride.model.Json;
import dev.stride.s3.testing.S3TestServer;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code stride tune} writing its candidates to an S3 server (s3proxy in memory), counting the requests of their
 * scans, and deleting them again.
 */
class S3TuneTest {
    private static final S3TestServer S3 = S3TestServer.get();

    @Test
    void candidatesAreMeasuredInTheBucketWithTheirRequestsAndDeletedAfterwards() {
        String bucket = S3.bucket("tuning");
        String scratch = S3.uri(bucket, "scratch", "");
        CliRun table = CliRun.of("tune", Corpus.shared().resolve("conformance/struct/nested_gzip"), "--fields", "point.x",
                "--target", scratch);
        assertEquals(0, table.exitCode(), table.err());
        String header = table.out().lines().filter(l -> l.strip().startsWith("rank ")).findFirst().orElseThrow();
        assertTrue(header.matches(".* first scan/s +requests +warm scan/s .*"), header);
        CliRun run = CliRun.of("tune", Corpus.shared().resolve("conformance/struct/nested_gzip"), "--fields", "point.x",
                "--target", scratch, "--json");
        assertEquals(0, run.exitCode(), run.err());
        Json.JObject report = (Json.JObject) JsonCodec.parse(run.out().getBytes(StandardCharsets.UTF_8));
        // the default sample takes at least 16 MiB of records: all 90 of them here
        assertEquals(90, ((Json.JNumber) report.get("sample_records")).bigInteger().longValueExact());
        Json.JArray candidates = (Json.JArray) report.get("candidates");
        assertTrue(candidates.size() >= 1);
        for (Json c : candidates.items()) {
            Json.JObject candidate = (Json.JObject) c;
            assertTrue(((Json.JNumber) candidate.get("stored_bytes")).bigInteger().signum() > 0, c.toString());
            // the single chunk is one GET; the metadata was read before the scan began
            assertEquals(1, ((Json.JNumber) candidate.get("first_scan_requests")).bigInteger().longValueExact(), c.toString());
        }
        try (ZarrWriter bucketRoot = ZarrWriter.open(S3.uri(bucket, "", ""))) {
            assertEquals(List.of(), bucketRoot.store().list(""), "nothing is left in the bucket");
        }
    }

    @Test
    void aBucketThatDoesNotExistIsNamedAsTheScratchLocation() {
        String scratch = S3.uri("no-such-bucket-for-tune", "scratch", "");
        CliRun run = CliRun.of("tune", Corpus.shared().resolve("conformance/struct/points"), "--target", scratch);
        assertEquals(Failures.UNREADABLE, run.exitCode(), run.err());
        assertTrue(run.err().contains(": cannot write the candidates under the scratch location " + scratch + ": "), run.err());
    }
}
