package dev.stride.spark;

import java.util.Arrays;

/**
 * Numbers the distinct keys of a group-by in the order they are first seen: keys of 16 bits or fewer through a table
 * indexed by the key itself, wider ones through an open-addressing hash table.
 */
final class GroupSlots {
    /** For narrow keys: the slot of each key from {@link #lowest} on, -1 for none yet; null for wide keys. */
    private final int[] direct;
    private final long lowest;
    /** For wide keys: a power-of-two table of keys and their slots + 1 (0 for an empty entry). */
    private long[] hashKeys;
    private int[] hashSlots;
    private long[] keys = new long[16];
    private int size;

    /** Slots for keys from {@code lowest} to {@code highest}: a direct table when that range is at most 2^16. */
    GroupSlots(long lowest, long highest) {
        this.lowest = lowest;
        if (Long.compareUnsigned(highest - lowest, 1 << 16) < 0) {
            direct = new int[(int) (highest - lowest + 1)];
            Arrays.fill(direct, -1);
        } else {
            direct = null;
            hashKeys = new long[64];
            hashSlots = new int[64];
        }
    }

    /** The slot of {@code key}, a new one when it is first seen. */
    int slot(long key) {
        if (direct != null) {
            int i = (int) (key - lowest);
            int s = direct[i];
            return s >= 0 ? s : (direct[i] = add(key));
        }
        int mask = hashKeys.length - 1;
        for (int i = mix(key) & mask; ; i = (i + 1) & mask) {
            if (hashSlots[i] == 0) {
                int s = add(key);
                hashKeys[i] = key;
                hashSlots[i] = s + 1;
                if (2 * size > hashKeys.length) {
                    rehash();
                }
                return s;
            }
            if (hashKeys[i] == key) {
                return hashSlots[i] - 1;
            }
        }
    }

    private static int mix(long key) {
        long h = key * 0x9E3779B97F4A7C15L;
        return (int) (h ^ (h >>> 32));
    }

    private int add(long key) {
        if (size == keys.length) {
            keys = Arrays.copyOf(keys, size * 2);
        }
        keys[size] = key;
        return size++;
    }

    private void rehash() {
        hashKeys = new long[hashKeys.length * 2];
        hashSlots = new int[hashSlots.length * 2];
        int mask = hashKeys.length - 1;
        for (int s = 0; s < size; s++) {
            int i = mix(keys[s]) & mask;
            while (hashSlots[i] != 0) {
                i = (i + 1) & mask;
            }
            hashKeys[i] = keys[s];
            hashSlots[i] = s + 1;
        }
    }

    /** The key of a slot. */
    long key(int slot) {
        return keys[slot];
    }

    /** Keys seen so far. */
    int size() {
        return size;
    }
}
