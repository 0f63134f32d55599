package dev.stride.http;

/**
 * Which bytes of a value a GET asks for, as the {@code Range} header says it. {@link #within} resolves it against
 * the value's size, as a server does, and that is what a response must carry.
 */
public sealed interface ByteRange {

    /**
     * {@code length} bytes from {@code offset}, all of them: a range past the value's end is an error. An empty range
     * ({@code length} 0) is what a value gives of a range at its end; it cannot be asked for.
     */
    static ByteRange of(long offset, long length) {
        return new Exact(offset, length);
    }

    /** Everything from {@code offset} to the end ({@code bytes=offset-}). */
    static ByteRange from(long offset) {
        return new From(offset);
    }

    /** The first {@code length} bytes, or all of a shorter value ({@code bytes=0-(length-1)}). */
    static ByteRange prefix(long length) {
        return new Prefix(length);
    }

    /** The last {@code length} bytes, or all of a shorter value ({@code bytes=-length}). */
    static ByteRange suffix(long length) {
        return new Suffix(length);
    }

    /** The whole value: no {@code Range} header. */
    static ByteRange whole() {
        return Whole.INSTANCE;
    }

    /** The value of the {@code Range} header, or null to ask for the whole value. */
    String header();

    /**
     * The exact range this asks of a value of {@code size} bytes (empty for a prefix, suffix or the whole of an empty
     * value, or the bytes from its end), or null when it starts past the value's end or an exact range ends past it.
     */
    Exact within(long size);

    /** Refuses a prefix or suffix of no bytes: HTTP has no header for it. */
    private static void requireBytes(long length, String what) {
        if (length < 1) {
            throw new IllegalArgumentException(what + " of " + length + " bytes");
        }
    }

    /** Bytes {@code [offset, offset + length)}. */
    record Exact(long offset, long length) implements ByteRange {
        /** @throws IllegalArgumentException when the offset or the length is negative */
        public Exact {
            if (offset < 0 || length < 0 || offset > Long.MAX_VALUE - length) {
                throw new IllegalArgumentException("bytes " + offset + " +" + length);
            }
        }

        public long end() {
            return offset + length;
        }

        /** @throws IllegalStateException for an empty range, which HTTP cannot ask for */
        @Override
        public String header() {
            if (length == 0) {
                throw new IllegalStateException("an empty range has no Range header");
            }
            return "bytes=" + offset + "-" + (end() - 1);
        }

        @Override
        public Exact within(long size) {
            return end() <= size ? this : null;
        }
    }

    /** Bytes from {@code offset} to the end. */
    record From(long offset) implements ByteRange {
        /** @throws IllegalArgumentException when the offset is negative */
        public From {
            if (offset < 0) {
                throw new IllegalArgumentException("bytes from " + offset);
            }
        }

        @Override
        public String header() {
            return "bytes=" + offset + "-";
        }

        @Override
        public Exact within(long size) {
            return offset <= size ? new Exact(offset, size - offset) : null;
        }
    }

    /** The first {@code length} bytes. */
    record Prefix(long length) implements ByteRange {
        /** @throws IllegalArgumentException when the length is below 1 */
        public Prefix {
            requireBytes(length, "a prefix");
        }

        @Override
        public String header() {
            return "bytes=0-" + (length - 1);
        }

        @Override
        public Exact within(long size) {
            return new Exact(0, Math.min(length, size));
        }
    }

    /** The last {@code length} bytes. */
    record Suffix(long length) implements ByteRange {
        /** @throws IllegalArgumentException when the length is below 1 */
        public Suffix {
            requireBytes(length, "a suffix");
        }

        @Override
        public String header() {
            return "bytes=-" + length;
        }

        @Override
        public Exact within(long size) {
            long n = Math.min(length, size);
            return new Exact(size - n, n);
        }
    }

    /** The whole value. */
    enum Whole implements ByteRange {
        INSTANCE;

        @Override
        public String header() {
            return null;
        }

        @Override
        public Exact within(long size) {
            return new Exact(0, size);
        }
    }
}
