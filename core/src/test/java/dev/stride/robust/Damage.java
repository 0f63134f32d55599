package dev.stride.robust;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

/** The damaged copies of a valid chunk that the corrupt-chunk tests give a reader, whatever the format around it. */
public final class Damage {
    private Damage() {
    }

    /** Every proper prefix of the chunk, from none of it to all but its last byte. */
    public static List<byte[]> truncations(byte[] valid) {
        List<byte[]> out = new ArrayList<>();
        for (int n = 0; n < valid.length; n++) {
            out.add(Arrays.copyOf(valid, n));
        }
        return out;
    }

    /** The chunk followed by a zero byte, by seven more bytes, and by a copy of itself. */
    public static List<byte[]> extensions(byte[] valid) {
        List<byte[]> out = new ArrayList<>();
        for (byte[] tail : new byte[][] {{0}, {1, 2, 3, 4, 5, 6, 7}, valid}) {
            byte[] longer = Arrays.copyOf(valid, valid.length + tail.length);
            System.arraycopy(tail, 0, longer, valid.length, tail.length);
            out.add(longer);
        }
        return out;
    }

    /**
     * The chunk with each byte changed in turn (one copy per byte, in order), then {@code scattered} copies with one to
     * six bytes set at random (seeded, so a failure names a copy that comes back).
     */
    public static List<byte[]> garbles(byte[] valid, int scattered, long seed) {
        List<byte[]> out = new ArrayList<>();
        for (int i = 0; i < valid.length; i++) {
            byte[] bad = valid.clone();
            bad[i] ^= 0x5a;
            out.add(bad);
        }
        Random random = new Random(seed);
        for (int i = 0; i < scattered; i++) {
            byte[] bad = valid.clone();
            for (int k = 1 + random.nextInt(6); k > 0; k--) {
                bad[random.nextInt(bad.length)] = (byte) random.nextInt();
            }
            out.add(bad);
        }
        return out;
    }
}
