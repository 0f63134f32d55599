package dev.stride.http;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/** The version tags a HEAD answer's headers give, and when times cannot vouch for a value. */
class ValueHeadTest {
    private static final String MODIFIED = "Wed, 21 Oct 2015 07:28:00 GMT";

    private static ValueHead head(String etag, String lastModified, String date) {
        return new ValueHead(10, etag, lastModified, date);
    }

    @Test
    void aStrongEtagOfAValueChangedLongBeforeTheAnswerIsTheTag() {
        assertEquals("ETag \"5627-a\"", head("\"5627-a\"", MODIFIED, "Wed, 21 Oct 2015 07:28:03 GMT").settledTag());
    }

    @Test
    void aValueChangedWithinSecondsOfTheAnswerHasNoTagWhereTimesMayMakeIt() {
        assertNull(head("\"5627-a\"", MODIFIED, "Wed, 21 Oct 2015 07:28:02 GMT").settledTag());
        assertNull(head("\"5627-a\"", MODIFIED, null).settledTag(), "no Date to judge by");
        assertNull(head("\"5627-a\"", "yesterday", "Wed, 21 Oct 2015 08:00:00 GMT").settledTag(), "no time to judge");
        assertEquals("ETag \"5627-a\"", head("\"5627-a\"", MODIFIED, "Wed, 21 Oct 2015 07:28:02 GMT").contentTag());
    }

    @Test
    void withoutAStrongEtagTheModificationTimeIsTheTag() {
        String later = "Wed, 21 Oct 2015 09:00:00 GMT";
        assertEquals("Last-Modified " + MODIFIED, head("W/\"5627-a\"", MODIFIED, later).settledTag());
        assertEquals("Last-Modified " + MODIFIED, head(null, MODIFIED, later).contentTag());
        assertEquals("ETag \"abc\"", head("\"abc\"", null, null).settledTag(), "nothing says the ETag is made of times");
        assertNull(head("W/\"abc\"", null, later).settledTag());
        assertNull(head(null, null, null).contentTag());
    }
}
