package dev.stride.spark;

import java.io.Serializable;

/**
 * Records a task could not store as whole chunks, kept as one value of packed records under the write's staging
 * prefix: positions {@code [first, first + count)} of the array (for rows in DataFrame order, positions within the
 * task's partition, placed once every partition's length is known). Gaps between indexed rows hold the fill value.
 */
record StagedRecords(String key, int partition, int sequence, long first, long count) implements Serializable {
}
