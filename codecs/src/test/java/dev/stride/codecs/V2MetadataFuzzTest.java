package dev.stride.codecs;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.stride.internal.json.JsonCodec;
import dev.stride.model.Json;
import dev.stride.robust.Documents;
import dev.stride.robust.Fuzzing;
import dev.stride.robust.JsonEdits;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertNotNull;

/**
 * Fuzz targets: Zarr v2 {@code .zarray} parsing with every numcodecs codec on the class path, so compressor and filter
 * configurations are parsed too. One mutates raw bytes, one edits documents member by member; both start from
 * documents laid out here (structured dtypes of every field kind, each fill value form zarr-python 2 writes, every
 * compressor and filter) and the corpus's {@code .zarray} files. Every document must open (an array then reads its
 * first element) or be refused with our exception.
 */
@Timeout(Fuzzing.HANG_GUARD_SECONDS)
class V2MetadataFuzzTest {
    /**
     * Records of every field kind, both byte orders, a nested record and a sub-array, order F, blosc; the fill value is
     * numpy's bytes of (1, NaT, 5, 0.5, 1+2j, b'abc', 'Ωb', b'\x01\x02', [[1, 2], [3, 4]], True, (-1, 2.5)) in base64.
     */
    static final String RECORDS = """
            {"zarr_format": 2, "shape": [5, 3], "chunks": [2, 3], "order": "F", "dimension_separator": "/",
             "dtype": [["id", ">u8"], ["t", "<M8[ms]"], ["dt", ">m8[10s]"], ["h", "<f2"], ["z", ">c8"], ["s", "|S3"],
                       ["u", "<U2"], ["v", "|V2"], ["pos", "<f4", [2, 2]], ["ok", "|b1"], ["in", [["a", "|i1"], ["b", ">f8"]]]],
             "fill_value": "AAAAAAAAAAEAAAAAAAAAgAAAAAAAAAAFADg/gAAAQAAAAGFiY6kDAABiAAAAAQIAAIA/AAAAQAAAQEAAAIBAAf9ABAAAAAAAAA==",
             "compressor": {"id": "blosc", "cname": "lz4", "clevel": 5, "shuffle": 1, "blocksize": 0}, "filters": null}""";
    /** The other fill value forms and every filter and compressor, on plain dtypes. */
    static final List<String> PLAIN = List.of(
            """
            {"zarr_format": 2, "shape": [100], "chunks": [30], "dtype": "<f8", "fill_value": "NaN", "order": "C",
             "filters": [{"id": "delta", "dtype": "<f8"}, {"id": "shuffle", "elementsize": 8}], "compressor": {"id": "zstd", "level": 3}}""",
            """
            {"zarr_format": 2, "shape": [10, 10], "chunks": [4, 4], "dtype": ">f4", "fill_value": "-Infinity", "order": "C",
             "filters": [{"id": "fixedscaleoffset", "offset": 1000, "scale": 10, "dtype": ">f4", "astype": "<i2"}],
             "compressor": {"id": "zlib", "level": 1}}""",
            """
            {"zarr_format": 2, "shape": [7], "chunks": [7], "dtype": "<f4", "fill_value": 1.5, "order": "C",
             "filters": [{"id": "quantize", "digits": 2, "dtype": "<f4"}, {"id": "bitround", "keepbits": 5}],
             "compressor": {"id": "gzip", "level": 5}}""",
            """
            {"zarr_format": 2, "shape": [9], "chunks": [4], "dtype": "|u1", "fill_value": 7, "order": "C",
             "filters": [{"id": "delta", "dtype": "|u1", "astype": "<i2"}], "compressor": {"id": "lz4", "acceleration": 1}}""",
            """
            {"zarr_format": 2, "shape": [6], "chunks": [3], "dtype": "<f8", "fill_value": 0, "order": "C",
             "filters": [{"id": "astype", "encode_dtype": "<f4", "decode_dtype": "<f8"}], "compressor": {"id": "bz2", "level": 9}}""",
            """
            {"zarr_format": 2, "shape": [4], "chunks": [2], "dtype": "|S5", "fill_value": "YWI=", "order": "C", "filters": null,
             "compressor": {"id": "lzma", "format": 1, "check": -1, "preset": null, "filters": null}}""",
            """
            {"zarr_format": 2, "shape": [4], "chunks": [2], "dtype": ">U3", "fill_value": "\u03a9b", "order": "C", "filters": null,
             "compressor": null}""",
            """
            {"zarr_format": 2, "shape": [], "chunks": [], "dtype": "<M8[ns]", "fill_value": -9223372036854775808, "order": "C",
             "filters": null, "compressor": null}""",
            """
            {"zarr_format": 2, "shape": [3], "chunks": [3], "dtype": "<c16", "fill_value": [1.5, "NaN"], "order": "C",
             "filters": null, "compressor": null}""");
    private static final List<Json> TEMPLATES = Stream.concat(templates().stream(), Documents.corpus(".zarray").stream())
            .map(JsonCodec::parse).toList();

    @Test
    void everyTemplateOpens() {
        for (byte[] template : templates()) {
            assertNotNull(Documents.open(".zarray", template), () -> new String(template, StandardCharsets.UTF_8));
        }
    }

    @MethodSource("documents")
    @FuzzTest(maxDuration = "60s")
    void zarrayBytes(byte[] document) {
        Documents.open(".zarray", document);
    }

    @FuzzTest(maxDuration = "60s")
    void zarrayMembers(FuzzedDataProvider data) {
        Json doc = TEMPLATES.get(data.consumeInt(0, TEMPLATES.size() - 1));
        for (int edits = data.consumeInt(1, 3); edits > 0; edits--) {
            doc = JsonEdits.edit(doc, data);
        }
        Documents.open(".zarray", JsonCodec.print(doc).getBytes(StandardCharsets.UTF_8));
    }

    static Stream<Arguments> documents() {
        return Stream.concat(templates().stream(), Documents.corpus(".zarray").stream()).map(d -> Arguments.of((Object) d));
    }

    private static List<byte[]> templates() {
        return Stream.concat(Stream.of(RECORDS), PLAIN.stream()).map(d -> d.getBytes(StandardCharsets.UTF_8)).toList();
    }
}
