package dev.stride.azure;

import dev.stride.Zarr;
import dev.stride.ZarrArray;
import dev.stride.model.FieldStats;
import dev.stride.model.ZarrException;

/**
 * The child JVM of {@link AzureDefaultCredentialTest}: scans one field of an array through Stride's store lookup, in a
 * process whose environment names no Azure secret, so that the store signs its requests with the DefaultAzureCredential
 * chain. Prints {@code count=N sum=S}, or {@code failure=KIND: message} and exits with 3 when Stride refuses.
 *
 * <p>usage: DefaultChainReader URI FIELD
 */
final class DefaultChainReader {
    private DefaultChainReader() {
    }

    public static void main(String[] args) {
        try (Zarr zarr = Zarr.open(args[0]); ZarrArray array = zarr.array("/")) {
            FieldStats stats = array.scan(args[1]);
            System.out.println("count=" + stats.count() + " sum=" + stats.sumAsDouble());
        } catch (ZarrException e) {
            System.out.println("failure=" + e.getClass().getSimpleName() + ": " + e.getMessage());
            System.exit(3);
        }
    }
}
