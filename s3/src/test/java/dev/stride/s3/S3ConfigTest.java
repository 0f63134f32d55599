package dev.stride.s3;

import dev.stride.model.ZarrException;
import dev.stride.spi.StoreDescriptor;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Region, endpoint and addressing resolved from options and an environment, as the AWS tools resolve them. */
class S3ConfigTest {
    private static final Supplier<String> NO_PROFILE = () -> null;

    private static S3Config resolve(String uri, Map<String, String> env) {
        return S3Config.resolve(StoreDescriptor.parse(uri), env, NO_PROFILE);
    }

    @Test
    void anEndpointWithUserInformationIsRefusedWithoutPrintingIt() {
        for (String variable : List.of("AWS_ENDPOINT_URL", "AWS_ENDPOINT_URL_S3")) {
            ZarrException e = assertThrows(ZarrException.BadRequest.class,
                    () -> resolve("s3://b/x", Map.of(variable, "http://user:hunter2@127.0.0.1:9000")));
            assertEquals("the S3 endpoint 'http://***@127.0.0.1:9000' (" + variable + ") of s3://b/x is not an http or https URL such as "
                    + "http://127.0.0.1:9000", e.getMessage());
        }
    }

    @Test
    void bucketAndPrefixComeFromTheUri() {
        S3Location at = resolve("s3://my-bucket/some/data.zarr/", Map.of()).location();
        assertEquals("my-bucket", at.bucket());
        assertEquals("some/data.zarr/", at.keyPrefix());
        assertEquals("some/data.zarr/c/0", at.objectKey("c/0"));
        assertEquals("", resolve("s3://my-bucket", Map.of()).location().keyPrefix());
        assertEquals(URI.create("s3://my-bucket/some/data.zarr"), at.uri());
    }

    @Test
    void malformedUrisAreRefused() {
        assertThrows(ZarrException.BadRequest.class, () -> resolve("s3:///no-bucket", Map.of()));
        assertThrows(ZarrException.BadRequest.class, () -> resolve("s3://b/a//b", Map.of()));
        assertThrows(ZarrException.BadRequest.class, () -> S3Location.of(URI.create("https://b/x")));
    }

    @Test
    void regionOptionBeatsEnvironmentBeatsProfileBeatsDefault() {
        Map<String, String> env = Map.of("AWS_REGION", "eu-west-1", "AWS_DEFAULT_REGION", "eu-west-2");
        assertEquals("ap-south-1", resolve("s3://b/x?region=ap-south-1", env).region());
        assertEquals("eu-west-1", resolve("s3://b/x", env).region());
        assertEquals("eu-west-2", resolve("s3://b/x", Map.of("AWS_DEFAULT_REGION", "eu-west-2")).region());
        assertEquals("sa-east-1", S3Config.resolve(StoreDescriptor.parse("s3://b/x"), Map.of(), () -> "sa-east-1").region());
        assertEquals("us-east-1", resolve("s3://b/x", Map.of()).region());
    }

    @Test
    void theProfileChainIsAskedOnlyWhenNothingElseNamesARegion() {
        Supplier<String> mustNotBeAsked = () -> {
            throw new AssertionError("asked the SDK's chain");
        };
        assertEquals("eu-west-1", S3Config.resolve(StoreDescriptor.parse("s3://b/x"), Map.of("AWS_REGION", "eu-west-1"), mustNotBeAsked).region());
    }

    @Test
    void awsIsAddressedVirtualHosted() {
        S3Config c = resolve("s3://my-bucket/data.zarr", Map.of("AWS_REGION", "eu-central-1"));
        assertFalse(c.pathStyle());
        assertEquals(URI.create("https://my-bucket.s3.eu-central-1.amazonaws.com/data.zarr/c/0%201"), c.objectUri("data.zarr/c/0 1"));
        assertEquals(URI.create("https://s3.cn-north-1.amazonaws.com.cn"), resolve("s3://b/x?region=cn-north-1", Map.of()).endpoint());
    }

