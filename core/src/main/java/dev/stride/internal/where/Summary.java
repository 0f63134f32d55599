package dev.stride.internal.where;

/**
 * What a chunk's statistics say of one field, in the keys of its {@link Source}: how many values, how many of them NaN
 * (floats) or NaT (times), and the least and greatest key of the others (meaningless when there are none).
 *
 * @param count values counted
 * @param nanCount NaN or NaT values among them
 * @param minKey the least key of the other values
 * @param maxKey the greatest key of the other values
 */
public record Summary(long count, long nanCount, long minKey, long maxKey) {
    /** {@return how many values are neither NaN nor NaT} */
    public long ordinary() {
        return count - nanCount;
    }

    /** {@return this and {@code other} as one summary, for the values of both} */
    public Summary plus(Summary other) {
        if (other.ordinary() == 0) {
            return new Summary(count + other.count, nanCount + other.nanCount, minKey, maxKey);
        }
        if (ordinary() == 0) {
            return new Summary(count + other.count, nanCount + other.nanCount, other.minKey, other.maxKey);
        }
        return new Summary(count + other.count, nanCount + other.nanCount, Math.min(minKey, other.minKey), Math.max(maxKey, other.maxKey));
    }
}
