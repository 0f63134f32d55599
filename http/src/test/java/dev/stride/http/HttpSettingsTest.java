package dev.stride.http;

import dev.stride.model.ZarrException;
import dev.stride.spi.StoreDescriptor;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.time.Duration;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class HttpSettingsTest {

    private static HttpSettings parse(String query, Set<String> others) {
        return HttpSettings.from(StoreDescriptor.of(URI.create("https://example.org/x.zarr?" + query)), others);
    }

    @Test
    void defaultsWithoutOptions() {
        HttpSettings s = HttpSettings.from(StoreDescriptor.of(URI.create("https://example.org/x.zarr")), Set.of());
        assertEquals(new HttpSettings(64, 64, 10, Duration.ofMinutes(3), Duration.ofSeconds(60), 1 << 20, false), s);
        assertEquals(Map.of(), s.options());
    }

    @Test
    void everyOptionIsReadAndGivenBack() {
        HttpSettings s = parse("inFlight=8&connections=4&retries=0&retryTime=2.5&timeout=0.25&coalesceGap=0&forbiddenAsMissing=true", Set.of());
        assertEquals(new HttpSettings(8, 4, 0, Duration.ofMillis(2500), Duration.ofMillis(250), 0, true), s);
        assertEquals(Map.of("inFlight", "8", "connections", "4", "retries", "0", "retryTime", "2.5", "timeout", "0.25",
                "coalesceGap", "0", "forbiddenAsMissing", "true"), s.options());
        assertEquals(s, HttpSettings.from(new StoreDescriptor(URI.create("https://example.org/x.zarr"), s.options()), Set.of()));
    }

    @Test
    void otherOptionsAreLetThroughAndUnknownOnesRefused() {
        assertEquals(HttpSettings.DEFAULTS, parse("region=eu-west-1", Set.of("region")));
        var e = assertThrows(ZarrException.BadRequest.class, () -> parse("region=eu-west-1&retrys=3", Set.of("region")));
        assertTrue(e.getMessage().contains("[retrys]") && e.getMessage().contains("region"), e.getMessage());
    }

    @Test
    void badValuesAreRefusedNamingOptionAndValue() {
        for (String bad : new String[] {"retries=many", "retries=-1", "inFlight=0", "connections=99999999999", "timeout=0",
                "timeout=soon", "retryTime=-1", "coalesceGap=1.5", "forbiddenAsMissing=yes"}) {
            var e = assertThrows(ZarrException.BadRequest.class, () -> parse(bad, Set.of()), bad);
            assertTrue(e.getMessage().contains(bad), () -> bad + ": " + e.getMessage());
        }
    }
}
