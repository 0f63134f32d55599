package dev.stride.http;

import dev.stride.model.ZarrException;
import dev.stride.spi.StoreDescriptor;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * How a remote store talks HTTP: how much it asks at once, how long it waits and how often it tries again. Given as
 * options of the store's URI ({@code https://host/x.zarr?timeout=30&retries=3}), each by the name below.
 *
 * @param inFlight how many reads a pass over an array keeps in flight (option {@code inFlight}, default 64)
 * @param connectionsPerHost the most requests open at once to one host and port (option {@code connections},
 *        default 64); the JDK's client has no such cap of its own
 * @param retries how many times a failed request is tried again when another attempt may heal the failure (option
 *        {@code retries}, default 10; see {@link HttpTransport} for the failures that are never retried)
 * @param retryTime no request is tried again once this long has passed since its first attempt (option
 *        {@code retryTime}, seconds, default 180)
 * @param timeout the longest one attempt may take, body included (option {@code timeout}, seconds, default 60)
 * @param coalesceGap ranges of one value this close together are read in one request (option {@code coalesceGap},
 *        bytes, default 1 MiB)
 * @param forbiddenAsMissing whether a 403 means a missing key, as public buckets that do not let anyone list
 *        answer (option {@code forbiddenAsMissing}, default false)
 */
public record HttpSettings(int inFlight, int connectionsPerHost, int retries, Duration retryTime, Duration timeout,
                           long coalesceGap, boolean forbiddenAsMissing) {

    /** Every setting at its default. */
    public static final HttpSettings DEFAULTS = new HttpSettings(64, 64, 10, Duration.ofMinutes(3), Duration.ofSeconds(60), 1 << 20, false);

    static final String IN_FLIGHT = "inFlight";
    static final String CONNECTIONS = "connections";
    static final String RETRIES = "retries";
    static final String RETRY_TIME = "retryTime";
    static final String TIMEOUT = "timeout";
    static final String COALESCE_GAP = "coalesceGap";
    static final String FORBIDDEN_AS_MISSING = "forbiddenAsMissing";
    /** The names of the options this class reads. */
    public static final Set<String> NAMES = Set.of(IN_FLIGHT, CONNECTIONS, RETRIES, RETRY_TIME, TIMEOUT, COALESCE_GAP, FORBIDDEN_AS_MISSING);

    /**
     * @throws ZarrException.BadRequest when a count is below 1 (retries below 0), a time negative or the timeout 0
     */
    public HttpSettings {
        require(inFlight >= 1, IN_FLIGHT, inFlight);
        require(connectionsPerHost >= 1, CONNECTIONS, connectionsPerHost);
        require(retries >= 0, RETRIES, retries);
        require(!retryTime.isNegative(), RETRY_TIME, seconds(retryTime));
        require(timeout.isPositive(), TIMEOUT, seconds(timeout));
        require(coalesceGap >= 0, COALESCE_GAP, coalesceGap);
    }

    private static void require(boolean ok, String option, Object value) {
        if (!ok) {
            throw new ZarrException.BadRequest(null, "the option " + option + "=" + value + " is out of range");
        }
    }

    /**
     * The settings a descriptor's options give, the others at their defaults.
     *
     * @param where the store's descriptor
     * @param otherOptions the options the store reads itself (an S3 store's {@code region}), which are let through
     * @throws ZarrException.BadRequest naming the option and its value when one is neither a setting nor in
     *         {@code otherOptions}, or its value is malformed or out of range
     */
    public static HttpSettings from(StoreDescriptor where, Set<String> otherOptions) {
        Set<String> unknown = new TreeSet<>(where.options().keySet());
        unknown.removeAll(NAMES);
        unknown.removeAll(otherOptions);
        if (!unknown.isEmpty()) {
            Set<String> known = new TreeSet<>(NAMES);
            known.addAll(otherOptions);
            throw new ZarrException.BadRequest(null, "unknown option " + unknown + " for the store " + where.uri() + "; it knows " + known);
        }
        OptionValues o = new OptionValues(where);
        HttpSettings d = DEFAULTS;
        return new HttpSettings(
                (int) o.integer(IN_FLIGHT, d.inFlight, Integer.MAX_VALUE),
                (int) o.integer(CONNECTIONS, d.connectionsPerHost, Integer.MAX_VALUE),
                (int) o.integer(RETRIES, d.retries, Integer.MAX_VALUE),
                o.seconds(RETRY_TIME, d.retryTime),
                o.seconds(TIMEOUT, d.timeout),
                o.integer(COALESCE_GAP, d.coalesceGap, Long.MAX_VALUE),
                o.bool(FORBIDDEN_AS_MISSING, d.forbiddenAsMissing));
    }

    /** The settings that differ from their defaults, as descriptor options: what {@link #from} reads back as these. */
    public Map<String, String> options() {
        Map<String, String> out = new LinkedHashMap<>();
        HttpSettings d = DEFAULTS;
        putIfChanged(out, IN_FLIGHT, inFlight, d.inFlight);
        putIfChanged(out, CONNECTIONS, connectionsPerHost, d.connectionsPerHost);
        putIfChanged(out, RETRIES, retries, d.retries);
        if (!retryTime.equals(d.retryTime)) {
            out.put(RETRY_TIME, seconds(retryTime));
        }
        if (!timeout.equals(d.timeout)) {
            out.put(TIMEOUT, seconds(timeout));
        }
        putIfChanged(out, COALESCE_GAP, coalesceGap, d.coalesceGap);
        putIfChanged(out, FORBIDDEN_AS_MISSING, forbiddenAsMissing, d.forbiddenAsMissing);
        return out;
    }

    private static void putIfChanged(Map<String, String> out, String name, Object value, Object otherwise) {
        if (!value.equals(otherwise)) {
            out.put(name, String.valueOf(value));
        }
    }

    private static String seconds(Duration d) {
        return new BigDecimal(d.toNanos()).movePointLeft(9).stripTrailingZeros().toPlainString();
    }
}
