package dev.stride.http;

import dev.stride.model.ZarrException;
import dev.stride.spi.StoreDescriptor;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class UploadSettingsTest {
    private static final long FIVE_MIB = 5L << 20;

    private static UploadSettings parse(String query) {
        return UploadSettings.from(StoreDescriptor.of(URI.create("s3://bucket/x.zarr" + query)), FIVE_MIB);
    }

    @Test
    void defaultsAndOptionsReadAndGivenBack() {
        assertEquals(new UploadSettings(16L << 20, 8), parse(""));
        assertEquals(Map.of(), parse("").options());
        UploadSettings s = parse("?partSize=67108864&partsInFlight=2");
        assertEquals(new UploadSettings(64L << 20, 2), s);
        assertEquals(Map.of("partSize", "67108864", "partsInFlight", "2"), s.options());
        assertEquals(s, UploadSettings.from(new StoreDescriptor(URI.create("s3://bucket/x.zarr"), s.options()), FIVE_MIB));
    }

    @Test
    void partsOutsideWhatTheServiceTakesAreRefusedNamingOptionAndRange() {
        for (String bad : new String[] {"partSize=5242879", "partSize=1073741825", "partSize=64MiB", "partsInFlight=0", "partsInFlight=-3"}) {
            var e = assertThrows(ZarrException.BadRequest.class, () -> parse("?" + bad), bad);
            assertTrue(e.getMessage().contains("the option " + bad + " of s3://bucket/x.zarr"), e.getMessage());
        }
        var e = assertThrows(ZarrException.BadRequest.class, () -> parse("?partSize=1"));
        assertTrue(e.getMessage().endsWith("is not a whole number from 5242880 to 1073741824"), e.getMessage());
    }
}
