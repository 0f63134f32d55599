package dev.stride.cli;

import dev.stride.model.Json;
import dev.stride.internal.json.JsonCodec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * {@code stride scan} of int64, uint64, datetime64[ns] and float fields whose sums do not fit a long: exact values,
 * the same on 1, 2 and 8 threads and whether a field is scanned alone or with others.
 */
class ExactScanCommandTest {
    static final int CHUNK = 1000;
    static final int CHUNKS = 40;
    static final long START_NS = 1_717_201_083_000_000_000L;

    @TempDir
    Path dir;

    /** {time datetime64[ns], elevation float32, id int64, u uint64, d float64}, 36 bytes a record, chunk 3 never written. */
    Path tracks(BigInteger[] idSum) {
        Fixtures.write(dir.resolve("zarr.json"), """
                {"zarr_format": 3, "node_type": "array", "shape": [%d],
                 "data_type": {"name": "struct", "configuration": {"fields": [
                   {"name": "time", "data_type": {"name": "numpy.datetime64", "configuration": {"unit": "ns", "scale_factor": 1}}},
                   {"name": "elevation", "data_type": "float32"}, {"name": "id", "data_type": "int64"},
                   {"name": "u", "data_type": "uint64"}, {"name": "d", "data_type": "float64"}]}},
                 "chunk_grid": {"name": "regular", "configuration": {"chunk_shape": [%d]}},
                 %s,
                 "fill_value": {"time": "NaT", "elevation": "NaN", "id": 9223372036854775807, "u": 18446744073709551615, "d": 0.1},
                 "codecs": [{"name": "bytes", "configuration": {"endian": "little"}}]}""".formatted(CHUNK * CHUNKS, CHUNK, Fixtures.KEYS));
        Random random = new Random(12);
        BigInteger sum = BigInteger.valueOf(Long.MAX_VALUE).multiply(BigInteger.valueOf(CHUNK));
        for (int c = 0; c < CHUNKS; c++) {
            if (c == 3) {
                continue;
            }
            ByteBuffer b = ByteBuffer.allocate(CHUNK * 36).order(ByteOrder.LITTLE_ENDIAN);
            for (int i = 0; i < CHUNK; i++) {
                long id = i % 7 == 0 ? Long.MAX_VALUE - i : random.nextLong();
                sum = sum.add(BigInteger.valueOf(id));
                b.putLong(START_NS + (c * CHUNK + i) * 1_000_000_007L).putFloat((float) (random.nextGaussian() * 300))
                        .putLong(id).putLong(i % 5 == 0 ? -1L : random.nextLong()).putDouble(random.nextGaussian() * Math.pow(10, random.nextInt(-8, 17)));
            }
            Fixtures.write(dir.resolve("c/" + c), b.array());
        }
        idSum[0] = sum;
        return dir;
    }

    /** Each field's JSON object without the timing members, by field. */
    static Map<String, Json.JObject> scan(Path array, String threads, String fields) {
        CliRun run = CliRun.of("scan", array, "--field", fields, "--threads", threads, "--json");
        assertEquals(0, run.exitCode(), run.err());
        Map<String, Json.JObject> out = new java.util.LinkedHashMap<>();
        for (String line : run.lines()) {
            Json.JObject o = (Json.JObject) JsonCodec.parse(line.getBytes(StandardCharsets.UTF_8));
            Map<String, Json> members = new java.util.LinkedHashMap<>(o.members());
            members.remove("seconds");
            members.remove("records_per_second");
            out.put(((Json.JString) o.get("field")).value(), new Json.JObject(members));
        }
        return out;
    }

    @Test
    void exactValuesTheSameOnAnyThreadsAndGrouping() {
        BigInteger[] idSum = new BigInteger[1];
        Path array = tracks(idSum);
        Map<String, Json.JObject> all = scan(array, "1", "time,elevation,id,u,d");
        for (String threads : List.of("1", "2", "8")) {
            assertEquals(all, scan(array, threads, "time,elevation,id,u,d"), threads + " threads");
            Map<String, Json.JObject> grouped = new java.util.LinkedHashMap<>();
            grouped.putAll(scan(array, threads, "time"));
            grouped.putAll(scan(array, threads, "elevation,id"));
            grouped.putAll(scan(array, threads, "d,time,u"));
            for (String field : all.keySet()) {
                assertEquals(all.get(field), grouped.get(field), field + " on " + threads + " threads, grouped otherwise");
            }
        }
        Json.JObject time = all.get("time");
        long n = (long) (CHUNKS - 1) * CHUNK;
        BigInteger timeSum = BigInteger.valueOf(START_NS).multiply(BigInteger.valueOf(n));
        for (int c = 0; c < CHUNKS; c++) {
            for (int i = 0; c != 3 && i < CHUNK; i++) {
                timeSum = timeSum.add(BigInteger.valueOf((c * CHUNK + i) * 1_000_000_007L));
            }
        }
        assertEquals(new Json.JNumber(timeSum.toString()), time.get("sum"), "beyond a long, exactly");
        assertEquals(new Json.JNumber(Long.toString(START_NS)), time.get("min"));
        assertEquals(Json.string("2024-06-01T00:18:03.000000000Z"), time.get("min_iso"));
        assertEquals(Json.string("ns"), time.get("unit"));
        assertEquals(Json.number(CHUNK), time.get("nat_count"));
        assertEquals(new Json.JNumber(idSum[0].toString()), all.get("id").get("sum"));
        assertEquals(new Json.JNumber("18446744073709551615"), all.get("u").get("max"), "unsigned");
        assertEquals(Json.number(CHUNK), all.get("elevation").get("nan_count"));
        assertEquals(Json.number((long) CHUNK * CHUNKS), all.get("d").get("count"));
    }

    @Test
    void textShowsTimesAsIsoAndIntegersExactly() {
        Path array = tracks(new BigInteger[1]);
        CliRun run = CliRun.of("scan", array, "--field", "time,u", "--threads", "2");
        List<String> lines = new ArrayList<>(List.of(run.lines()));
        assertEquals("min              1717201083000000000  (2024-06-01T00:18:03.000000000Z)", lines.get(3));
        assertEquals("NaT values       1000", lines.get(6));
        assertEquals("max              18446744073709551615", lines.get(14));
    }
}
