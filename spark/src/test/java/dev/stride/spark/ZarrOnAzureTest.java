package dev.stride.spark;

import dev.stride.azure.AzStoreProvider;
import dev.stride.azure.testing.Azurite;
import dev.stride.conformance.Corpus;
import dev.stride.model.Json;
import dev.stride.spi.StoreDescriptor;
import dev.stride.spi.WritableStore;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.ValueLayout;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The connector reaches Azure Blob Storage (Azurite on loopback) as it reaches S3: each task opens an {@code az://} or
 * {@code abfs://} store itself from the URI and the {@code store.*} options the driver planned with. A corpus array
 * written by another Zarr implementation is read in several partitions, and an array Spark writes there reads back.
 */
class ZarrOnAzureTest {
    private static final String CASE = "struct/record13_zstd";

    @Test
    void aCorpusArrayUploadedToAzuriteReadsTheManifestsValuesInBothUriForms() throws IOException {
        Azurite azurite = Azurite.get();
        String container = azurite.container("sparkread");
        Corpus.Case c = Corpus.cases().stream().filter(k -> k.path().equals(CASE)).findFirst().orElseThrow();
        upload(c.dir(), azurite.uri(container, "record13.zarr", ""));
        List<Json> expected = ((Json.JArray) c.values()).items();

        Dataset<Row> az = Sessions.spark().read().format("zarr").option("indexColumns", "true").option("partitionBytes", "3328")
                .load(azurite.uri(container, "record13.zarr", ""));
        assertEquals(4, az.rdd().getNumPartitions(), "8 chunks of 128 records of 13 bytes, 2 to a partition");
        assertManifestValues(expected, az.orderBy("_index").collectAsList());

        Dataset<Row> abfs = Sessions.spark().read().format("zarr").option("indexColumns", "true")
                .option("store.endpoint", azurite.endpoint().toString())
                .load("abfs://" + container + "@" + Azurite.ACCOUNT + ".dfs.core.windows.net/record13.zarr");
        assertManifestValues(expected, abfs.orderBy("_index").collectAsList());
    }

    @Test
    void anArrayWrittenToAzuriteReadsBackByPartsAndWhole() {
        Azurite azurite = Azurite.get();
        RemoteRoundTrip.writeAndReadBack(azurite.uri(azurite.container("sparkwrite"), "survey.zarr/points", ""));
    }

    /** Puts the files of a local array under the store URI, as they are. */
    private static void upload(Path dir, String uri) throws IOException {
        try (WritableStore store = new AzStoreProvider().openWritable(StoreDescriptor.parse(uri));
             Stream<Path> files = Files.walk(dir); Arena arena = Arena.ofConfined()) {
            for (Path file : files.filter(Files::isRegularFile).toList()) {
                store.write(dir.relativize(file).toString().replace('\\', '/'), arena.allocateFrom(ValueLayout.JAVA_BYTE, Files.readAllBytes(file)));
            }
        }
    }

    private static void assertManifestValues(List<Json> expected, List<Row> rows) {
        assertEquals(expected.size(), rows.size(), "rows");
        for (int i = 0; i < rows.size(); i++) {
            Json.JObject record = (Json.JObject) expected.get(i);
            Row row = rows.get(i);
            String at = "record " + i;
            assertEquals(i, row.getLong(0), at);
            assertEquals(((Json.JNumber) record.get("id")).bigInteger().intValueExact(), row.getInt(1), at + " id");
            assertEquals(((Json.JNumber) record.get("flags")).bigInteger().intValueExact(), ((Number) row.get(2)).intValue(), at + " flags");
            assertEquals(((Json.JNumber) record.get("value")).doubleValue(), row.getDouble(3), at + " value");
        }
    }
}
