package dev.stride.azure;

import dev.stride.model.ZarrException;
import dev.stride.spi.StoreDescriptor;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** URI forms, account, endpoint and credential resolved from options and an environment, as the az command line does. */
class AzureConfigTest {
    private static final String KEY = "a2V5LW9mLXRoZS10ZXN0cw==";

    private static AzureConfig resolve(String uri, Map<String, String> env) {
        return AzureConfig.resolve(StoreDescriptor.parse(uri), env);
    }

    @Test
    void theAdlfsFormsNameContainerAccountAndPrefix() {
        AzureLocation abfss = resolve("abfss://data@myacct.dfs.core.windows.net/some/x.zarr/", Map.of()).location();
        assertEquals(new AzureLocation("abfss", "data", "myacct", "core.windows.net", "some/x.zarr/"), abfss);
        assertEquals(URI.create("abfss://data@myacct.dfs.core.windows.net/some/x.zarr"), abfss.uri());
        assertEquals("some/x.zarr/c/0", abfss.blobName("c/0"));
        AzureLocation az = resolve("az://data/x.zarr", Map.of("AZURE_STORAGE_ACCOUNT", "other")).location();
        assertEquals(new AzureLocation("az", "data", null, null, "x.zarr/"), az);
        assertEquals(URI.create("az://data/x.zarr"), az.uri());
        AzureLocation china = resolve("abfs://c0c@acct.blob.core.chinacloudapi.cn", Map.of()).location();
        assertEquals("core.chinacloudapi.cn", china.endpointSuffix());
        assertEquals("", china.keyPrefix());
    }

    @Test
    void theEndpointIsTheAccountsUnlessOverridden() {
        assertEquals(URI.create("https://myacct.blob.core.windows.net"), resolve("abfss://ddd@myacct.dfs.core.windows.net/x", Map.of()).endpoint());
        assertEquals(URI.create("https://env.blob.core.windows.net"), resolve("az://ddd/x", Map.of("AZURE_STORAGE_ACCOUNT", "env")).endpoint());
        assertEquals(URI.create("https://opt.blob.core.windows.net"), resolve("az://ddd/x?account=opt", Map.of("AZURE_STORAGE_ACCOUNT", "env")).endpoint());
        AzureConfig emulator = resolve("az://ddd/x?endpoint=http://127.0.0.1:10000/devstoreaccount1/", Map.of());
        assertEquals(URI.create("http://127.0.0.1:10000/devstoreaccount1"), emulator.endpoint());
        assertEquals(Map.of("endpoint", "http://127.0.0.1:10000/devstoreaccount1"), emulator.options());
        AzureConfig fromEnv = resolve("az://ddd/x", Map.of("AZURE_STORAGE_SERVICE_ENDPOINT", "http://127.0.0.1:9/acct"));
        assertEquals(URI.create("http://127.0.0.1:9/acct"), fromEnv.endpoint());
        assertEquals(Map.of(), fromEnv.options(), "a variable is not repeated in the descriptor");
    }

    @Test
    void credentialsFollowTheAzCommandLinesOrder() {
        Map<String, String> all = Map.of("AZURE_STORAGE_ACCOUNT", "acct", "AZURE_STORAGE_KEY", KEY, "AZURE_STORAGE_SAS_TOKEN", "sv=x&sig=y",
                "AZURE_STORAGE_CONNECTION_STRING", "AccountName=acct;AccountKey=" + KEY);
        assertEquals(AzureConfig.Credential.CONNECTION_STRING, resolve("az://ddd/x", all).credential());
        assertNull(resolve("az://ddd/x", all).endpoint(), "the connection string's endpoint");
        assertEquals(AzureConfig.Credential.ACCOUNT_KEY, resolve("az://ddd/x", Map.of("AZURE_STORAGE_ACCOUNT", "acct", "AZURE_STORAGE_KEY", KEY,
                "AZURE_STORAGE_SAS_TOKEN", "sv=x")).credential());
        assertEquals(AzureConfig.Credential.SAS_TOKEN, resolve("az://ddd/x", Map.of("AZURE_STORAGE_ACCOUNT", "acct", "AZURE_STORAGE_SAS_TOKEN", "sv=x"))
                .credential());
        assertEquals(AzureConfig.Credential.DEFAULT_CHAIN, resolve("az://ddd/x", Map.of("AZURE_STORAGE_ACCOUNT", "acct")).credential());
        assertEquals(AzureConfig.Credential.ANONYMOUS, resolve("az://ddd/x?anonymous=true", all).credential());
        Map<String, String> keys = Map.of("AZURE_STORAGE_ACCOUNT", "acct", "AZURE_STORAGE_KEY", KEY,
                "AZURE_STORAGE_CONNECTION_STRING", "AccountName=acct;AccountKey=" + KEY);
        assertEquals(AzureConfig.Credential.DEFAULT_CHAIN, resolve("abfss://ddd@elsewhere.dfs.core.windows.net/x", keys).credential(),
                "a key or connection string of another account is not sent");
        assertEquals("devstoreaccount1", AzureConfig.connectionStringAccount("UseDevelopmentStorage=true"));
    }

    @Test
    void noSecretIsInTheConfigurationsText() {
        Map<String, String> env = Map.of("AZURE_STORAGE_ACCOUNT", "acct", "AZURE_STORAGE_KEY", KEY);
        AzureConfig config = resolve("az://ddd/x", env);
        assertEquals("az://ddd/x (account acct, endpoint https://acct.blob.core.windows.net, the account key in AZURE_STORAGE_KEY)", config.toString());
        assertFalse(config.toString().contains(KEY));
    }

    @Test
    void badUrisAndOptionsAreRefusedByName() {
        assertEquals("the Azure URI az://Data/x names no valid container: 'Data' is not 3 to 63 lower-case letters, digits and single hyphens",
                assertThrows(ZarrException.BadRequest.class, () -> resolve("az://Data/x", Map.of())).getMessage());
        assertEquals("the Azure URI abfss://data@myacct.example.com/x names no storage account: after '@' comes account.dfs.core.windows.net "
                + "(or account.blob.core.windows.net)", assertThrows(ZarrException.BadRequest.class,
                () -> resolve("abfss://data@myacct.example.com/x", Map.of())).getMessage());
        assertTrue(assertThrows(ZarrException.BadRequest.class, () -> resolve("az://data/x", Map.of())).getMessage()
                .startsWith("the Azure store az://data/x names no storage account: give it in the URI"));
        assertEquals("the option anonymous=yes of az://data/x is neither true nor false",
                assertThrows(ZarrException.BadRequest.class, () -> resolve("az://data/x?anonymous=yes", Map.of("AZURE_STORAGE_ACCOUNT", "a"))).getMessage());
    }

    /** An endpoint carrying a SAS token or user information would put a secret in descriptors: refused without quoting it. */
    @Test
    void anEndpointWithASecretIsRefusedWithoutPrintingIt() {
        for (String endpoint : new String[] {"https://acct.blob.core.windows.net/?sv=2024&sig=SECRET", "http://user:SECRET@127.0.0.1:10000/a"}) {
            ZarrException e = assertThrows(ZarrException.BadRequest.class,
                    () -> resolve("az://data/x", Map.of("AZURE_STORAGE_SERVICE_ENDPOINT", endpoint)));
            assertFalse(e.getMessage().contains("SECRET"), e.getMessage());
            assertTrue(e.getMessage().startsWith("the Azure endpoint (AZURE_STORAGE_SERVICE_ENDPOINT) of az://data/x is not an http or https URL"),
                    e.getMessage());
        }
    }
}
