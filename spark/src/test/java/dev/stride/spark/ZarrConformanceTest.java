package dev.stride.spark;

import dev.stride.Zarr;
import dev.stride.ZarrArray;
import dev.stride.conformance.Corpus;
import dev.stride.model.StructType;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructField;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * Every array the conformance corpus expects to read reads through Spark as Stride reads it: the same records at the
 * same positions (matched by the index columns), each value converted by the connector's type mapping.
 */
class ZarrConformanceTest {

    @TestFactory
    Stream<DynamicTest> everyReadableArrayReadsAsStrideReadsIt() {
        List<Corpus.Case> ok = Corpus.cases().stream().filter(c -> c.expect().equals("ok")).toList();
        assertEquals(181, ok.size(), "ok cases in the manifest");
        return ok.stream().map(c -> DynamicTest.dynamicTest(c.path(), () -> check(c)));
    }

    private static void check(Corpus.Case c) {
        Dataset<Row> df = Sessions.spark().read().format("zarr").option("indexColumns", "true").load(c.dir().toString());
        List<Row> rows = df.collectAsList();
        try (Zarr zarr = Zarr.open(c.dir()); ZarrArray array = zarr.array("/")) {
            long[] shape = array.shape();
            int rank = shape.length;
            List<StructField> columns = Arrays.asList(df.schema().fields());
            assertEquals(fieldNames(array), columns.subList(rank, columns.size()).stream().map(StructField::name).toList(), "field columns");
            for (StructField index : columns.subList(0, rank)) {
                assertEquals(DataTypes.LongType, index.dataType(), index.name());
            }

            Object[][] expected = new Object[Math.toIntExact(array.metadata().size())][];
            array.forEachRecord(null, (at, records, i) -> expected[(int) at] = SparkValues.record(array.layout(), records, i).toArray());
            assertEquals(expected.length, rows.size(), "rows");
            boolean[] seen = new boolean[expected.length];
            for (Row row : rows) {
                int at = position(row, shape);
                if (seen[at]) {
                    fail("position " + at + " read twice");
                }
                seen[at] = true;
                for (int k = 0; k < expected[at].length; k++) {
                    String diff = SparkValues.difference(expected[at][k], row.get(rank + k));
                    if (diff != null) {
                        fail("position " + at + ", column " + columns.get(rank + k).name() + ": " + diff);
                    }
                }
            }
        }
    }

    private static List<String> fieldNames(ZarrArray array) {
        if (array.dataType() instanceof StructType s) {
            return s.fields().stream().map(StructType.Field::name).toList();
        }
        return List.of("value");
    }

    /** The row's C-order position, from its index columns. */
    private static int position(Row row, long[] shape) {
        long at = 0;
        for (int d = 0; d < shape.length; d++) {
            long index = row.getLong(d);
            if (index < 0 || index >= shape[d]) {
                fail("index " + index + " outside dimension " + d + " of " + shape[d]);
            }
            at = at * shape[d] + index;
        }
        return Math.toIntExact(at);
    }
}
