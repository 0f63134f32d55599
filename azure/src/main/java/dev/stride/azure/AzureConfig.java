package dev.stride.azure;

import dev.stride.model.ZarrException;
import dev.stride.spi.StoreDescriptor;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;

/**
 * An Azure store's settings, resolved as the az command line resolves them. Account: the URI's host
 * ({@code abfss://container@account.dfs.core.windows.net}), else option {@value #ACCOUNT}, else
 * {@code AZURE_STORAGE_ACCOUNT}, else the connection string's. Endpoint (the blob service, account included): option
 * {@value #ENDPOINT}, else {@code AZURE_STORAGE_SERVICE_ENDPOINT}, else the connection string's, else
 * {@code https://<account>.blob.core.windows.net} (the URI's cloud suffix, if it names one). Credential, the first that
 * applies: none with {@value #ANONYMOUS}{@code =true} (a public container); {@code AZURE_STORAGE_CONNECTION_STRING};
 * {@code AZURE_STORAGE_KEY} (the key of {@code AZURE_STORAGE_ACCOUNT}); {@code AZURE_STORAGE_SAS_TOKEN}; else the SDK's
 * DefaultAzureCredential chain (environment, workload and managed identity, the az CLI's login). A connection string
 * or key applies only to the account it belongs to. Secrets come from the environment only, never from options, so no
 * descriptor, message or {@code toString} holds one; this record names where the credential comes from, not its value.
 *
 * @param location the container and blob name prefix
 * @param account the storage account, or null when only the endpoint or connection string names it
 * @param endpoint the blob service's URL without a trailing slash, or null to take the connection string's
 * @param credential where requests' authorization comes from
 * @param options the Azure options given that differ from their defaults, in normal form: what the store's descriptor
 *        repeats (a value from the environment is not repeated: another machine resolves its own)
 */
public record AzureConfig(AzureLocation location, String account, URI endpoint, Credential credential, Map<String, String> options) {

    /** Option: the storage account, for {@code az://} URIs. */
    public static final String ACCOUNT = "account";
    /** Option: the blob service's URL, for emulators and private endpoints ({@code http://127.0.0.1:10000/devstoreaccount1}). */
    public static final String ENDPOINT = "endpoint";
    /** Option: {@code true} sends requests without authorization (a container with public read access). */
    public static final String ANONYMOUS = "anonymous";
    /** The options this class reads; {@code dev.stride.http.HttpSettings} reads the others a store takes. */
    public static final Set<String> OPTION_NAMES = Set.of(ACCOUNT, ENDPOINT, ANONYMOUS);

    static final String ACCOUNT_VARIABLE = "AZURE_STORAGE_ACCOUNT";
    static final String ENDPOINT_VARIABLE = "AZURE_STORAGE_SERVICE_ENDPOINT";
    /** The account of Azurite's and the old emulator's {@code UseDevelopmentStorage=true}. */
    static final String DEVELOPMENT_ACCOUNT = "devstoreaccount1";

    /** Where a store's requests get their authorization, each with the variable it is read from (null: none). */
    public enum Credential {
        /** No authorization: a container with public read access. */
        ANONYMOUS(null),
        /** The account and key (or SAS) of {@code AZURE_STORAGE_CONNECTION_STRING}. */
        CONNECTION_STRING("AZURE_STORAGE_CONNECTION_STRING"),
        /** The shared key of {@code AZURE_STORAGE_KEY}, for the account of {@code AZURE_STORAGE_ACCOUNT}. */
        ACCOUNT_KEY("AZURE_STORAGE_KEY"),
        /** The shared access signature of {@code AZURE_STORAGE_SAS_TOKEN}. */
        SAS_TOKEN("AZURE_STORAGE_SAS_TOKEN"),
        /** An OAuth token of the SDK's DefaultAzureCredential chain. */
        DEFAULT_CHAIN(null);

        private final String variable;

        Credential(String variable) {
            this.variable = variable;
        }

        /**
         * The environment variable the secret is read from.
         *
         * @return the variable's name, or null for none
         */
        public String variable() {
            return variable;
        }

        /** How messages name it: {@code the account key in AZURE_STORAGE_KEY}. */
        String description() {
            return switch (this) {
                case ANONYMOUS -> "no credential (anonymous=true)";
                case CONNECTION_STRING -> "the connection string in " + variable;
                case ACCOUNT_KEY -> "the account key in " + variable;
                case SAS_TOKEN -> "the SAS token in " + variable;
                case DEFAULT_CHAIN -> "the DefaultAzureCredential chain";
            };
        }
    }

    /** Copies the options. */
    public AzureConfig {
        options = Map.copyOf(options);
    }

