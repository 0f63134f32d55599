package dev.stride.internal.store;

import dev.stride.model.ZarrException;

/** Checks store keys: relative, '/'-separated, no empty, '.' or '..' segments, so no key leaves its store. */
public final class Keys {
    private Keys() {
    }

    public static String check(String key) {
        String wrong = whyInvalid(key);
        if (wrong != null) {
            throw new ZarrException.StoreFailure(key, wrong, null);
        }
        return key;
    }

    public static boolean valid(String key) {
        return whyInvalid(key) == null;
    }

    private static String whyInvalid(String key) {
        if (key.isEmpty() || key.startsWith("/") || key.endsWith("/") || key.indexOf('\\') >= 0 || key.indexOf('\0') >= 0) {
            return "invalid store key";
        }
        for (String segment : key.split("/", -1)) {
            if (segment.isEmpty() || segment.equals(".") || segment.equals("..")) {
                return "store keys may not contain empty, '.' or '..' segments";
            }
        }
        return null;
    }

    /** Checks a listing prefix: "" or a key followed by '/'; a failure names the prefix as given. */
    public static String checkPrefix(String prefix) {
        if (!prefix.isEmpty()) {
            String wrong = prefix.endsWith("/") ? whyInvalid(prefix.substring(0, prefix.length() - 1)) : "a listing prefix must end with '/'";
            if (wrong != null) {
                throw new ZarrException.StoreFailure(prefix, wrong, null);
            }
        }
        return prefix;
    }
}
