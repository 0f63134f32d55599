package dev.stride.internal.text;

/**
 * Characters a terminal obeys instead of showing: C0 controls, DEL and C1 controls ({@code U+009B} is a CSI to some
 * terminals), the line and paragraph separators, and the bidi controls that reorder what follows (ALM, LRM, RLM,
 * LRE..RLO, LRI..PDI). Printed JSON escapes them all; the command line escapes them in its text outputs too.
 */
public final class ControlCharacters {
    private ControlCharacters() {
    }

    public static boolean isControl(int c) {
        return Character.getType(c) == Character.CONTROL || c == 0x2028 || c == 0x2029 || c == 0x061c
                || c == 0x200e || c == 0x200f || (c >= 0x202a && c <= 0x202e) || (c >= 0x2066 && c <= 0x2069);
    }
}
