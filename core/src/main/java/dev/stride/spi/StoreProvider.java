package dev.stride.spi;

/**
 * Opens the stores of one URI scheme. Providers are found with {@link java.util.ServiceLoader} (list the class in
 * {@code META-INF/services/dev.stride.spi.StoreProvider} of its jar): {@code file} is built in, other schemes
 * ({@code https}, {@code s3}) come from other jars. Implementations must be safe from many threads and have a public
 * no-argument constructor.
 */
public interface StoreProvider {

    /** The URI scheme, lower case: {@code file}. */
    String scheme();

    /**
     * Opens an existing store for reading; a store that can list returns a {@link ListableStore}. The store's
     * {@link Store#descriptor()} gives {@code where} back (with defaults filled in or left out).
     *
     * @throws dev.stride.model.ZarrException.StoreFailure when the store cannot be opened
     * @throws dev.stride.model.ZarrException.BadRequest when an option is unknown or has a bad value
     */
    Store open(StoreDescriptor where);

    /**
     * Opens a store for writing, creating it if the scheme can.
     *
     * @throws dev.stride.model.ZarrException.StoreFailure when the store cannot be opened or created
     * @throws dev.stride.model.ZarrException.BadRequest when an option is unknown or has a bad value
     * @throws dev.stride.model.ZarrException.Unsupported when stores of this scheme cannot be written
     */
    default WritableStore openWritable(StoreDescriptor where) {
        throw new dev.stride.model.ZarrException.Unsupported(null, null, "stores of the scheme '" + scheme() + "' cannot be written");
    }
}