    /**
     * The settings of a descriptor; options other than {@link #OPTION_NAMES} are left to the caller to check.
     *
     * @param where the store's descriptor
     * @param env the environment ({@code System.getenv()})
     * @return the settings
     * @throws ZarrException.BadRequest when the URI, an option or a variable has a bad value, or nothing names the account
     */
    public static AzureConfig resolve(StoreDescriptor where, Map<String, String> env) {
        AzureLocation location = AzureLocation.of(where.uri());
        Map<String, String> given = new TreeMap<>();
        String accountOption = where.option(ACCOUNT, null);
        if (location.account() == null && accountOption != null) {
            given.put(ACCOUNT, accountOption);
        }
        String connectionString = value(env, Credential.CONNECTION_STRING.variable());
        String connectionAccount = connectionString == null ? null : connectionStringAccount(connectionString);
        String account = first(location.account(), accountOption, value(env, ACCOUNT_VARIABLE), connectionAccount);
        URI endpoint = endpoint(where, env, given);
        boolean anonymous = Boolean.parseBoolean(flag(where));
        if (anonymous) {
            given.put(ANONYMOUS, "true");
        }
        Credential credential = anonymous ? Credential.ANONYMOUS
                : connectionString != null && Objects.equals(account, connectionAccount) ? Credential.CONNECTION_STRING
                : value(env, Credential.ACCOUNT_KEY.variable()) != null && account != null && account.equals(value(env, ACCOUNT_VARIABLE)) ? Credential.ACCOUNT_KEY
                : value(env, Credential.SAS_TOKEN.variable()) != null ? Credential.SAS_TOKEN
                : Credential.DEFAULT_CHAIN;
        if (endpoint == null && credential != Credential.CONNECTION_STRING) {
            if (account == null) {
                throw new ZarrException.BadRequest(null, "the Azure store " + where.uri() + " names no storage account: give it in the URI "
                        + "(abfss://container@account.dfs.core.windows.net/path), as the option account=NAME, in " + ACCOUNT_VARIABLE
                        + " or with " + ENDPOINT + "=URL");
            }
            String suffix = location.endpointSuffix() == null ? "core.windows.net" : location.endpointSuffix();
            endpoint = URI.create("https://" + account + ".blob." + suffix);
        }
        return new AzureConfig(location, account, endpoint, credential, given);
    }

    private static String flag(StoreDescriptor where) {
        String value = where.option(ANONYMOUS, "false").toLowerCase(Locale.ROOT);
        if (!value.equals("true") && !value.equals("false")) {
            throw new ZarrException.BadRequest(null, "the option " + ANONYMOUS + "=" + value + " of " + where.uri() + " is neither true nor false");
        }
        return value;
    }

    private static URI endpoint(StoreDescriptor where, Map<String, String> env, Map<String, String> given) {
        String option = where.option(ENDPOINT, null);
        String text = option != null ? option : value(env, ENDPOINT_VARIABLE);
        if (text == null) {
            return null;
        }
        String source = option != null ? "the option " + ENDPOINT : ENDPOINT_VARIABLE;
        URI uri;
        try {
            uri = new URI(text.strip());
        } catch (URISyntaxException e) {
            uri = null;
        }
        // no user information or query: a SAS token there would land in descriptors and messages
        if (uri == null || uri.getHost() == null || uri.getRawUserInfo() != null || uri.getRawQuery() != null
                || !("http".equalsIgnoreCase(uri.getScheme()) || "https".equalsIgnoreCase(uri.getScheme()))) {
            throw new ZarrException.BadRequest(null, "the Azure endpoint (" + source + ") of " + where.uri() + " is not an http or https URL "
                    + "without a query, such as http://127.0.0.1:10000/devstoreaccount1 (a SAS token belongs in " + Credential.SAS_TOKEN.variable() + ")");
        }
        String normal = uri.toString().replaceAll("/+$", "");
        if (option != null) {
            given.put(ENDPOINT, normal);
        }
        return URI.create(normal);
    }

    /**
     * The account a connection string names: its {@code AccountName}, or the emulator's for
     * {@code UseDevelopmentStorage=true}; null when it names none (a SAS-only string).
     */
    static String connectionStringAccount(String connectionString) {
        String account = connectionStringPart(connectionString, "AccountName");
        String development = connectionStringPart(connectionString, "UseDevelopmentStorage");
        return account == null && "true".equalsIgnoreCase(development) ? DEVELOPMENT_ACCOUNT : account;
    }

    /** The value of a connection string's part ({@code AccountName=x}), or null when it has none. */
    static String connectionStringPart(String connectionString, String name) {
        for (String part : connectionString.split(";")) {
            int eq = part.indexOf('=');
            if (eq >= 0 && part.substring(0, eq).strip().equalsIgnoreCase(name)) {
                return part.substring(eq + 1).strip();
            }
        }
        return null;
    }

    private static String value(Map<String, String> env, String name) {
        String v = env.get(name);
        return v == null || v.isBlank() ? null : v.strip();
    }

    private static String first(String... values) {
        for (String v : values) {
            if (v != null) {
                return v;
            }
        }
        return null;
    }

    /** The store's URI, account, endpoint and credential source; never a secret. */
    @Override
    public String toString() {
        return location.uri() + " (account " + (account == null ? "of the connection string" : account) + ", endpoint "
                + (endpoint == null ? "of the connection string" : endpoint) + ", " + credential.description() + ")";
    }
}
