package dev.stride.model;

/**
 * How chunk grid coordinates become store keys: {@code default} ({@code c/1/23}, or {@code c} for 0-d arrays) or
 * {@code v2} ({@code 1.23}, or {@code 0} for 0-d arrays), each with a separator of '/' or '.'.
 *
 * @param v2 true for the {@code v2} encoding, false for {@code default}
 * @param separator the separator between coordinates, '/' or '.'
 */
public record ChunkKeyEncoding(boolean v2, char separator) {

    /**
     * The spec's default: {@code default} with '/'.
     *
     * @return the default encoding
     */
    public static ChunkKeyEncoding defaults() {
        return new ChunkKeyEncoding(false, '/');
    }

    /**
     * The encoding's name in metadata.
     *
     * @return {@code v2} or {@code default}
     */
    public String name() {
        return v2 ? "v2" : "default";
    }

    /**
     * The key relative to the array's prefix.
     *
     * @param coords the chunk's grid coordinates
     * @return the store key
     */
    public String key(long[] coords) {
        StringBuilder s = new StringBuilder(v2 ? "" : "c");
        for (int i = 0; i < coords.length; i++) {
            if (!v2 || i > 0) {
                s.append(separator);
            }
            s.append(coords[i]);
        }
        return s.isEmpty() ? "0" : s.toString();
    }
}
