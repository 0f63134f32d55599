package dev.stride.cli;

import dev.stride.http.testing.FaultProxy;
import dev.stride.http.testing.FaultProxy.Fault;
import dev.stride.ZarrWriter;
import dev.stride.s3.testing.S3TestServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.lang.foreign.MemorySegment;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code stride copy} both ways between local directories and an S3 server (s3proxy in memory), and from S3 to S3; the
 * copies come back byte for byte in what {@code stride cat} prints.
 */
class S3CopyTest {
    private static final S3TestServer S3 = S3TestServer.get();

    @TempDir
    Path dir;

    @Test
    void aHierarchyGoesToS3AndBackUnchanged() {
        Path source = Fixtures.hierarchy(dir.resolve("source"));
        String bucket = S3.bucket("copies");
        String first = S3.uri(bucket, "first.zarr", "");
        String second = S3.uri(bucket, "second.zarr", "");
        CliRun up = CliRun.of("copy", source, first, "--codec", "zstd:3");
        assertEquals(0, up.exitCode(), up.err());
        assertTrue(up.out().lines().anyMatch(l -> l.matches("stored +[\\d.]+ (B|KiB) before; after not counted \\(remote store\\)")), up.out());
        assertTrue(up.out().lines().anyMatch(l -> l.matches("/records +6 .* remote +- *")), up.out());
        assertFalse(up.out().contains("?"), up.out());
        CliRun across = CliRun.of("copy", first, second, "--chunks", "1", "--codec", "gzip:1");
        assertEquals(0, across.exitCode(), across.err());
        assertTrue(across.out().lines().anyMatch(l -> l.matches("stored +not counted \\(remote stores\\)")), across.out());
        Path back = dir.resolve("back.zarr");
        CliRun down = CliRun.of("copy", second, back);
        assertEquals(0, down.exitCode(), down.err());
        assertTrue(down.out().lines().anyMatch(l -> l.matches("stored +[\\d.]+ (B|KiB) after; before not counted \\(remote store\\)")), down.out());
        String info = CliRun.of("info", back).out();
        for (String part : new String[] {"title: \"demo\"", "records  array", "sub  group", "grid  array", "sharded  array"}) {
            assertContains(info, part);
        }
        for (String array : new String[] {"/records", "/sub/grid", "/sharded"}) {
            CliRun want = CliRun.of("cat", source.resolve(array.substring(1)), "--format", "jsonl");
            assertEquals(0, want.exitCode(), want.err());
            assertEquals(want.out(), CliRun.of("cat", back.resolve(array.substring(1)), "--format", "jsonl").out(), array);
            assertEquals(want.out(), CliRun.of("cat", S3.uri(bucket, "second.zarr" + array, ""), "--format", "jsonl").out(), array);
        }
    }

    @Test
    void aDestinationThatHoldsKeysIsRefusedUntouched() {
        Path source = Fixtures.grid(dir.resolve("grid"));
        String target = S3.uri(S3.bucket("occupied"), "x.zarr", "");
        assertEquals(0, CliRun.of("copy", source, target).exitCode());
        CliRun again = CliRun.of("copy", source, target, "--codec", "zstd:1");
        assertEquals(Failures.USAGE, again.exitCode());
        assertContains(again.err(), "already holds keys; copy writes a new hierarchy");
        assertFalse(CliRun.of("info", target).out().contains("zstd"), "the first copy is left as it was");
    }

    /** A destination another copy has claimed is refused, with the claim's holder and how to clear a stale one. */
    @Test
    void aClaimedDestinationIsRefusedUntouched() {
        Path source = Fixtures.grid(dir.resolve("grid"));
        String bucket = S3.bucket("claimed");
        String target = S3.uri(bucket, "x.zarr", "");
        String holder = "stride copy 0000, pid 4242 on elsewhere since 2026-01-01T00:00:00Z\n";
        try (ZarrWriter other = ZarrWriter.open(target)) {
            other.store().write(".stride-copy-claim", MemorySegment.ofArray(holder.getBytes(StandardCharsets.UTF_8)));
        }
        CliRun copy = CliRun.of("copy", source, target);
        assertEquals(Failures.USAGE, copy.exitCode(), copy.err());
        assertEquals("stride copy: " + target + ": is being written by another copy (pid 4242 on elsewhere since"
                + " 2026-01-01T00:00:00Z), which holds its claim .stride-copy-claim; two copies would mix their chunks."
                + " If no copy is running there, delete that object (s3://" + bucket + "/x.zarr/.stride-copy-claim) and copy again\n", copy.err());
        try (ZarrWriter other = ZarrWriter.open(target)) {
            assertEquals(List.of(".stride-copy-claim"), other.store().list(""));
            assertEquals(holder, new String(other.store().readBytes(".stride-copy-claim"), StandardCharsets.UTF_8));
        }
    }

