package dev.stride.spi;

/**
 * Opens the stores of one URI scheme: what {@code Zarr.open("s3://...")} and {@link StoreDescriptor}s sent to other
 * JVMs go through. Providers are found with {@link java.util.ServiceLoader} (list the class in
 * {@code META-INF/services/dev.stride.spi.StoreProvider} of its jar, and {@code provides} it in the jar's
 * module-info): {@code file} is built in, other schemes ({@code http}, {@code https}, {@code s3}) come from other
 * jars. Implementations must be safe from many threads and have a public no-argument constructor; the store contract
 * kit in core's test-jar ({@code dev.stride.testing.StoreContract}) reopens each store it checks through its
 * descriptor's provider.
 */
public interface StoreProvider {

    /**
     * The URI scheme, lower case ({@code file}); one provider per scheme.
     *
     * @return the scheme, lower case
     */
    String scheme();

    /**
     * Opens an existing store for reading; a store that can list returns a {@link ListableStore}. The store's
     * {@link Store#descriptor()} gives {@code where} back (with defaults filled in or left out), so that opening that
     * descriptor again gives the same store. A remote store need not ask its server anything before the first read.
     *
     * @param where a descriptor of this provider's scheme
     * @return the open store, which the caller closes
     * @throws dev.stride.model.ZarrException.StoreFailure when the store cannot be opened
     * @throws dev.stride.model.ZarrException.BadRequest when an option is unknown or has a bad value
     */
    Store open(StoreDescriptor where);

    /**
     * Opens a store for writing, creating it if the scheme can.
     *
     * @param where a descriptor of this provider's scheme
     * @return the open store, which the caller closes
     * @throws dev.stride.model.ZarrException.StoreFailure when the store cannot be opened or created
     * @throws dev.stride.model.ZarrException.BadRequest when an option is unknown or has a bad value
     * @throws dev.stride.model.ZarrException.Unsupported when stores of this scheme cannot be written (the default)
     */
    default WritableStore openWritable(StoreDescriptor where) {
        throw new dev.stride.model.ZarrException.Unsupported(null, null, "stores of the scheme '" + scheme() + "' cannot be written");
    }
}
