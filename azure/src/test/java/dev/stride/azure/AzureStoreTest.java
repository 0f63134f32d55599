package dev.stride.azure;

import com.azure.storage.blob.BlobServiceClientBuilder;
import com.azure.storage.blob.sas.BlobContainerSasPermission;
import com.azure.storage.blob.sas.BlobServiceSasSignatureValues;
import com.azure.storage.common.StorageSharedKeyCredential;
import dev.stride.azure.testing.Azurite;
import dev.stride.http.HttpSettings;
import dev.stride.http.UploadSettings;
import dev.stride.model.ZarrException;
import dev.stride.spi.StoreDescriptor;
import dev.stride.spi.WritableStore;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.charset.StandardCharsets;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Credentials against Azurite: each kind reads, a wrong key is refused by name without being printed. */
class AzureStoreTest {
    private static final byte[] VALUE = "{\"zarr_format\":3}".getBytes(StandardCharsets.UTF_8);

    /** A container holding {@code x.zarr/zarr.json}, written with the build's account key. */
    private static String containerWithAValue(Azurite azurite, String purpose) {
        String container = azurite.container(purpose);
        try (WritableStore store = new AzStoreProvider().openWritable(StoreDescriptor.parse(azurite.uri(container, "x.zarr", "")))) {
            store.write("zarr.json", MemorySegment.ofArray(VALUE));
        }
        return container;
    }

    /** A SAS token of the container good for an hour, with the permissions given ({@code rl}: read and list). */
    private static String sas(Azurite azurite, String container, String permissions) {
        return new BlobServiceClientBuilder().endpoint(azurite.endpoint().toString())
                .credential(new StorageSharedKeyCredential(Azurite.ACCOUNT, Azurite.key())).buildClient()
                .getBlobContainerClient(container).generateSas(new BlobServiceSasSignatureValues(OffsetDateTime.now().plusHours(1),
                        BlobContainerSasPermission.parse(permissions)));
    }

    /** A store of {@code uri} whose credentials come from {@code env} rather than the process's environment. */
    private static AzureStore open(String uri, Map<String, String> env) {
        StoreDescriptor where = StoreDescriptor.parse(uri);
        return AzureStore.open(AzureConfig.resolve(where, env), HttpSettings.from(where, AzureConfig.OPTION_NAMES), UploadSettings.DEFAULTS, env, 0);
    }

    @Test
    void aWrongKeyIsRefusedNamingTheContainerWithoutTheKey() {
        Azurite azurite = Azurite.get();
        String container = containerWithAValue(azurite, "wrongkey");
        Map<String, String> env = Map.of("AZURE_STORAGE_ACCOUNT", Azurite.ACCOUNT, "AZURE_STORAGE_KEY", AzureStoreContractTest.WRONG_KEY);
        try (AzureStore store = open(azurite.uri(container, "x.zarr", "retries=0"), env)) {
            ZarrException.StoreFailure e = assertThrows(ZarrException.StoreFailure.class, () -> store.readBytes("zarr.json"));
            assertEquals("key zarr.json: GET " + azurite.endpoint() + "/" + container + "/x.zarr/zarr.json failed after 1 attempt in 0.0 s: "
                    + "the service refused the container '" + container + "' of the account 'devstoreaccount1' (403 AuthorizationFailure) "
                    + "to the account key in AZURE_STORAGE_KEY; check that it is the account's and grants access", e.getMessage());
            assertFalse(e.getMessage().contains(AzureStoreContractTest.WRONG_KEY));
            assertFalse(store.toString().contains(AzureStoreContractTest.WRONG_KEY), store.toString());
            assertTrue(assertThrows(ZarrException.StoreFailure.class, () -> store.list("")).getMessage().contains("403"));
        }
    }

    @Test
    void aSasTokenAndAConnectionStringRead() {
        Azurite azurite = Azurite.get();
        String container = containerWithAValue(azurite, "sas");
        String sas = sas(azurite, container, "rl");
        try (AzureStore store = open(azurite.uri(container, "x.zarr", ""), Map.of("AZURE_STORAGE_SAS_TOKEN", sas))) {
            assertArrayEquals(VALUE, store.readBytes("zarr.json"));
            assertEquals(List.of("zarr.json"), store.list(""));
            assertFalse(store.toString().contains(sas), store.toString());
        }
        String connection = "DefaultEndpointsProtocol=http;AccountName=" + Azurite.ACCOUNT + ";AccountKey=" + Azurite.key()
                + ";BlobEndpoint=" + azurite.endpoint() + ";";
        try (AzureStore store = open("az://" + container + "/x.zarr", Map.of("AZURE_STORAGE_CONNECTION_STRING", connection))) {
            assertArrayEquals(VALUE, store.readBytes("zarr.json"));
            assertEquals("az://" + container + "/x.zarr (account devstoreaccount1, endpoint of the connection string, the connection string in "
                    + "AZURE_STORAGE_CONNECTION_STRING)", store.toString());
        }
    }

