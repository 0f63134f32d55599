package dev.stride.model;

/** How a local store brings stored values (chunks, shards) into memory. */
public enum IoMode {
    /** Map each range only while it is read during the first pass over a value; keep the mapping afterwards. */
    AUTO,
    /** Map every value whole and keep it mapped until the store closes: repeated scans of an open array. */
    MAP,
    /** Copy into the reading thread's reused off-heap buffer: no mappings at all. */
    READ
}
