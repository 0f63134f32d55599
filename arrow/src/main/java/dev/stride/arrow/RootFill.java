package dev.stride.arrow;

import dev.stride.ZarrArray;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;

import java.lang.foreign.MemorySegment;
import java.util.List;

/** The {@link VectorFill}s of every column of one root: sized and bound for each batch, then fed runs of records. */
final class RootFill {
    private final VectorSchemaRoot root;
    private final VectorFill[] fills;
    private final long recordSize;

    RootFill(ZarrArray array, List<ArrowColumn> columns, VectorSchemaRoot root) {
        this.root = root;
        this.fills = new VectorFill[columns.size()];
        this.recordSize = array.layout().recordSize();
        for (int i = 0; i < fills.length; i++) {
            ArrowColumn c = columns.get(i);
            fills[i] = VectorFill.of(root.getVector(i), c.type(), c.offset(), recordSize, array.layout().order());
        }
    }

    /** Makes room for a batch of {@code rows} rows (memory is kept from batch to batch) and binds the fills to it. */
    void bind(int rows) {
        for (int i = 0; i < fills.length; i++) {
            FieldVector v = root.getVector(i);
            if (v.getValueCapacity() < rows) {
                v.setInitialCapacity(rows);
                v.allocateNew();
            }
            fills[i].bind(rows);
        }
    }

    /** Ends a batch of {@code rows} rows once every run is copied (strings are written then). */
    void finish(int rows) {
        for (VectorFill f : fills) {
            f.finish(rows);
        }
    }

    /** Records {@code first..first+count-1} of {@code records} into rows {@code row..row+count-1} of every column. */
    void copy(MemorySegment records, long first, int count, int row) {
        for (VectorFill f : fills) {
            f.copy(records, first * recordSize, count, row);
        }
    }
}
