/**
 * Stride: reads and writes Zarr v3 arrays of records. {@code dev.stride} opens hierarchies and arrays,
 * {@code dev.stride.model} holds the values the API speaks in, {@code dev.stride.spi} what store and codec plugins
 * implement; {@code dev.stride.internal.*} is exported only to the sibling modules that share it, which javac cannot see
 * while it compiles this one (hence the module lint's silence). On a plain class path this descriptor is ignored.
 */
@SuppressWarnings("module")
module dev.stride {
    requires com.fasterxml.jackson.core;
    // DecodeBudget sizes its default from the physical memory
    requires jdk.management;
    // the field kernels' vectors, when the JVM is started with this module (internal.read.SimdKernels)
    requires static jdk.incubator.vector;

    exports dev.stride;
    exports dev.stride.model;
    exports dev.stride.spi;

    // machinery the sibling modules share, hidden from users (the arrow and spark modules are automatic, named by their
    // manifests)
    exports dev.stride.internal.claim to dev.stride.cli, dev.stride.spark;
    exports dev.stride.internal.file to dev.stride.arrow, dev.stride.cli;
    exports dev.stride.internal.json to dev.stride.arrow, dev.stride.cli;
    exports dev.stride.internal.memory to dev.stride.spark;
    exports dev.stride.internal.region to dev.stride.arrow, dev.stride.cli;
    exports dev.stride.internal.text to dev.stride.arrow, dev.stride.cli, dev.stride.spark;

    uses dev.stride.spi.CodecProvider;
    uses dev.stride.spi.StoreProvider;
    // file: URIs and plain paths; on a class path META-INF/services lists it
    provides dev.stride.spi.StoreProvider with dev.stride.internal.store.FileStoreProvider;
}
