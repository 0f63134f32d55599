package dev.stride.codecs;

import dev.stride.Zarr;
import dev.stride.ZarrArray;
import dev.stride.conformance.Corpus;
import dev.stride.conformance.Values;
import dev.stride.model.Json;
import dev.stride.model.ZarrException;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The conformance corpus's arrays that zarr-python 3 wrote with numcodecs codecs ({@code numcodecs.zlib},
 * {@code numcodecs.bz2}, {@code numcodecs.delta} named {@code int32}) read equal to the manifest's values; its
 * numcodecs checksums and array->bytes codecs are still refused as unknown codecs.
 */
class ZarrPythonNumcodecsTest {

    @ParameterizedTest
    @ValueSource(strings = {"zarr-python-3.0/v3_zarr_python/array_zlib.zarr", "zarr-python-3.0/v3_zarr_python/array_bz2.zarr",
            "zarr-python-3.1/data.zarr/1d.contiguous.delta.i4", "zarr-python-3.1/data.zarr/3d.contiguous.delta.i4.mixed"})
    void readsWhatZarrPython3Wrote(String path) {
        Corpus.Case c = Corpus.cases().stream().filter(x -> x.path().equals(path)).findFirst().orElseThrow();
        List<Json> expected = ((Json.JArray) c.values()).items();
        try (Zarr zarr = Zarr.open(c.dir())) {
            ZarrArray array = zarr.array("/");
            Json[] got = new Json[expected.size()];
            array.forEachRecord(null, (index, records, i) -> got[(int) index] = array.layout().toJson(records, i));
            for (int i = 0; i < got.length; i++) {
                assertNull(Values.difference(got[i], expected.get(i), array.dataType()), "element " + i);
            }
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"adler32", "fletcher32", "zfpy", "pcodec"})
    void refusesTheNumcodecsItDoesNotHave(String id) {
        Corpus.Case c = Corpus.cases().stream().filter(x -> x.path().endsWith("array_" + id + ".zarr")).findFirst().orElseThrow();
        var e = assertThrows(ZarrException.Unsupported.class, () -> {
            try (Zarr zarr = Zarr.open(c.dir())) {
                zarr.array("/");
            }
        });
        assertTrue(e.getMessage().contains("unknown codec 'numcodecs." + id + "'"), e.getMessage());
        assertEquals("optional", c.expect());
    }
}
