package dev.stride.model;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/** The user information of every URI in a text is hidden; an @ elsewhere, and the rest of the URI, are kept. */
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

    @Test
    void everyFailureMessageIsRedacted() {
        var e = new ZarrException.BadRequest(null, "the URI http://u:hunter2@host/x is refused");
        assertEquals("the URI http://***@host/x is refused", e.getMessage());
        assertEquals("the URI http://***@host/x is refused", e.reason());
    }
}
