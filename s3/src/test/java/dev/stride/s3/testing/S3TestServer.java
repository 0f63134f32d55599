package dev.stride.s3.testing;

import org.eclipse.jetty.util.component.AbstractLifeCycle;
import org.gaul.s3proxy.AuthenticationType;
import org.gaul.s3proxy.S3Proxy;
import org.jclouds.ContextBuilder;
import org.jclouds.blobstore.BlobStore;
import org.jclouds.blobstore.BlobStoreContext;
import org.jclouds.blobstore.domain.BlobAccess;

import java.net.URI;
import java.util.Properties;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * One s3proxy for the whole test JVM, in memory ({@code transient-nio2}), on 127.0.0.1 and a free port, started on
 * first use (~5 s) and stopped when the JVM exits. It takes the credentials the build gives the SDK's chain through
 * the system properties {@code aws.accessKeyId} and {@code aws.secretAccessKey}; each test makes buckets of its own.
 */
public final class S3TestServer {
    private static final S3TestServer INSTANCE = start();
    private static final AtomicInteger BUCKETS = new AtomicInteger();

    private final S3Proxy proxy;
    private final BlobStore blobs;

    private S3TestServer(S3Proxy proxy, BlobStore blobs) {
        this.proxy = proxy;
        this.blobs = blobs;
    }

    public static S3TestServer get() {
        return INSTANCE;
    }

    public static String accessKeyId() {
        return System.getProperty("aws.accessKeyId");
    }

    public static String secretAccessKey() {
        return System.getProperty("aws.secretAccessKey");
    }

    /** {@code http://127.0.0.1:PORT}. */
    public URI endpoint() {
        return URI.create("http://127.0.0.1:" + proxy.getPort());
    }

    /** A new empty bucket, named after {@code purpose}. */
    public String bucket(String purpose) {
        String name = purpose + "-" + BUCKETS.incrementAndGet();
        blobs.createContainerInLocation(null, name);
        return name;
    }

    /** Lets anyone read an object without signing (s3proxy asks the object's access for a filesystem store). */
    public void makePublic(String bucket, String objectKey) {
        blobs.setBlobAccess(bucket, objectKey, BlobAccess.PUBLIC_READ);
    }

    /** The store URI of {@code path} in {@code bucket} on this server, with more options if given ({@code a=b&c=d}). */
    public String uri(String bucket, String path, String options) {
        return "s3://" + bucket + "/" + path + "?endpoint=" + endpoint() + (options.isEmpty() ? "" : "&" + options);
    }

    private static S3TestServer start() {
        Properties properties = new Properties();
        // jclouds asks for an identity even in memory; it is not the one clients sign with
        properties.setProperty("jclouds.identity", "local");
        properties.setProperty("jclouds.credential", "local");
        BlobStoreContext context = ContextBuilder.newBuilder("transient-nio2").overrides(properties).build(BlobStoreContext.class);
        S3Proxy proxy = S3Proxy.builder()
                .blobStore(context.getBlobStore())
                .awsAuthentication(AuthenticationType.AWS_V2_OR_V4, accessKeyId(), secretAccessKey())
                .endpoint(URI.create("http://127.0.0.1:0"))
                .build();
        try {
            proxy.start();
            while (!AbstractLifeCycle.STARTED.equals(proxy.getState())) {
                Thread.sleep(5);
            }
        } catch (Exception e) {
            throw new IllegalStateException("s3proxy did not start", e);
        }
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            try {
                proxy.stop();
            } catch (Exception ignored) {
                // the JVM is going away
            }
            context.close();
        }));
        return new S3TestServer(proxy, context.getBlobStore());
    }
}
