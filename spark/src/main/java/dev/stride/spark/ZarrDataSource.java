package dev.stride.spark;

import dev.stride.Zarr;
import dev.stride.ZarrArray;
import org.apache.spark.sql.connector.catalog.Table;
import org.apache.spark.sql.connector.catalog.TableProvider;
import org.apache.spark.sql.connector.expressions.Transform;
import org.apache.spark.sql.sources.DataSourceRegister;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;

import java.util.Map;

/**
 * The {@code zarr} data source: {@code spark.read.format("zarr").load("s3://bucket/survey.zarr/points")} reads a
 * Zarr v3 array (any path or URI a Stride store provider takes) as a DataFrame, a column per field of its records.
 */
public final class ZarrDataSource implements TableProvider, DataSourceRegister {

    @Override
    public String shortName() {
        return "zarr";
    }

    @Override
    public StructType inferSchema(CaseInsensitiveStringMap options) {
        ReadOptions read = ReadOptions.of(options);
        try (Zarr zarr = Zarr.open(read.store()); ZarrArray array = zarr.array("/")) {
            return new ArrayColumns(array, read.indexColumns()).schema();
        }
    }

    @Override
    public Table getTable(StructType schema, Transform[] partitioning, Map<String, String> properties) {
        return new ZarrTable(schema, new CaseInsensitiveStringMap(properties));
    }

    /** A schema may come with a write (the DataFrame's) or a read (checked against the array's own). */
    @Override
    public boolean supportsExternalMetadata() {
        return true;
    }
}
