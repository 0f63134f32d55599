package dev.stride.cli;

import java.util.Locale;

/** Byte counts for people: {@code 512 B}, {@code 1.5 KiB}, {@code 640.9 MiB}. */
final class ByteText {
    private static final String PREFIXES = "KMGTPE";

    private ByteText() {
    }

    static String of(double bytes) {
        if (bytes < 1024) {
            return Math.round(bytes) + " B";
        }
        int power = Math.min(PREFIXES.length(), (int) (Math.log(bytes) / Math.log(1024)));
        return String.format(Locale.ROOT, "%.1f %siB", bytes / Math.pow(1024, power), PREFIXES.charAt(power - 1));
    }
}
