package dev.stride.spark;

import dev.stride.RecordLayout;
import dev.stride.ZarrArray;
import dev.stride.model.ArrayMetadata;
import dev.stride.model.ZarrException;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.Metadata;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The columns an array has in Spark: first an index column per dimension when asked for (named by the array's
 * {@code dimension_names}, else {@code _index} for one dimension and {@code dim_0, dim_1, ..} for more), then one column
 * per top-level field of its records (or {@code value} for a plain array).
 */
final class ArrayColumns {
    private final ZarrArray array;
    private final List<String> indexNames;
    private final StructType schema;

    ArrayColumns(ZarrArray array, boolean indexColumns) {
        this.array = array;
        List<StructField> fields = SparkTypes.columns(array.dataType());
        this.indexNames = indexColumns ? indexNames(array.metadata(), fields) : List.of();
        List<StructField> all = new ArrayList<>();
        for (String name : indexNames) {
            all.add(new StructField(name, DataTypes.LongType, false, Metadata.empty()));
        }
        all.addAll(fields);
        this.schema = new StructType(all.toArray(StructField[]::new));
    }

    /**
     * The dimension names when every dimension has one, distinct and unlike every field; else the defaults.
     *
     * @throws ZarrException.BadRequest when a default name is a field's too (Spark compares names case-insensitively)
     */
    private static List<String> indexNames(ArrayMetadata meta, List<StructField> fields) {
        int rank = meta.rank();
        Set<String> fieldNames = new HashSet<>();
        fields.forEach(f -> fieldNames.add(f.name().toLowerCase(Locale.ROOT)));
        List<String> names = meta.dimensionNames();
        if (names != null && usable(names, fieldNames)) {
            return names;
        }
        List<String> defaults = new ArrayList<>();
        for (int d = 0; d < rank; d++) {
            String name = rank == 1 ? "_index" : "dim_" + d;
            if (fieldNames.contains(name)) {
                throw new ZarrException.BadRequest(null, "the index column '" + name + "' would have the name of a field of the records: "
                        + "read without indexColumns");
            }
            defaults.add(name);
        }
        return defaults;
    }

    private static boolean usable(List<String> names, Set<String> fieldNames) {
        Set<String> seen = new HashSet<>();
        for (String n : names) {
            if (n == null || n.isEmpty() || fieldNames.contains(n.toLowerCase(Locale.ROOT)) || !seen.add(n.toLowerCase(Locale.ROOT))) {
                return false;
            }
        }
        return true;
    }

    StructType schema() {
        return schema;
    }

    List<String> indexNames() {
        return indexNames;
    }

    /** The dimension an index column stands for, or -1 for a field column. */
    int dimensionOf(String column) {
        return indexNames.indexOf(column);
    }

    /** The fill of a field column as Spark wants it (a struct possibly pruned). */
    ColumnFill fill(StructField wanted) {
        RecordLayout layout = array.layout();
        if (!(array.dataType() instanceof dev.stride.model.StructType record)) {
            return ColumnFill.of(wanted, array.dataType(), 0, layout.recordSize(), layout.order());
        }
        long offset = 0;
        for (var f : record.fields()) {
            if (f.name().equals(wanted.name())) {
                return ColumnFill.of(wanted, f.type(), offset, layout.recordSize(), layout.order());
            }
            offset += f.type().byteSize();
        }
        throw new IllegalArgumentException("no column " + wanted.name());
    }
}
