package dev.stride.spark;

import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.connector.write.DataWriter;
import org.apache.spark.sql.connector.write.DataWriterFactory;
import org.apache.spark.sql.types.ByteType;
import org.apache.spark.sql.types.IntegerType;
import org.apache.spark.sql.types.LongType;
import org.apache.spark.sql.types.ShortType;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;

/**
 * One write as the executors see it: the options, the DataFrame's columns, and where this write stages records. Makes
 * the writer of each task: by index when the rows have one, else in the DataFrame's order.
 */
record WriteJob(WriteOptions options, StructType schema, String stagingPrefix) implements DataWriterFactory {
    /** Where staged records of writes live, below the array; removed when the write commits or aborts. */
    static final String STAGING = "stride-staging";
    /** The length chunks are written for while the array's length is unknown: edge chunks are stored whole anyway. */
    static final long UNKNOWN_LENGTH = 1L << 53;

    /** How an index column's value is read, whatever its integer type. */
    enum IndexType implements Serializable {
        BYTE, SHORT, INT, LONG;

        long get(InternalRow row, int ordinal) {
            return switch (this) {
                case BYTE -> row.getByte(ordinal);
                case SHORT -> row.getShort(ordinal);
                case INT -> row.getInt(ordinal);
                case LONG -> row.getLong(ordinal);
            };
        }
    }

    @Override
    public DataWriter<InternalRow> createWriter(int partitionId, long taskId) {
        return options.indexColumn() == null ? new OrderedRowWriter(this, partitionId, taskId) : new IndexedRowWriter(this, partitionId, taskId);
    }

    /** The columns stored in records: all but the index. */
    List<String> recordColumns() {
        List<String> out = new ArrayList<>();
        for (StructField f : schema.fields()) {
            if (!f.name().equals(options.indexColumn())) {
                out.add(f.name());
            }
        }
        return out;
    }

    RowEncoder encoder() {
        return new RowEncoder(schema, recordColumns());
    }

    int indexOrdinal() {
        return schema.fieldIndex(options.indexColumn());
    }

    IndexType indexType() {
        return switch (schema.fields()[indexOrdinal()].dataType()) {
            case LongType t -> IndexType.LONG;
            case IntegerType t -> IndexType.INT;
            case ShortType t -> IndexType.SHORT;
            case ByteType t -> IndexType.BYTE;
            default -> throw new IllegalStateException("checked by ZarrWrite");
        };
    }

    /** Indexes stay below this: the shape given, else the largest multiple of the stored chunk within 2^53. */
    long indexLimit() {
        long chunk = options.storedChunk();
        return options.shape() > 0 ? options.shape() : UNKNOWN_LENGTH - UNKNOWN_LENGTH % chunk;
    }
}
