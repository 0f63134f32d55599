package dev.stride.http;

import java.time.Duration;
import java.time.Instant;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;

/**
 * What a HEAD answer tells of a value without its bytes: its size and the headers that name its version, from which a
 * store makes the version tag chunk statistics trust ({@link dev.stride.spi.Store#identity}).
 *
 * @param size the value's size ({@code Content-Length})
 * @param etag the {@code ETag} header, or null
 * @param lastModified the {@code Last-Modified} header, or null
 * @param date the answer's {@code Date} header, or null
 */
public record ValueHead(long size, String etag, String lastModified, String date) {
    /**
     * How long before the answer a value must have changed last for a tag made of its times to vouch for it: as for
     * local files, a clock that stamps by the second would give a rewrite within the same second the same time.
     */
    static final Duration SETTLED = Duration.ofSeconds(3);

    /**
     * The tag of a server whose ETag may be made of the modification time (nginx's is the second and the size): the
     * strong ETag, else the {@code Last-Modified}, and only when the answer's own {@code Date} is {@link #SETTLED}
     * after the value last changed, so that any later rewrite has a later time; an ETag without a
     * {@code Last-Modified} as it is. Null when nothing vouches for the value.
     */
    public String settledTag() {
        if (lastModified != null) {
            Instant modified = instant(lastModified);
            Instant answered = instant(date);
            if (modified == null || answered == null || answered.isBefore(modified.plus(SETTLED))) {
                return null;
            }
        }
        String strong = strongEtag();
        return strong != null ? "ETag " + strong : lastModified != null ? "Last-Modified " + lastModified.strip() : null;
    }

    /**
     * The tag of a store whose ETag changes whenever the content does (S3's is a hash of the content, Azure's new at
     * every write): the strong ETag, else {@link #settledTag()}.
     */
    public String contentTag() {
        String strong = strongEtag();
        return strong != null ? "ETag " + strong : settledTag();
    }

    /** The ETag unless it is missing or weak (a weak one may stay the same across byte-different values). */
    private String strongEtag() {
        return etag == null || etag.isBlank() || etag.startsWith("W/") ? null : etag.strip();
    }

    /** An HTTP date ({@code Wed, 21 Oct 2015 07:28:00 GMT}), or null when missing or not one. */
    private static Instant instant(String httpDate) {
        if (httpDate == null) {
            return null;
        }
        try {
            return ZonedDateTime.parse(httpDate.strip(), DateTimeFormatter.RFC_1123_DATE_TIME).toInstant();
        } catch (DateTimeParseException e) {
            return null;
        }
    }
}