    /**
     * s3proxy ignores If-None-Match on a PUT: the copy says its claim cannot be exclusive. Behind a proxy that
     * refuses the second conditional PUT of the claim, as a server honouring the condition does, it says nothing.
     * Either way the claim is gone once the copy is.
     */
    @Test
    void aClaimIsExclusiveOnlyWhereTheServerHonoursTheCondition() {
        Path source = Fixtures.grid(dir.resolve("grid"));
        String bucket = S3.bucket("claims");
        CliRun ignored = CliRun.of("copy", source, S3.uri(bucket, "ignored.zarr", ""));
        assertEquals(0, ignored.exitCode(), ignored.err());
        assertContains(ignored.err(), "stride copy: warning: " + S3.uri(bucket, "ignored.zarr", "")
                + " ignores conditional writes (If-None-Match), so a copy to it started at the same moment may not be refused");
        try (FaultProxy proxy = new FaultProxy(S3.endpoint().getPort())) {
            AtomicInteger claims = new AtomicInteger();
            proxy.when(line -> line.startsWith("PUT ") && line.contains("/.stride-copy-claim") && claims.incrementAndGet() > 1,
                    Fault.status(412));
            String target = "s3://" + bucket + "/honoured.zarr?endpoint=" + proxy.uri("");
            CliRun honoured = CliRun.of("copy", source, target);
            assertEquals(0, honoured.exitCode(), honoured.err());
            assertEquals("", honoured.err());
            assertEquals(2, claims.get(), "the claim, then the same claim refused");
        }
        for (String copy : List.of("ignored.zarr", "honoured.zarr")) {
            try (ZarrWriter written = ZarrWriter.open(S3.uri(bucket, copy, ""))) {
                assertFalse(written.store().list("").contains(".stride-copy-claim"), copy);
                assertTrue(written.store().list("").contains("zarr.json"), copy);
            }
        }
    }

    /**
     * A chunk PUT refused, then every DELETE of the clean-up too: the copy reports the PUT, the clean-up's failures
     * ride along as suppressed (the stack trace shows them), and every array is aborted, not only the first.
     */
    @Test
    void aFailedCleanUpKeepsTheFirstFailureAndAbortsEveryArray() {
        Path source = Fixtures.hierarchy(dir.resolve("source"));
        try (FaultProxy proxy = new FaultProxy(S3.endpoint().getPort())) {
            proxy.when(line -> line.startsWith("PUT ") && line.contains("/c/"), Fault.status(403));
            proxy.when(line -> line.startsWith("DELETE "), Fault.status(403));
            String target = "s3://" + S3.bucket("cleanup") + "/x.zarr?endpoint=" + proxy.uri("");
            CliRun copy = CliRun.of("copy", source, target, "--threads", "1", "--debug");
            assertEquals(Failures.UNREADABLE, copy.exitCode(), copy.err());
            List<String> lines = copy.err().lines().toList();
            String last = lines.getLast();
            assertContains(last, "stride copy: ");
            assertContains(last, "PUT ");
            assertContains(last, "/c/");
            assertContains(last, "HTTP 403");
            assertFalse(last.contains("DELETE"), last);
            assertTrue(lines.stream().anyMatch(l -> l.contains("Suppressed:") && l.contains("DELETE ")), copy.err());
            List<String> log = proxy.log();
            for (String array : List.of("/records", "/sub/grid", "/sharded")) {
                assertTrue(log.stream().anyMatch(l -> l.startsWith("DELETE ") && l.contains("/x.zarr" + array + "/zarr.json")),
                        () -> array + " was not aborted: " + log);
            }
        }
    }

    /**
     * The last array's {@code zarr.json} refused after the arrays before it were published: the failed copy deletes
     * those too, and the groups, so nothing of it is readable and the destination can take the next copy.
     */
    @Test
    void aCopyFailingAfterSomeArraysWerePublishedDeletesThemToo() {
        Path source = Fixtures.hierarchy(dir.resolve("source"));
        String bucket = S3.bucket("half-published");
        try (FaultProxy proxy = new FaultProxy(S3.endpoint().getPort())) {
            proxy.when(line -> line.startsWith("PUT ") && line.contains("/x.zarr/sharded/zarr.json"), Fault.status(403));
            CliRun copy = CliRun.of("copy", source, "s3://" + bucket + "/x.zarr?endpoint=" + proxy.uri(""));
            assertEquals(Failures.UNREADABLE, copy.exitCode(), copy.err());
            assertContains(copy.err(), "sharded/zarr.json");
            List<String> log = proxy.log();
            assertTrue(log.stream().anyMatch(l -> l.startsWith("PUT ") && l.contains("/x.zarr/records/zarr.json")), "published first");
        }
        try (ZarrWriter left = ZarrWriter.open(S3.uri(bucket, "x.zarr", ""))) {
            assertEquals(List.of(), left.store().list(""));
        }
        assertEquals(0, CliRun.of("copy", source, S3.uri(bucket, "x.zarr", "")).exitCode(), "the place is free again");
    }

