package dev.stride.http;

import dev.stride.model.ZarrException;
import dev.stride.spi.StoreDescriptor;

import java.net.URI;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * How an object store writes a large value: a value of more than {@code partSize} bytes goes in parts of that size
 * (S3's multipart upload, Azure's blocks), {@code partsInFlight} of them sent at once; a smaller one goes in one
 * request. Given as options of the store's URI ({@code s3://bucket/x.zarr?partSize=67108864}).
 *
 * @param partSize the size of a part and the largest value written in one request (option {@value #PART_SIZE},
 *        bytes, default 16 MiB; a store may grow it for a value that would need more parts than it allows)
 * @param partsInFlight how many parts of one value are sent at once (option {@value #PARTS_IN_FLIGHT}, default 8)
 */
public record UploadSettings(long partSize, int partsInFlight) {
    /** Option: the part size in bytes. */
    public static final String PART_SIZE = "partSize";
    /** Option: the parts of one value sent at once. */
    public static final String PARTS_IN_FLIGHT = "partsInFlight";
    /** The names of the options this class reads. */
    public static final Set<String> NAMES = Set.of(PART_SIZE, PARTS_IN_FLIGHT);
    /** Both settings at their defaults. */
    public static final UploadSettings DEFAULTS = new UploadSettings(16L << 20, 8);
    /**
     * The largest part any store takes here: a part that must be copied (memory confined to the writing thread) is
     * copied to the heap, and one Azure block is one byte buffer, so a part stays well below 2 GiB.
     */
    public static final long MAX_PART_SIZE = 1L << 30;

    /**
     * @throws ZarrException.BadRequest when the part size is not from 1 to {@link #MAX_PART_SIZE} or no part is let fly
     */
    public UploadSettings {
        if (partSize < 1 || partSize > MAX_PART_SIZE || partsInFlight < 1) {
            throw new ZarrException.BadRequest(null, "parts of " + partSize + " bytes, " + partsInFlight + " in flight, are out of range");
        }
    }

    /**
     * The settings a descriptor's options give, the others at their defaults.
     *
     * @param minPartSize the smallest part the store's service takes (S3: 5 MiB); at most the default
     * @throws ZarrException.BadRequest naming the option and its value when one is malformed, or the part size is not
     *         from {@code minPartSize} to {@link #MAX_PART_SIZE}
     */
    public static UploadSettings from(StoreDescriptor where, long minPartSize) {
        OptionValues o = new OptionValues(where);
        return new UploadSettings(o.integer(PART_SIZE, DEFAULTS.partSize, minPartSize, MAX_PART_SIZE),
                (int) o.integer(PARTS_IN_FLIGHT, DEFAULTS.partsInFlight, 1, Integer.MAX_VALUE));
    }

    /** The settings that differ from their defaults, as descriptor options: what {@link #from} reads back as these. */
    public Map<String, String> options() {
        Map<String, String> out = new LinkedHashMap<>();
        if (partSize != DEFAULTS.partSize) {
            out.put(PART_SIZE, Long.toString(partSize));
        }
        if (partsInFlight != DEFAULTS.partsInFlight) {
            out.put(PARTS_IN_FLIGHT, Integer.toString(partsInFlight));
        }
        return out;
    }

    /**
     * The descriptor of a store that writes with these settings: its URI, and its own options with those of
     * {@code settings} and these that differ from their defaults, sorted, so that the descriptor opens the same store.
     *
     * @param storeOptions the options the store's own configuration reads (an S3 store's region, an Azure one's account)
     */
    public StoreDescriptor descriptor(URI uri, Map<String, String> storeOptions, HttpSettings settings) {
        Map<String, String> options = new TreeMap<>(storeOptions);
        options.putAll(settings.options());
        options.putAll(options());
        return new StoreDescriptor(uri, options);
    }
}