    /**
     * A read the SAS token does not allow is refused naming the blob and the container, its URI without the token's
     * signature: the reads send the token in the query, which messages show.
     */
    @Test
    void aReadTheSasTokenDoesNotAllowNamesTheBlobWithoutItsSignature() {
        Azurite azurite = Azurite.get();
        String container = containerWithAValue(azurite, "listonly");
        String sas = sas(azurite, container, "l");
        String signature = sas.replaceAll(".*(?:^|&)sig=([^&]*).*", "$1");
        try (AzureStore store = open(azurite.uri(container, "x.zarr", "retries=0"), Map.of("AZURE_STORAGE_SAS_TOKEN", sas))) {
            assertEquals(List.of("zarr.json"), store.list(""));
            ZarrException.StoreFailure e = assertThrows(ZarrException.StoreFailure.class, () -> store.readBytes("zarr.json"));
            assertTrue(e.getMessage().startsWith("key zarr.json: GET " + azurite.endpoint() + "/" + container + "/x.zarr/zarr.json?")
                    && e.getMessage().contains("sig=REDACTED") && e.getMessage().contains("the SAS token in AZURE_STORAGE_SAS_TOKEN"), e.getMessage());
            assertFalse(signature.isEmpty() || e.getMessage().contains(signature), e.getMessage());
        }
    }

    /**
     * A container that does not exist is a failure naming it, not a missing key, for a read and for a HEAD, whose
     * answer has no body: Azure names what is missing in a header.
     */
    @Test
    void aMissingContainerIsAFailureNotAMissingKey() {
        Azurite azurite = Azurite.get();
        String absent = azurite.container("absent") + "-never";
        Map<String, String> env = Map.of("AZURE_STORAGE_ACCOUNT", Azurite.ACCOUNT, "AZURE_STORAGE_KEY", Azurite.key());
        try (AzureStore store = open(azurite.uri(absent, "x.zarr", "retries=0"), env)) {
            for (var read : List.<Executable>of(() -> store.readBytes("zarr.json"), () -> store.size("zarr.json"))) {
                ZarrException.StoreFailure e = assertThrows(ZarrException.StoreFailure.class, read);
                assertTrue(e.getMessage().endsWith("the container '" + absent + "' of the account 'devstoreaccount1' does not exist"), e.getMessage());
            }
        }
    }

    /** A public container reads without credentials; a private one is refused, naming the container. */
    @Test
    void anonymousReadsAPublicContainerOnly() {
        Azurite azurite = Azurite.get();
        String open = containerWithAValue(azurite, "public");
        azurite.makePublic(open);
        try (AzureStore store = open(azurite.uri(open, "x.zarr", "anonymous=true"), Map.of())) {
            assertArrayEquals(VALUE, store.readBytes("zarr.json"));
            assertEquals(List.of("zarr.json"), store.list(""));
        }
        String closed = containerWithAValue(azurite, "closed");
        try (AzureStore store = open(azurite.uri(closed, "x.zarr", "anonymous=true&retries=0"), Map.of())) {
            ZarrException.StoreFailure e = assertThrows(ZarrException.StoreFailure.class, () -> store.readBytes("zarr.json"));
            assertTrue(e.getMessage().contains("container '" + closed + "'") && e.getMessage().contains("no credential (anonymous=true)"), e.getMessage());
        }
    }

    /**
     * Writes from the workers of the common fork-join pool (a parallel stream) all finish: the SDK's sync calls wait for
     * work of that pool, so each waiting worker must let it add another.
     */
    @Test
    void writesFromTheCommonPoolDoNotStarveIt() {
        Azurite azurite = Azurite.get();
        String container = azurite.container("pool");
        try (WritableStore store = new AzStoreProvider().openWritable(StoreDescriptor.parse(azurite.uri(container, "", "timeout=20&retries=0")))) {
            IntStream.range(0, 16).parallel().forEach(i -> {
                try (Arena arena = Arena.ofConfined()) {
                    store.write("v/" + i, arena.allocateFrom(ValueLayout.JAVA_BYTE, new byte[] {(byte) i}));
                }
            });
            assertEquals(IntStream.range(0, 16).mapToObj(Integer::toString).sorted().toList(), store.list("v/"));
            assertArrayEquals(new byte[] {7}, store.readBytes("v/7"));
        }
    }
}
