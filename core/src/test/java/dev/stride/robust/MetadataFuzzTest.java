package dev.stride.robust;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.stride.model.Json;
import dev.stride.internal.json.JsonCodec;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.stream.Stream;

/**
 * Fuzz targets: {@code zarr.json} parsing. One mutates raw bytes (seeded with small valid documents and the
 * conformance corpus), one edits valid documents member by member. Every document must open (an array then reads
 * its first element) or be refused with our exception.
 */
@Timeout(Fuzzing.HANG_GUARD_SECONDS)
class MetadataFuzzTest {
    private static final List<Json> TEMPLATES = Documents.valid().stream().map(JsonCodec::parse).toList();

    @MethodSource("documents")
    @FuzzTest(maxDuration = "60s")
    void documentBytes(byte[] document) {
        Documents.open(document);
    }

    @FuzzTest(maxDuration = "60s")
    void documentMembers(FuzzedDataProvider data) {
        Json doc = TEMPLATES.get(data.consumeInt(0, TEMPLATES.size() - 1));
        for (int edits = data.consumeInt(1, 3); edits > 0; edits--) {
            doc = JsonEdits.edit(doc, data);
        }
        Documents.open(JsonCodec.print(doc).getBytes(StandardCharsets.UTF_8));
    }

    static Stream<Arguments> documents() {
        return Documents.seeds().map(d -> Arguments.of((Object) d));
    }
}
