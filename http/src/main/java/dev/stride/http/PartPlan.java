package dev.stride.http;

/**
 * How a value is cut for an upload in parts: {@code count} parts of {@code partSize} bytes, the last one holding what
 * is left (S3 and Azure both take a last part smaller than the others).
 *
 * @param valueSize the value's size in bytes
 * @param partSize the size of every part but the last
 * @param count how many parts there are, at least 1
 */
public record PartPlan(long valueSize, long partSize, int count) {
    /** A grown part size is rounded up to whole MiB: the sizes people pick and servers expect. */
    private static final long GROWN_GRANULE = 1 << 20;

    /**
     * The plan with parts of {@code partSize} bytes, or of a larger size (whole MiB) when that would make more than
     * {@code maxParts} parts.
     *
     * @throws IllegalArgumentException when a size is negative or not positive where it must be
     */
    public static PartPlan of(long valueSize, long partSize, int maxParts) {
        if (valueSize < 0 || partSize < 1 || maxParts < 1) {
            throw new IllegalArgumentException("no plan for " + valueSize + " bytes in at most " + maxParts + " parts of " + partSize);
        }
        long size = partSize;
        if (Math.ceilDiv(valueSize, size) > maxParts) {
            size = Math.ceilDiv(Math.ceilDiv(valueSize, maxParts), GROWN_GRANULE) * GROWN_GRANULE;
        }
        return new PartPlan(valueSize, size, (int) Math.max(1, Math.ceilDiv(valueSize, size)));
    }

    /** Where part {@code index} (from 0) starts in the value. */
    public long offset(int index) {
        return index * partSize;
    }

    /** How many bytes part {@code index} (from 0) holds. */
    public long size(int index) {
        return Math.min(partSize, valueSize - offset(index));
    }
}
