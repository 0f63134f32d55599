package dev.stride.cli;

/**
 * A byte string ({@code S<n>}) as numpy prints one: printable ASCII as it is, a backslash as {@code \\}, {@code \t},
 * {@code \n} and {@code \r} so, every other byte as {@code \xNN}. So no byte reaches a terminal as a control, and
 * the text tells every value apart (base64, which jsonl keeps, is not for people).
 */
final class ByteStringText {
    private ByteStringText() {
    }

    static String of(byte[] bytes) {
        StringBuilder out = new StringBuilder(bytes.length);
        for (byte b : bytes) {
            int v = Byte.toUnsignedInt(b);
            switch (v) {
                case '\\' -> out.append("\\\\");
                case '\t' -> out.append("\\t");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                default -> out.append(v >= 0x20 && v < 0x7f ? String.valueOf((char) v) : "\\x%02x".formatted(v));
            }
        }
        return out.toString();
    }
}
