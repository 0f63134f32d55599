package dev.stride.testing;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeSet;

/**
 * The values the store contract kit puts in a store: nested folders, an empty value, a value large enough for ranges
 * in its middle, and names with the characters a key may hold (spaces, non-ASCII letters, URI delimiters), so a
 * store that maps keys to paths or URIs must encode them.
 */
public final class StoreValues {
    /** A value of 10,000 seeded random bytes, for ranges, prefixes and suffixes. */
    public static final String LARGE = "a/b";
    public static final String EMPTY = "a/d/e";
    /** A one-byte value. */
    public static final String ONE_BYTE = "a/c";
    /** Keys with spaces, non-ASCII letters and the characters that mean something in a URI. */
    public static final List<String> SPECIAL = List.of("sp ace/é ü", "x/100%", "x/a+b", "x/q?=&#", "x/~!$'(),;:@");

    /** Every key and its bytes, in the order they are written. */
    public static final Map<String, byte[]> ALL = all();

    private StoreValues() {
    }

    private static Map<String, byte[]> all() {
        Map<String, byte[]> values = new LinkedHashMap<>();
        values.put("zarr.json", "{\"zarr_format\":3,\"node_type\":\"group\"}".getBytes(StandardCharsets.UTF_8));
        values.put(LARGE, random(10_000, 40));
        values.put(ONE_BYTE, new byte[] {7});
        values.put(EMPTY, new byte[0]);
        values.put("a/f/g", new byte[] {'g'});
        values.put("a/f/h", random(300, 41));
        values.put("i/j/k", new byte[] {0, 1});
        values.put("Z/up", new byte[] {'Z'});
        byte n = 2;
        for (String key : SPECIAL) {
            values.put(key, new byte[] {n++, 'x'});
        }
        return Collections.unmodifiableMap(values);
    }

    /** {@code n} bytes from a seeded generator. */
    public static byte[] random(int n, long seed) {
        byte[] out = new byte[n];
        new Random(seed).nextBytes(out);
        return out;
    }

    /** The names directly below {@code prefix} among these keys, sorted: what a listing of the prefix must give. */
    public static List<String> namesBelow(Iterable<String> keys, String prefix) {
        TreeSet<String> names = new TreeSet<>();
        for (String key : keys) {
            if (key.startsWith(prefix)) {
                String rest = key.substring(prefix.length());
                int slash = rest.indexOf('/');
                names.add(slash < 0 ? rest : rest.substring(0, slash));
            }
        }
        return List.copyOf(names);
    }

    public static byte[] bytes(MemorySegment s) {
        return s.toArray(ValueLayout.JAVA_BYTE);
    }

    public static byte[] slice(byte[] value, long offset, long length) {
        byte[] out = new byte[(int) length];
        System.arraycopy(value, (int) offset, out, 0, out.length);
        return out;
    }
}
