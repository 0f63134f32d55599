package dev.stride.spi;

/**
 * What tells one stored value from the next written under the same key, as {@link Store#identity} finds it without
 * reading the value: its size and the store's version tag. Chunk statistics keep it beside each chunk's numbers and
 * trust those numbers only while the store reports an equal identity with a tag.
 *
 * @param size the value's size in bytes, at least 0
 * @param versionTag the store's tag of this version of the value (a file's modification time and identity, an ETag),
 *        or null when the store cannot tell one: then no two identities are known to be of the same value
 */
public record ValueIdentity(long size, String versionTag) {
    /**
     * Whether {@code other} is known to be the very value this identity was taken of: both have a tag, and tags and
     * sizes are equal.
     *
     * @param other an identity taken later, or null for a value that is gone
     * @return true only when both name the same version
     */
    public boolean sameVersion(ValueIdentity other) {
        return versionTag != null && other != null && size == other.size && versionTag.equals(other.versionTag);
    }
}
