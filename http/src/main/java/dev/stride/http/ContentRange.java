package dev.stride.http;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A {@code Content-Range} header: {@code bytes first-last/size} of a 206 ({@code last} is {@code first - 1} for the
 * empty range at the end), or {@code bytes *}{@code /size} of a 416 (then {@code first} is -1).
 */
record ContentRange(long first, long last, long size) {
    private static final Pattern FORM = Pattern.compile("bytes (?:(\\d{1,18})-(\\d{1,18})|\\*)/(\\d{1,18})");

    /** The header parsed, or null when it is absent or malformed (an unknown size, {@code /*}, included). */
    static ContentRange parse(String header) {
        if (header == null) {
            return null;
        }
        Matcher m = FORM.matcher(header.strip());
        if (!m.matches()) {
            return null;
        }
        long size = Long.parseLong(m.group(3));
        if (m.group(1) == null) {
            return new ContentRange(-1, -1, size);
        }
        long first = Long.parseLong(m.group(1));
        long last = Long.parseLong(m.group(2));
        // the empty range at the very end, bytes S-(S-1)/S, is how Azurite answers bytes=S- for a value of S bytes
        boolean emptyAtTheEnd = first == size && last == size - 1;
        return first <= last && last < size || emptyAtTheEnd ? new ContentRange(first, last, size) : null;
    }

    boolean answers(ByteRange.Exact range) {
        return first == range.offset() && last == range.end() - 1;
    }
}
