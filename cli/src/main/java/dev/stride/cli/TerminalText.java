package dev.stride.cli;

import dev.stride.internal.text.ControlCharacters;

/**
 * Text from a file made safe for a terminal. Node names, field names and attribute keys may hold any character, and a
 * terminal obeys some of them: ESC starts a command ({@code \e[2J} clears the screen), a newline breaks a tree or
 * table, a bidi control reorders what follows. Every human-readable output passes such text through {@link #of}, once.
 */
final class TerminalText {
    private TerminalText() {
    }

    /**
     * The text with {@link ControlCharacters} visible: {@code \n}, {@code \r}, {@code \t}; other C0 controls, DEL and
     * C1 controls as {@code \xNN}; line and paragraph separators, bidi controls and unpaired surrogates as <code>&#92;uNNNN</code>;
     * a backslash as {@code \\}, so a name that spells {@code \x1b} stays distinct from one holding ESC.
     */
    static String of(String text) {
        int first = 0;
        while (first < text.length() && !escaped(text.charAt(first), text, first)) {
            first++;
        }
        if (first == text.length()) {
            return text;
        }
        StringBuilder out = new StringBuilder(text.length() + 8).append(text, 0, first);
        for (int i = first; i < text.length(); i++) {
            char c = text.charAt(i);
            if (!escaped(c, text, i)) {
                out.append(c);
                continue;
            }
            switch (c) {
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                default -> out.append(c < 0x100 ? "\\x%02x".formatted((int) c) : "\\u%04x".formatted((int) c));
            }
        }
        return out.toString();
    }

    private static boolean escaped(char c, String text, int i) {
        if (Character.isSurrogate(c)) {
            return !pairedSurrogate(text, i);
        }
        return c == '\\' || ControlCharacters.isControl(c);
    }

    private static boolean pairedSurrogate(String text, int i) {
        char c = text.charAt(i);
        return Character.isHighSurrogate(c)
                ? i + 1 < text.length() && Character.isLowSurrogate(text.charAt(i + 1))
                : i > 0 && Character.isHighSurrogate(text.charAt(i - 1));
    }
}