    @Test
    void aBucketNameWithDotsIsAddressedPathStyleOnAws() {
        // bucket.with.dots.s3... does not match the *.s3 TLS certificate
        S3Config c = resolve("s3://my.bucket/x", Map.of());
        assertTrue(c.pathStyle());
        assertEquals(URI.create("https://s3.us-east-1.amazonaws.com/my.bucket/x/k"), c.objectUri("x/k"));
    }

    @Test
    void endpointOptionBeatsS3VariableBeatsGeneralVariable() {
        Map<String, String> env = Map.of("AWS_ENDPOINT_URL_S3", "http://s3-only:9000", "AWS_ENDPOINT_URL", "http://general:9000");
        assertEquals(URI.create("http://option:1"), resolve("s3://b/x?endpoint=http://option:1/", env).endpoint());
        assertEquals(URI.create("http://s3-only:9000"), resolve("s3://b/x", env).endpoint());
        assertEquals(URI.create("http://general:9000"), resolve("s3://b/x", Map.of("AWS_ENDPOINT_URL", "http://general:9000")).endpoint());
    }

    @Test
    void aCustomEndpointIsPathStyleUnlessTurnedOff() {
        S3Config path = resolve("s3://b/x", Map.of("AWS_ENDPOINT_URL", "http://127.0.0.1:9000"));
        assertTrue(path.pathStyle());
        assertEquals(URI.create("http://127.0.0.1:9000/b/x/zarr.json"), path.objectUri("x/zarr.json"));
        S3Config hosted = resolve("s3://bucket/x?endpoint=https://storage.example.com&pathStyle=false", Map.of());
        assertEquals(URI.create("https://bucket.storage.example.com/x/zarr.json"), hosted.objectUri("x/zarr.json"));
        assertEquals(Map.of("endpoint", "https://storage.example.com", "pathStyle", "false"), hosted.options());
    }

    @Test
    void listingUrisCarryTheQueryInSignedOrder() {
        S3Config c = resolve("s3://b/x?endpoint=http://h:1", Map.of());
        assertEquals(URI.create("http://h:1/b/?delimiter=%2F&list-type=2&prefix=x%2Fa%20b%2F"), c.listUri("x/a b/", null, 0));
        assertEquals(URI.create("http://h:1/b/?continuation-token=t%2B1%3D&delimiter=%2F&list-type=2&max-keys=5&prefix="),
                c.listUri("", "t+1=", 5));
    }

    @Test
    void badValuesAreRefusedNamingTheOption() {
        ZarrException e = assertThrows(ZarrException.BadRequest.class, () -> resolve("s3://b/x?anonymous=yes", Map.of()));
        assertTrue(e.getMessage().contains("anonymous=yes"), e.getMessage());
        e = assertThrows(ZarrException.BadRequest.class, () -> resolve("s3://b/x", Map.of("AWS_ENDPOINT_URL_S3", "ftp://x")));
        assertTrue(e.getMessage().contains("AWS_ENDPOINT_URL_S3"), e.getMessage());
        assertThrows(ZarrException.BadRequest.class, () -> resolve("s3://b/x?region=Not%20A%20Region", Map.of()));
        assertThrows(ZarrException.BadRequest.class, () -> resolve("s3://b/x?endpoint=", Map.of("AWS_ENDPOINT_URL", "http://h:1")));
        e = assertThrows(ZarrException.BadRequest.class, () -> resolve("s3://b/x?region=", Map.of("AWS_REGION", "eu-west-1")));
        assertTrue(e.getMessage().contains("the option region"), e.getMessage());
        e = assertThrows(ZarrException.BadRequest.class, () -> resolve("s3://b/x", Map.of("AWS_REGION", "eu west")));
        assertTrue(e.getMessage().contains("AWS_REGION"), e.getMessage());
    }

    @Test
    void flagsAndTheirDescriptorOptions() {
        S3Config c = resolve("s3://b/x?anonymous=TRUE&requesterPays=true&region=eu-west-1", Map.of());
        assertTrue(c.anonymous());
        assertTrue(c.requesterPays());
        assertEquals(Map.of("anonymous", "true", "requesterPays", "true", "region", "eu-west-1"), c.options());
        assertEquals(Map.of(), resolve("s3://b/x?anonymous=false", Map.of("AWS_REGION", "eu-west-1")).options());
    }
}
