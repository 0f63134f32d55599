package dev.stride.s3;

import java.nio.charset.StandardCharsets;

/**
 * Percent-encoding as SigV4 canonicalizes it (RFC 3986: everything but {@code A-Z a-z 0-9 - _ . ~} is encoded, in
 * UTF-8), so the URI sent and the URI signed are the same text and every server decodes the key we meant.
 */
final class UriEncoding {
    private static final char[] HEX = "0123456789ABCDEF".toCharArray();

    private UriEncoding() {
    }

    /** An object key as a URI path: each segment encoded, the {@code /} between them kept. */
    static String path(String key) {
        return encode(key, true);
    }

    /** A query parameter's name or value: {@code /} encoded too. */
    static String component(String value) {
        return encode(value, false);
    }

    private static String encode(String text, boolean keepSlash) {
        StringBuilder out = new StringBuilder(text.length() + 16);
        for (byte b : text.getBytes(StandardCharsets.UTF_8)) {
            int c = b & 0xff;
            if (c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-' || c == '_' || c == '.'
                    || c == '~' || keepSlash && c == '/') {
                out.append((char) c);
            } else {
                out.append('%').append(HEX[c >> 4]).append(HEX[c & 0xf]);
            }
        }
        return out.toString();
    }
}
