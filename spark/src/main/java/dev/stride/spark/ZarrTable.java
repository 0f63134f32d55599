package dev.stride.spark;

import dev.stride.model.ZarrException;
import org.apache.spark.sql.connector.catalog.SupportsRead;
import org.apache.spark.sql.connector.catalog.SupportsWrite;
import org.apache.spark.sql.connector.catalog.TableCapability;
import org.apache.spark.sql.connector.read.ScanBuilder;
import org.apache.spark.sql.connector.write.LogicalWriteInfo;
import org.apache.spark.sql.connector.write.WriteBuilder;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;

import java.util.EnumSet;
import java.util.Set;

/** One array as a table: read by scans planned in {@link ZarrScanBuilder}, written by {@link ZarrWriteBuilder}. */
record ZarrTable(StructType schema, CaseInsensitiveStringMap options) implements SupportsRead, SupportsWrite {
    @Override
    public String name() {
        return "zarr " + options.get("path");
    }

    /** Spark 4.2 still asks tables for their schema by this method (columns() derives from it). */
    @Override
    @SuppressWarnings("deprecation")
    public StructType schema() {
        return schema;
    }

    @Override
    public Set<TableCapability> capabilities() {
        return EnumSet.of(TableCapability.BATCH_READ, TableCapability.BATCH_WRITE, TableCapability.TRUNCATE);
    }

    /**
     * A scan of the array; a schema given to the reader must be the array's own (types and names; nullability and
     * metadata aside), as the columns are what the records hold.
     */
    @Override
    public ScanBuilder newScanBuilder(CaseInsensitiveStringMap scanOptions) {
        ReadOptions read = ReadOptions.of(options);
        ZarrScanBuilder builder = new ZarrScanBuilder(read, schema);
        StructType own = builder.arraySchema();
        if (!StructType.fromDDL(own.toDDL()).sameType(StructType.fromDDL(schema.toDDL()))) {
            throw new ZarrException.BadRequest(null, "the schema given, " + schema.simpleString() + ", is not the array's own, "
                    + own.simpleString() + ": read without a schema");
        }
        return builder;
    }

    @Override
    public WriteBuilder newWriteBuilder(LogicalWriteInfo info) {
        return new ZarrWriteBuilder(info);
    }
}
