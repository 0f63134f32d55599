package dev.stride.arrow;

/**
 * The row group and page sizes of a Parquet export, from the heap the JVM may use: parquet-java buffers a whole row
 * group's pages on the heap before writing it, so a fixed 128 MiB row group does not fit a small heap. A row group
 * takes a quarter of the heap, from {@value #MIN_ROW_GROUP} to {@value #MAX_ROW_GROUP} bytes (parquet-java's default,
 * reached from a 512 MiB heap); each leaf column's page, buffered apart until it is full, a quarter of the row group
 * shared between the columns, from {@value #MIN_PAGE} to {@value #MAX_PAGE} bytes (parquet-java's default).
 *
 * @param rowGroupBytes the buffered bytes at which a row group is written out
 * @param pageBytes     the bytes at which a column's page is closed
 */
record ParquetSizes(long rowGroupBytes, int pageBytes) {
    static final long MIN_ROW_GROUP = 1L << 20;
    static final long MAX_ROW_GROUP = 128L << 20;
    static final int MIN_PAGE = 8 << 10;
    static final int MAX_PAGE = 1 << 20;

    /** The sizes for this JVM's heap ({@link Runtime#maxMemory()}) and {@code leaves} leaf columns. */
    static ParquetSizes forHeap(int leaves) {
        return of(Runtime.getRuntime().maxMemory(), leaves);
    }

    /** The sizes for a heap of {@code maxHeap} bytes and {@code leaves} leaf columns. */
    static ParquetSizes of(long maxHeap, int leaves) {
        long rowGroup = Math.clamp(maxHeap / 4, MIN_ROW_GROUP, MAX_ROW_GROUP);
        int page = Math.clamp(rowGroup / 4 / Math.max(1, leaves), MIN_PAGE, MAX_PAGE);
        return new ParquetSizes(rowGroup, page);
    }
}
