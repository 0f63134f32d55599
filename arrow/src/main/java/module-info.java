/**
 * Stride for Arrow: fields of Zarr v3 record arrays as Apache Arrow record batches
 * ({@link dev.stride.arrow.ZarrArrowReader}), written as Arrow IPC or Parquet ({@link dev.stride.arrow.Export}).
 */
module dev.stride.arrow {
    requires transitive dev.stride;
    requires transitive org.apache.arrow.vector;
    requires transitive org.apache.arrow.memory.core;

    exports dev.stride.arrow;
}
