package dev.stride.spark;

import dev.stride.model.Region;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.GenericInternalRow;
import org.apache.spark.sql.connector.expressions.aggregate.Aggregation;
import org.apache.spark.sql.connector.expressions.aggregate.CountStar;
import org.apache.spark.sql.connector.read.LocalScan;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.Metadata;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

import java.util.Arrays;

/**
 * {@code count(*)} with no group and no filter left to Spark, answered on the driver from the metadata: every record of
 * the region is a row, written or not (a chunk never written holds fill values), so the count is the region's size and
 * no task runs, whatever the shape.
 *
 * @param counts how many {@code count(*)} the query asks, each a column of the one row
 */
record CountScan(Region region, int counts) implements LocalScan {

    /** Whether {@code aggregation} is {@code count(*)} alone (once or more), with no group. */
    static boolean countsRows(Aggregation aggregation) {
        return aggregation.groupByExpressions().length == 0 && aggregation.aggregateExpressions().length > 0
                && Arrays.stream(aggregation.aggregateExpressions()).allMatch(f -> f instanceof CountStar);
    }

    @Override
    public StructType readSchema() {
        StructField[] fields = new StructField[counts];
        for (int i = 0; i < counts; i++) {
            fields[i] = new StructField("count(*)" + (i == 0 ? "" : "_" + i), DataTypes.LongType, false, Metadata.empty());
        }
        return new StructType(fields);
    }

    @Override
    public InternalRow[] rows() {
        Object[] values = new Object[counts];
        Arrays.fill(values, region.size());
        return new InternalRow[]{new GenericInternalRow(values)};
    }

    @Override
    public String description() {
        return "Zarr count(*) of region=" + region + " from the metadata";
    }
}
