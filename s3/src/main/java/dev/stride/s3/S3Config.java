package dev.stride.s3;

import dev.stride.http.KeyPaths;
import dev.stride.model.ZarrException;
import dev.stride.spi.StoreDescriptor;

import java.net.URI;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Supplier;
import java.util.regex.Pattern;

/**
 * An S3 store's settings, resolved as the AWS tools resolve them. Region: option {@value #REGION}, else
 * {@code AWS_REGION}, else {@code AWS_DEFAULT_REGION}, else the SDK's region chain (profile files), else
 * {@code us-east-1}. Endpoint: option {@value #ENDPOINT}, else {@code AWS_ENDPOINT_URL_S3}, else
 * {@code AWS_ENDPOINT_URL}, else AWS ({@code https://s3.<region>.amazonaws.com}) with virtual-hosted addressing
 * ({@code https://bucket.s3.<region>.amazonaws.com/key}); a custom endpoint is addressed path-style
 * ({@code ENDPOINT/bucket/key}) unless {@code pathStyle=false}. {@value #ANONYMOUS}{@code =true} sends unsigned
 * requests (a public bucket); {@value #REQUESTER_PAYS}{@code =true} agrees to pay for the requests of a
 * requester-pays bucket. Credentials are not part of it: they are looked up when a request is signed.
 *
 * @param location the bucket and key prefix
 * @param region the signing region
 * @param endpoint the server, {@code scheme://host[:port][/path]} without a trailing slash
 * @param pathStyle whether the bucket is the first path segment rather than part of the host name
 * @param anonymous whether requests go unsigned
 * @param requesterPays whether every request carries {@code x-amz-request-payer: requester}
 * @param options the S3 options given that differ from their defaults, in normal form: what the store's descriptor
 *        repeats (a value from the environment is not repeated: another machine resolves its own)
 */
