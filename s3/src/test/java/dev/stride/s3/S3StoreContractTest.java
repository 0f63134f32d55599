package dev.stride.s3;

import dev.stride.s3.testing.S3TestServer;
import dev.stride.spi.StoreDescriptor;
import dev.stride.spi.WritableStore;
import dev.stride.testing.WritableStoreContract;

import java.lang.foreign.MemorySegment;

/** The store contract over s3proxy, each store in a bucket of its own. */
class S3StoreContractTest extends WritableStoreContract {
    private static final S3TestServer SERVER = S3TestServer.get();
    private static final S3StoreProvider PROVIDER = new S3StoreProvider();

    @Override
    protected boolean sendsRequests() {
        return true;
    }

    /**
     * Two retries, not ten: s3proxy answers 500 to an object below an object (it keeps them as files), a failure
     * the kit expects, which the default retries would take half a minute to report.
     */
    @Override
    protected WritableStore emptyWritable() {
        return PROVIDER.openWritable(StoreDescriptor.parse(SERVER.uri(SERVER.bucket("contract"), "data.zarr", "retries=2")));
    }

    /**
     * s3proxy's in-memory blob store writes an object in place under a temporary name of its own, so a GET racing a PUT
     * can return parts of both, and a listing racing it can show that name (AWS S3 does neither).
     */
    @Override
    protected boolean serverWritesAtomically() {
        return false;
    }

    /** s3proxy ignores {@code If-None-Match: *} and stores the value (AWS S3 honours it). */
    @Override
    protected boolean createsConditionally() {
        return false;
    }

    @Override
    protected Folders folders() {
        return Folders.PREFIXES;
    }

    /** An object of a private bucket read without signing: s3proxy answers 403. */
    @Override
    protected Unreadable unreadable() {
        String bucket = SERVER.bucket("private");
        try (WritableStore writer = PROVIDER.openWritable(StoreDescriptor.parse(SERVER.uri(bucket, "data.zarr", "")))) {
            writer.write("c/0", MemorySegment.ofArray(new byte[] {1}));
        }
        var anonymous = PROVIDER.open(StoreDescriptor.parse(SERVER.uri(bucket, "data.zarr", "anonymous=true")));
        return new Unreadable(anonymous, "c/0", SERVER.endpoint() + "/" + bucket + "/data.zarr/c/0");
    }
}
