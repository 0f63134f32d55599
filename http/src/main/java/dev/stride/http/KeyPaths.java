package dev.stride.http;

import dev.stride.model.ZarrException;

import java.nio.charset.StandardCharsets;

/**
 * Store keys as the paths of remote values. A key is checked first: no empty, {@code .} or {@code ..} segment, which a
 * server or proxy would resolve to another value (and a hierarchy copied to a directory could not hold). It is then
 * percent-encoded as RFC 3986 and SigV4 both have it (everything but {@code A-Z a-z 0-9 - _ . ~} encoded, in UTF-8),
 * so the URI sent and the URI signed are the same text and every server decodes the key that was meant.
 */
public final class KeyPaths {
    private static final char[] HEX = "0123456789ABCDEF".toCharArray();

    private KeyPaths() {
    }

    /**
     * The key, checked.
     *
     * @throws ZarrException.StoreFailure for a key with an empty, {@code .} or {@code ..} segment
     */
    public static String check(String key) {
        if (!valid(key)) {
            throw new ZarrException.StoreFailure(key, "is not a valid key: it has an empty, '.' or '..' segment", null);
        }
        return key;
    }

    private static boolean valid(String key) {
        for (String segment : key.split("/", -1)) {
            if (segment.isEmpty() || segment.equals(".") || segment.equals("..")) {
                return false;
            }
        }
        return true;
    }

    /**
     * A listing prefix, checked: {@code ""} or a valid key followed by {@code /}.
     *
     * @throws ZarrException.StoreFailure for any other prefix, naming it as given
     */
    public static String checkPrefix(String prefix) {
        if (!prefix.isEmpty()) {
            if (!prefix.endsWith("/")) {
                throw new ZarrException.StoreFailure(prefix, "is not a listing prefix: it must be empty or end with '/'", null);
            }
            if (!valid(prefix.substring(0, prefix.length() - 1))) {
                throw new ZarrException.StoreFailure(prefix, "is not a listing prefix: it has an empty, '.' or '..' segment", null);
            }
        }
        return prefix;
    }

    /**
     * The object key prefix a store URI's path names: {@code ""} for none ({@code ""} or only slashes), else the path
     * without its leading and trailing slashes and with one {@code /} appended ({@code /a/b/} gives {@code a/b/}),
     * what every key of an object store at that path starts with.
     *
     * @param path the URI's decoded path, or null
     * @return the prefix, or null when the path has an empty segment ({@code a//b}), which no key could be below
     */
    public static String objectPrefix(String path) {
        String p = path == null ? "" : path;
        int start = 0;
        int end = p.length();
        while (start < end && p.charAt(start) == '/') {
            start++;
        }
        while (end > start && p.charAt(end - 1) == '/') {
            end--;
        }
        String inner = p.substring(start, end);
        if (inner.contains("//")) {
            return null;
        }
        return inner.isEmpty() ? "" : inner + "/";
    }

    /** A key (or any {@code /}-separated name) as a URI path: each segment encoded, the {@code /} between them kept. */
    public static String encode(String path) {
        return encode(path, true);
    }

    /** A query parameter's name or value: {@code /} encoded too. */
    public static String encodeComponent(String value) {
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
