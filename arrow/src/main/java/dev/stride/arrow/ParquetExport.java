package dev.stride.arrow;

import dev.stride.model.ScanOptions;
import dev.stride.model.ZarrException;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.parquet.column.ColumnWriteStore;
import org.apache.parquet.column.ParquetProperties;
import org.apache.parquet.compression.CompressionCodecFactory.BytesInputCompressor;
import org.apache.parquet.hadoop.ColumnChunkPageWriteStore;
import org.apache.parquet.hadoop.ParquetFileWriter;
import org.apache.parquet.schema.MessageType;

import java.io.IOException;
import java.nio.channels.WritableByteChannel;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Writes the batches of a {@link ZarrArrowReader} as one Parquet file with parquet-java, column by column: each leaf
 * column's values go from the Arrow buffers straight into parquet's column writers ({@link ParquetColumns}), pages are
 * compressed by zstd-jni or snappy-java ({@link PageCompression}), and no Hadoop class is loaded. A row group is
 * flushed once its columns buffer about a quarter of the heap, at most 128 MiB, parquet-java's default, and pages are
 * sized to match ({@link ParquetSizes}), so the export fits a small heap; dictionary encoding is off (the records'
 * numbers rarely repeat, and trying it cost 70% more time for no smaller file).
 *
 * <p>Types as {@link ParquetColumns} maps them: the Arrow schema's, except float16 widened to float32 (readers such as
 * polars read Parquet's FLOAT16 as raw bytes) and durations as plain int64 counts (Parquet has no duration). The
 * Arrow schema's metadata (attributes, dimension names, shape) becomes the file's key-value metadata.
 */
public final class ParquetExport {
    /** Rows given to every column before the column store is told they ended. */
    private static final int SLICE = 4096;

    /** Parquet's page compression. */
    public enum Codec {
        ZSTD, SNAPPY, NONE
    }

    private ParquetExport() {
    }

    /**
     * Writes every batch of {@code reader} to {@code out}, compressed by {@code codec} (null: zstd), telling
     * {@code progress} (null: nothing) the rows done; returns the rows written.
     *
     * @throws ZarrException.BadRequest when {@code reader} or {@code out} is null
     */
    public static long write(ZarrArrowReader reader, WritableByteChannel out, Codec codec, ScanOptions.Progress given) throws IOException {
        VectorSchemaRoot root = ZarrException.BadRequest.requireNonNull(reader, "reader").getVectorSchemaRoot();
        ZarrException.BadRequest.requireNonNull(out, "out");
        ScanOptions.Progress progress = ScanOptions.Progress.orNone(given);
        Schema arrow = root.getSchema();
        MessageType schema = ParquetColumns.schema(arrow);
        List<ParquetColumns.Leaf> leaves = leaves(arrow, schema);
        ParquetSizes sizes = ParquetSizes.forHeap(leaves.size());
        ParquetProperties properties = ParquetProperties.builder()
                .withPageSize(sizes.pageBytes())
                .withDictionaryEncoding(false)
                .withWriterVersion(ParquetProperties.WriterVersion.PARQUET_1_0)
                .build();
        BytesInputCompressor compressor = PageCompression.of(codec != null ? codec : Codec.ZSTD);
        try (ChannelOutputFile file = new ChannelOutputFile(out)) {
            ParquetFileWriter writer = new ParquetFileWriter(file, schema, ParquetFileWriter.Mode.CREATE, sizes.rowGroupBytes(), 0, null, properties);
            writer.start();
            RowGroups groups = new RowGroups(writer, schema, properties, compressor, leaves, sizes.rowGroupBytes());
            long total = reader.region().size();
            long rows = 0;
            progress.update(0, total);
            while (reader.loadNextBatch()) {
                groups.write(root);
                rows += root.getRowCount();
                progress.update(rows, total);
            }
            groups.finish();
            writer.end(arrow.getCustomMetadata() == null ? Map.of() : arrow.getCustomMetadata());
            return rows;
        } finally {
            compressor.release();
        }
    }

    private static List<ParquetColumns.Leaf> leaves(Schema arrow, MessageType schema) {
        List<ParquetColumns.Leaf> out = new ArrayList<>();
        for (int i = 0; i < arrow.getFields().size(); i++) {
            Field f = arrow.getFields().get(i);
            ParquetColumns.collect(f, new int[]{i}, List.of(), schema, out);
        }
        return out;
    }

    /** The row group being filled, flushed to the file whenever its columns buffer {@code rowGroupBytes}. */
    private static final class RowGroups {
        private final ParquetFileWriter file;
        private final MessageType schema;
        private final ParquetProperties properties;
        private final BytesInputCompressor compressor;
        private final List<ParquetColumns.Leaf> leaves;
        private final long rowGroupBytes;
        private ColumnChunkPageWriteStore pages;
        private ColumnWriteStore columns;
        private long rows;
        private int ordinal;

        RowGroups(ParquetFileWriter file, MessageType schema, ParquetProperties properties, BytesInputCompressor compressor,
                  List<ParquetColumns.Leaf> leaves, long rowGroupBytes) {
            this.file = file;
            this.schema = schema;
            this.properties = properties;
            this.compressor = compressor;
            this.leaves = leaves;
            this.rowGroupBytes = rowGroupBytes;
        }

        void write(VectorSchemaRoot batch) throws IOException {
            int n = batch.getRowCount();
            for (ParquetColumns.Leaf leaf : leaves) {
                leaf.bind(batch);
            }
            for (int from = 0; from < n; from += SLICE) {
                int to = Math.min(n, from + SLICE);
                if (columns == null) {
                    start();
                }
                for (ParquetColumns.Leaf leaf : leaves) {
                    try {
                        leaf.write(from, to);
                    } catch (ArithmeticException e) {
                        throw new ZarrException.BadRequest(null, "a value of column '" + leaf.name()
                                + "' is beyond what Parquet's milliseconds hold");
                    }
                }
                for (int r = from; r < to; r++) {
                    columns.endRecord();
                }
                rows += to - from;
                if (columns.getBufferedSize() >= rowGroupBytes) {
                    flush();
                }
            }
        }

        private void start() {
            pages = ColumnChunkPageWriteStore.builder()
                    .withCompressorProvider(column -> compressor)
                    .withSchema(schema)
                    .withAllocator(properties.getAllocator())
                    .withColumnIndexTruncateLength(properties.getColumnIndexTruncateLength())
                    .withPageWriteChecksumEnabled(properties.getPageWriteChecksumEnabled())
                    .withRowGroupOrdinal(ordinal)
                    .build();
            columns = properties.newColumnWriteStore(schema, pages, pages);
            for (ParquetColumns.Leaf leaf : leaves) {
                leaf.writeTo(columns);
            }
        }

        private void flush() throws IOException {
            if (rows > 0) {
                file.startBlock(rows);
                columns.flush();
                pages.flushToFileWriter(file);
                file.endBlock();
                ordinal++;
            }
            columns.close();
            pages.close();
            columns = null;
            pages = null;
            rows = 0;
        }

        void finish() throws IOException {
            if (columns != null) {
                flush();
            }
        }
    }
}
