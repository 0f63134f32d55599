package dev.stride.s3;

import dev.stride.model.ZarrException;

/**
 * Checks store keys before they become object keys: relative, {@code /}-separated, no empty, {@code .} or
 * {@code ..} segment. S3 would take such names as they are, but a hierarchy copied to a directory could not hold
 * them, and an HTTP client or proxy may fold {@code ..} into another key.
 */
final class StoreKeys {
    private StoreKeys() {
    }

    static String check(String key) {
        for (String segment : key.split("/", -1)) {
            if (segment.isEmpty() || segment.equals(".") || segment.equals("..")) {
                throw new ZarrException.StoreFailure(key, "is not a valid key: it has an empty, '.' or '..' segment", null);
            }
        }
        return key;
    }

    /** A listing prefix: {@code ""} or a valid key followed by {@code /}. */
    static String checkPrefix(String prefix) {
        if (!prefix.isEmpty()) {
            if (!prefix.endsWith("/")) {
                throw new ZarrException.StoreFailure(prefix, "is not a listing prefix: it must be empty or end with '/'", null);
            }
            check(prefix.substring(0, prefix.length() - 1));
        }
        return prefix;
    }
}