    /**
     * Another copy overwrites the claim while this one writes its chunks (s3proxy ignores the claim's condition): this
     * copy publishes nothing and deletes nothing, since the keys are the other copy's too, nor the other's claim.
     */
    @Test
    void aCopyThatLostItsClaimDeletesNothing() {
        Path source = Fixtures.hierarchy(dir.resolve("source"));
        String bucket = S3.bucket("lost-claim");
        String holder = "stride copy 0000, pid 4242 on elsewhere since 2026-01-01T00:00:00Z\n";
        try (FaultProxy proxy = new FaultProxy(S3.endpoint().getPort()); ZarrWriter other = ZarrWriter.open(S3.uri(bucket, "x.zarr", ""))) {
            AtomicInteger chunks = new AtomicInteger();
            proxy.when(line -> {
                if (line.startsWith("PUT ") && line.contains("/c/") && chunks.getAndIncrement() == 0) {
                    other.store().write(".stride-copy-claim", MemorySegment.ofArray(holder.getBytes(StandardCharsets.UTF_8)));
                }
                return false;
            }, Fault.PASS);
            String target = "s3://" + bucket + "/x.zarr?endpoint=" + proxy.uri("");
            CliRun copy = CliRun.of("copy", source, target);
            assertEquals(Failures.USAGE, copy.exitCode(), copy.err());
            assertContains(copy.err(), "stride copy: " + target + ": was claimed by another copy while this one ran (pid 4242 on"
                    + " elsewhere since 2026-01-01T00:00:00Z): the server ignored the condition of the claim, and both copies"
                    + " wrote there. This copy published and deleted nothing; unless the two copied the same source with the"
                    + " same options, delete s3://" + bucket + "/x.zarr and copy again\n");
            assertEquals(1, copy.err().lines().filter(l -> l.contains("was claimed")).count(), copy.err());
            // a chunk of fill values is deleted as it is written; after the claim was found lost, nothing is
            List<String> log = proxy.log();
            int lost = log.lastIndexOf(log.stream().filter(l -> l.startsWith("GET ") && l.contains("/.stride-copy-claim")).toList().getLast());
            assertFalse(log.subList(lost, log.size()).stream().anyMatch(l -> l.startsWith("DELETE ")), log.toString());
            assertFalse(log.stream().anyMatch(l -> l.startsWith("PUT ") && l.contains("/records/zarr.json")), "nothing published");
            assertEquals(holder, new String(other.store().readBytes(".stride-copy-claim"), StandardCharsets.UTF_8));
            assertTrue(other.store().list("records/").contains("c"), "the chunks are left");
        }
    }

    /** A copy whose claim cannot be deleted at the end is whole all the same: a warning, and exit code 0. */
    @Test
    void aClaimLeftAfterAWholeCopyIsAWarning() {
        Path source = Fixtures.grid(dir.resolve("grid"));
        String bucket = S3.bucket("claim-left");
        try (FaultProxy proxy = new FaultProxy(S3.endpoint().getPort())) {
            proxy.when(line -> line.startsWith("DELETE ") && line.contains("/.stride-copy-claim"), Fault.status(403));
            String target = "s3://" + bucket + "/x.zarr?endpoint=" + proxy.uri("");
            CliRun copy = CliRun.of("copy", source, target);
            assertEquals(0, copy.exitCode(), copy.err());
            assertContains(copy.err(), "stride copy: warning: " + target + " is copied whole, but its claim .stride-copy-claim"
                    + " could not be deleted (");
            assertContains(copy.err(), "); delete it before copying there again\n");
        }
        assertEquals(0, CliRun.of("cat", S3.uri(bucket, "x.zarr", "")).exitCode());
    }

    /** Anonymous reads of a private bucket are refused in one line naming the key, with no credentials printed. */
    @Test
    void noSignRequestReadsAnonymously() {
        Path source = Fixtures.grid(dir.resolve("grid"));
        String target = S3.uri(S3.bucket("private"), "x.zarr", "");
        assertEquals(0, CliRun.of("copy", source, target).exitCode());
        CliRun anonymous = CliRun.of("cat", target, "--no-sign-request");
        assertEquals(Failures.UNREADABLE, anonymous.exitCode());
        assertEquals(1, anonymous.err().lines().count(), anonymous.err());
        assertContains(anonymous.err(), "zarr.json");
        assertContains(anonymous.err(), "403");
        assertFalse(anonymous.err().contains(S3TestServer.secretAccessKey()));
        assertFalse(anonymous.err().contains(S3TestServer.accessKeyId()));
        assertEquals(0, CliRun.of("cat", target).exitCode(), "signed, the same read works");
        assertFalse(Files.exists(dir.resolve("x.zarr")));
    }

    private static void assertContains(String text, String part) {
        assertTrue(text.contains(part), () -> "no '" + part + "' in:\n" + text);
    }
}
