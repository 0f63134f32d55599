package dev.stride.internal.where;

/** What is known of a chunk before it is read: its statistics, if any, and the coordinates it spans. */
public interface ChunkView {
    /** {@return the statistics of a field in this chunk, or null when there are none to trust} */
    Summary summary(String field);

    /** {@return the least coordinate along {@code dimension} of the records this chunk gives the read} */
    long low(int dimension);

    /** {@return the greatest coordinate along {@code dimension} of the records this chunk gives the read} */
    long high(int dimension);
}