public record S3Config(S3Location location, String region, URI endpoint, boolean pathStyle, boolean anonymous,
                       boolean requesterPays, Map<String, String> options) {

    public static final String REGION = "region";
    public static final String ENDPOINT = "endpoint";
    public static final String PATH_STYLE = "pathStyle";
    public static final String ANONYMOUS = "anonymous";
    public static final String REQUESTER_PAYS = "requesterPays";
    /** The options this class reads; {@code dev.stride.http.HttpSettings} reads the others. */
    public static final Set<String> OPTION_NAMES = Set.of(REGION, ENDPOINT, PATH_STYLE, ANONYMOUS, REQUESTER_PAYS);

    static final String DEFAULT_REGION = "us-east-1";
    /** Names a bucket may have in a host name: lower-case DNS labels, no dots (they would break the TLS wildcard). */
    private static final Pattern VIRTUAL_HOST_BUCKET = Pattern.compile("[a-z0-9][a-z0-9-]{1,61}[a-z0-9]");
    private static final Pattern REGION_NAME = Pattern.compile("[a-z0-9-]+");

    public S3Config {
        options = Map.copyOf(options);
    }

    /**
     * The settings of a descriptor; options other than {@link #OPTION_NAMES} are left to the caller to check.
     *
     * @param env the environment ({@code System.getenv()})
     * @param sdkRegion the region of the SDK's chain (profile files), or null; asked only when nothing else names one
     * @throws ZarrException.BadRequest when the URI or an option or variable has a bad value
     */
    public static S3Config resolve(StoreDescriptor where, Map<String, String> env, Supplier<String> sdkRegion) {
        S3Location location = S3Location.of(where.uri());
        Map<String, String> given = new TreeMap<>();
        String region = region(where, env, sdkRegion, given);
        String endpointOption = where.option(ENDPOINT, null);
        Setting endpointSetting = endpointOption != null ? new Setting(endpointOption, "the option " + ENDPOINT)
                : Setting.first(new Setting(env.get("AWS_ENDPOINT_URL_S3"), "AWS_ENDPOINT_URL_S3"), new Setting(env.get("AWS_ENDPOINT_URL"), "AWS_ENDPOINT_URL"));
        boolean custom = endpointSetting != null;
        URI endpoint = custom ? endpoint(endpointSetting, where) : awsEndpoint(region);
        if (endpointOption != null) {
            given.put(ENDPOINT, endpointOption);
        }
        boolean pathStyle = flag(where, PATH_STYLE, custom || !VIRTUAL_HOST_BUCKET.matcher(location.bucket()).matches(), given);
        boolean anonymous = flag(where, ANONYMOUS, false, given);
        boolean requesterPays = flag(where, REQUESTER_PAYS, false, given);
        return new S3Config(location, region, endpoint, pathStyle, anonymous, requesterPays, given);
    }

    /** A value and where it came from, for messages. */
    private record Setting(String value, String source) {
        /** The first setting with a value, or null. */
        static Setting first(Setting... settings) {
            for (Setting s : settings) {
                if (s.value != null && !s.value.isBlank()) {
                    return s;
                }
            }
            return null;
        }
    }

    private static String region(StoreDescriptor where, Map<String, String> env, Supplier<String> sdkRegion, Map<String, String> given) {
        String option = where.option(REGION, null);
        Setting chosen = option != null ? new Setting(option, "the option " + REGION)
                : Setting.first(new Setting(env.get("AWS_REGION"), "AWS_REGION"), new Setting(env.get("AWS_DEFAULT_REGION"), "AWS_DEFAULT_REGION"));
        if (chosen == null) {
            String fromSdk = sdkRegion.get();
            chosen = new Setting(fromSdk == null ? DEFAULT_REGION : fromSdk, "the AWS profile");
        }
        String region = chosen.value.strip();
        if (!REGION_NAME.matcher(region).matches()) {
            throw new ZarrException.BadRequest(null, "the AWS region '" + chosen.value + "' (" + chosen.source + ") of " + where.uri()
                    + " is not a region name such as eu-west-1");
        }
        if (option != null) {
            given.put(REGION, region);
        }
        return region;
    }

    /** The URI of an object (its key URI-encoded), addressed as this configuration says. */
    public URI objectUri(String objectKey) {
        return URI.create(bucketUri() + KeyPaths.encode(objectKey));
    }

    /**
     * The ListObjectsV2 request for the names directly below {@code prefix}, from {@code continuationToken} (null
     * for the first page) on; {@code maxKeys} of 0 leaves the page size to the server.
     */
    public URI listUri(String prefix, String continuationToken, int maxKeys) {
        // parameters in the order SigV4 sorts them, so the text sent is the text signed
        StringBuilder query = new StringBuilder("?");
        if (continuationToken != null) {
            query.append("continuation-token=").append(KeyPaths.encodeComponent(continuationToken)).append('&');
        }
        query.append("delimiter=%2F&list-type=2");
        if (maxKeys > 0) {
            query.append("&max-keys=").append(maxKeys);
        }
        query.append("&prefix=").append(KeyPaths.encodeComponent(prefix));
        return URI.create(bucketUri() + query);
    }

    /** The bucket's URI, ending in {@code /}: keys and queries follow it. */
    private String bucketUri() {
        if (pathStyle) {
            return endpoint + "/" + KeyPaths.encode(location.bucket()) + "/";
        }
        String authority = endpoint.getRawAuthority();
        return endpoint.getScheme() + "://" + location.bucket() + "." + authority + (endpoint.getRawPath() == null ? "" : endpoint.getRawPath()) + "/";
    }

    @Override
    public String toString() {
        return "S3 " + location.uri() + " (region " + region + ", endpoint " + endpoint + (pathStyle ? ", path-style" : ", virtual-hosted")
                + (anonymous ? ", anonymous" : "") + (requesterPays ? ", requester pays" : "") + ")";
    }

    private static URI awsEndpoint(String region) {
        // the China partition has its own domain
        return URI.create("https://s3." + region + (region.startsWith("cn-") ? ".amazonaws.com.cn" : ".amazonaws.com"));
    }

    private static URI endpoint(Setting setting, StoreDescriptor where) {
        String text = setting.value.strip();
        String source = setting.source;
        URI uri;
        try {
            uri = new URI(text.endsWith("/") ? text.substring(0, text.length() - 1) : text);
        } catch (java.net.URISyntaxException e) {
            throw badEndpoint(text, source, where);
        }
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        if (!scheme.equals("http") && !scheme.equals("https") || uri.getHost() == null || uri.getRawQuery() != null
                || uri.getRawFragment() != null || uri.getRawUserInfo() != null) {
            throw badEndpoint(text, source, where);
        }
        return uri;
    }

    private static ZarrException badEndpoint(String text, String source, StoreDescriptor where) {
        return new ZarrException.BadRequest(null, "the S3 endpoint '" + text + "' (" + source + ") of " + where.uri()
                + " is not an http or https URL such as http://127.0.0.1:9000");
    }

    private static boolean flag(StoreDescriptor where, String name, boolean otherwise, Map<String, String> given) {
        String value = where.option(name, null);
        if (value == null) {
            return otherwise;
        }
        boolean flag = switch (value.toLowerCase(Locale.ROOT)) {
            case "true" -> true;
            case "false" -> false;
            default -> throw new ZarrException.BadRequest(null, "the option " + name + "=" + value + " of " + where.uri() + " is neither true nor false");
        };
        if (flag != otherwise) {
            given.put(name, Boolean.toString(flag));
        }
        return flag;
    }
}
