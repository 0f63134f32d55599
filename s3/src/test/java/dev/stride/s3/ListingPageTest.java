package dev.stride.s3;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** ListObjectsV2 answers as AWS writes them, and answers no listing may be taken from. */
class ListingPageTest {

    private static ListingPage parse(String xml) {
        return ListingPage.parse(xml.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void keysPrefixesAndTheNextToken() {
        ListingPage page = parse("""
                <?xml version="1.0" encoding="UTF-8"?>
                <ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">
                  <Name>b</Name><Prefix>x/</Prefix><KeyCount>3</KeyCount><MaxKeys>3</MaxKeys><Delimiter>/</Delimiter>
                  <IsTruncated>true</IsTruncated>
                  <Contents><Key>x/zarr.json</Key><LastModified>2026-01-01T00:00:00.000Z</LastModified>
                    <ETag>"abc"</ETag><Size>10</Size><Owner><ID>o</ID></Owner><StorageClass>STANDARD</StorageClass></Contents>
                  <Contents><Key>x/a&amp;b</Key><Size>1</Size></Contents>
                  <CommonPrefixes><Prefix>x/c/</Prefix></CommonPrefixes>
                  <NextContinuationToken>1ueGcxLPRx1Tr/XYExHnhbYLgveDs2J/wm36Hy4vbOwM=</NextContinuationToken>
                </ListBucketResult>
                """);
        assertEquals(List.of("x/zarr.json", "x/a&b"), page.keys());
        assertEquals(List.of("x/c/"), page.prefixes());
        assertEquals("1ueGcxLPRx1Tr/XYExHnhbYLgveDs2J/wm36Hy4vbOwM=", page.nextToken());
    }

    @Test
    void aLastPageHasNoToken() {
        ListingPage page = parse("<ListBucketResult><IsTruncated>false</IsTruncated><NextContinuationToken>t</NextContinuationToken></ListBucketResult>");
        assertTrue(page.keys().isEmpty());
        assertNull(page.nextToken());
    }

    @Test
    void aTruncatedPageWithoutATokenIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> parse("<ListBucketResult><IsTruncated>true</IsTruncated></ListBucketResult>"));
    }

    @Test
    void anErrorDocumentOrBrokenXmlIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> parse("<Error><Code>AccessDenied</Code></Error>"));
        assertThrows(IllegalArgumentException.class, () -> parse("<ListBucketResult><Contents><Key>x"));
        assertThrows(IllegalArgumentException.class, () -> parse("<ListBucketResult><Contents><Size>1</Size></Contents></ListBucketResult>"));
    }

    @Test
    void externalEntitiesAreNeverResolved() {
        String xml = """
                <?xml version="1.0"?>
                <!DOCTYPE r [<!ENTITY secret SYSTEM "file:///etc/passwd">]>
                <ListBucketResult><Contents><Key>&secret;</Key></Contents></ListBucketResult>
                """;
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> parse(xml));
        assertTrue(!e.getMessage().contains("root:"), e.getMessage());
    }
}
