package dev.stride.internal.store;

import dev.stride.model.ZarrException;

/** Checks store keys: relative, '/'-separated, no empty, '.' or '..' segments, so no key leaves its store. */
public final class Keys {
    private Keys() {
    }

    public static String check(String key) {
        if (key.isEmpty() || key.startsWith("/") || key.endsWith("/") || key.indexOf('\\') >= 0 || key.indexOf('\0') >= 0) {
            throw new ZarrException.StoreFailure(key, "invalid store key", null);
        }
        for (String segment : key.split("/", -1)) {
            if (segment.isEmpty() || segment.equals(".") || segment.equals("..")) {
                throw new ZarrException.StoreFailure(key, "store keys may not contain empty, '.' or '..' segments", null);
            }
        }
        return key;
    }

    /** Checks a listing prefix: "" or a key followed by '/'. */
    public static String checkPrefix(String prefix) {
        if (!prefix.isEmpty()) {
            check(prefix.substring(0, prefix.length() - 1));
            if (!prefix.endsWith("/")) {
                throw new ZarrException.StoreFailure(prefix, "a listing prefix must end with '/'", null);
            }
        }
        return prefix;
    }
}
