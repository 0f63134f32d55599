package dev.stride.model;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/**
 * The user information of every URI in a text is hidden, and the signatures in its query; an @ elsewhere, and the rest
 * of the URI, are kept.
 */
class RedactedTest {
    @Test
    void hidesTheUserInformationOfEveryUri() {
        assertEquals("cannot open http://***@host:8080/x.zarr?io=read, nor s3://***@bucket/y",
                ZarrException.redacted("cannot open http://user:p%40ss:word@host:8080/x.zarr?io=read, nor s3://key:secret@bucket/y"));
        assertEquals("'HTTPS://***@h/'", ZarrException.redacted("'HTTPS://only-a-name@h/'"));
    }

    @Test
    void keepsAnAtInAPathQueryOrPlainText() {
        for (String text : new String[] {"http://host/data@2024/c/0", "http://host/x?a=b@c", "mail me@host", "no uri"}) {
            assertEquals(text, ZarrException.redacted(text));
        }
        assertNull(ZarrException.redacted(null));
    }

    /** In Azure's abfs(s) URIs the part before the @ is the container, which messages must name. */
    @Test
    void keepsTheContainerOfAnAbfsUri() {
        String text = "cannot open abfss://data@acct.dfs.core.windows.net/x.zarr nor ABFS://c@acct.dfs.core.windows.net/y";
        assertEquals(text, ZarrException.redacted(text));
        assertEquals("xabfs://***@h/", ZarrException.redacted("xabfs://u:p@h/"));
    }

    /** A SAS token's or presigned URL's signature goes; the rest of the query, and parameters of other names, stay. */
    @Test
    void hidesTheSignaturesInAQuery() {
        assertEquals("https://a.blob.core.windows.net/c/k?sv=2025-11-05&sp=r&sig=REDACTED: HTTP 403",
                ZarrException.redacted("https://a.blob.core.windows.net/c/k?sv=2025-11-05&sp=r&sig=abc%2Bdef%3D: HTTP 403"));
        assertEquals("GET https://b.s3.amazonaws.com/k?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=REDACTED&X-Amz-Signature=REDACTED failed",
                ZarrException.redacted("GET https://b.s3.amazonaws.com/k?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=AKIA%2F1&X-Amz-Signature=f00 failed"));
        assertEquals("'s3://b/x.zarr?endpoint=http://h:9/?X-Amz-Security-Token=REDACTED'",
                ZarrException.redacted("'s3://b/x.zarr?endpoint=http://h:9/?X-Amz-Security-Token=tok'"));
        for (String kept : new String[] {"http://h:1/b/c/0?partNumber=2&uploadId=ID&signature=kept", "http://h:1/zarr.json", "a sig=x"}) {
            assertEquals(kept, ZarrException.redacted(kept));
        }
    }

    @Test
    void everyFailureMessageIsRedacted() {
        var e = new ZarrException.BadRequest(null, "the URI http://u:hunter2@host/x is refused");
        assertEquals("the URI http://***@host/x is refused", e.getMessage());
        assertEquals("the URI http://***@host/x is refused", e.reason());
    }
}
