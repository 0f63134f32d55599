package dev.stride.spi;

/**
 * What a bytes->bytes codec may decode to, known before it reads a byte: exactly {@link #exact()} bytes (the innermost
 * bytes->bytes codec, told by the {@code bytes} codec), or at most {@link #limit()} bytes (a codec further out: its
 * output is the next codec's input, so it may not exceed what that codec can legitimately make of its own output,
 * {@link BytesToBytesCodec#maxEncodedSize}). The reader works these out once from the chunk's size.
 * A size that a frame or header declares is checked against it before any buffer is allocated.
 *
 * @param exact the decoded size in bytes when known, else -1
 * @param limit the most bytes the decoded value may have; equals {@code exact} when that is known
 */
public record DecodedSize(long exact, long limit) {
    /** No bound but the largest buffer and the codec's own expansion ceiling. */
    public static final DecodedSize ANY = atMost(Scratch.MAX_BUFFER);

    /**
     * Checks that the size is one of the two kinds.
     *
     * @throws IllegalArgumentException when {@code limit} is negative or over {@link Scratch#MAX_BUFFER}, or
     *     {@code exact} is known and differs from it
     */
    public DecodedSize {
        if (limit < 0 || limit > Scratch.MAX_BUFFER || (exact >= 0 && exact != limit)) {
            throw new IllegalArgumentException("decoded size: exactly " + exact + ", at most " + limit);
        }
    }

    /**
     * An exact size.
     *
     * @param bytes the decoded size
     * @return the size
     */
    public static DecodedSize exactly(long bytes) {
        return new DecodedSize(bytes, bytes);
    }

    /**
     * A bound: at most {@code bytes}, and never more than {@link Scratch#MAX_BUFFER}.
     *
     * @param bytes the most bytes the decoded value may have
     * @return the size
     */
    public static DecodedSize atMost(long bytes) {
        return new DecodedSize(-1, Math.min(bytes, Scratch.MAX_BUFFER));
    }

    /**
     * Whether the size is known exactly.
     *
     * @return true for {@link #exactly}
     */
    public boolean isExact() {
        return exact >= 0;
    }

    /**
     * Refuses an exact size that {@code encodedBytes} cannot expand to at {@code maxRatio} decoded bytes per encoded
     * byte (the codec's densest code), before the output buffer is allocated.
     *
     * @param codec the codec's name, which starts the message
     * @param encodedBytes the size of the input
     * @param maxRatio decoded bytes per encoded byte at most
     * @param ctx names the chunk in the error
     * @throws dev.stride.model.ZarrException.CorruptChunk when the exact size is out of reach
     */
    public void checkExpansion(String codec, long encodedBytes, long maxRatio, DecodeContext ctx) {
        if (isExact() && exact > ceiling(encodedBytes, maxRatio)) {
            throw ctx.corrupt(codec + ": " + encodedBytes + " encoded bytes cannot decode to the expected " + exact
                    + " bytes (at most " + maxRatio + " per byte)");
        }
    }

    /**
     * Refuses a size that a header declares ({@code claim} starts the message, e.g. "zstd: frame header says") unless it
     * is the exact size or, without one, at most the limit and no more than {@code encodedBytes} can expand to.
     *
     * @param claim what declares the size, which starts the message
     * @param declared the size declared, read as unsigned
     * @param encodedBytes the size of the input
     * @param maxRatio decoded bytes per encoded byte at most
     * @param ctx names the chunk in the error
     * @throws dev.stride.model.ZarrException.CorruptChunk when the declared size is refused
     */
    public void checkDeclared(String claim, long declared, long encodedBytes, long maxRatio, DecodeContext ctx) {
        String says = claim + " " + Long.toUnsignedString(declared) + " decoded bytes, ";
        if (isExact() ? declared != exact : Long.compareUnsigned(declared, limit) > 0) {
            throw ctx.corrupt(says + (isExact() ? "expected " + exact : "more than the " + limit + " bytes the next codec can take"));
        }
        if (declared > ceiling(encodedBytes, maxRatio)) {
            throw ctx.corrupt(says + "more than " + encodedBytes + " encoded bytes can hold (at most " + maxRatio + " per byte)");
        }
    }

    private static long ceiling(long encodedBytes, long maxRatio) {
        return encodedBytes > Long.MAX_VALUE / maxRatio ? Long.MAX_VALUE : encodedBytes * maxRatio;
    }
}
