package dev.stride.spark;

import dev.stride.model.CoreType;
import dev.stride.model.RawType;
import dev.stride.model.TimeType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.DecimalType;
import org.apache.spark.sql.types.Metadata;
import org.apache.spark.sql.types.MetadataBuilder;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

import java.util.ArrayList;
import java.util.List;

/**
 * How Stride's data types appear in Spark. Spark has no unsigned integers and no float16, so uint8..uint32 widen to
 * the next signed type, uint64 becomes decimal(20,0) and float16 float; complex numbers are {@code struct<re,im>},
 * datetime64 a timestamp (microseconds, NaT as null), timedelta64 a long count of its unit (NaT as null), r<N>
 * and byte strings binary (the latter without trailing NULs), UTF-32 text a string, and a field with a shape nested
 * arrays, one level per dimension. Each column's metadata keeps the Zarr type ({@value #ZARR_TYPE}), so a write gives back the same type.
 */
final class SparkTypes {
    /** Column metadata key holding the Zarr data type a column came from, as zarr.json spells it. */
    static final String ZARR_TYPE = "zarr_type";
    /** The column of a plain (non-struct) array. */
    static final String VALUE_COLUMN = "value";
    static final DecimalType UINT64 = DataTypes.createDecimalType(20, 0);

    private SparkTypes() {
    }

    /** The columns of records of type {@code type}: one per top-level field, or {@value #VALUE_COLUMN} for a plain array. */
    static List<StructField> columns(dev.stride.model.DataType type) {
        if (type instanceof dev.stride.model.StructType s) {
            List<StructField> out = new ArrayList<>();
            for (var f : s.fields()) {
                out.add(field(f.name(), f.type()));
            }
            return out;
        }
        return List.of(field(VALUE_COLUMN, type));
    }

    static StructField field(String name, dev.stride.model.DataType type) {
        boolean nullable = type instanceof TimeType;
        Metadata meta = type instanceof dev.stride.model.StructType ? Metadata.empty()
                : new MetadataBuilder().putString(ZARR_TYPE, type.describe()).build();
        return new StructField(name, of(type), nullable, meta);
    }

    static DataType of(dev.stride.model.DataType type) {
        return switch (type) {
            case CoreType c -> core(c);
            case TimeType t -> t.datetime() ? DataTypes.TimestampType : DataTypes.LongType;
            case dev.stride.model.FixedBytesType b -> DataTypes.BinaryType;
            case dev.stride.model.FixedStringType t -> DataTypes.StringType;
            case dev.stride.model.SubarrayType a -> {
                DataType nested = of(a.element());
                for (int d = a.shape().size() - 1; d >= 0; d--) {
                    nested = DataTypes.createArrayType(nested, false);
                }
                yield nested;
            }
            case RawType r -> DataTypes.BinaryType;
            case dev.stride.model.StructType s -> new StructType(columns(s).toArray(StructField[]::new));
        };
    }

    private static DataType core(CoreType c) {
        return switch (c) {
            case BOOL -> DataTypes.BooleanType;
            case INT8 -> DataTypes.ByteType;
            case INT16, UINT8 -> DataTypes.ShortType;
            case INT32, UINT16 -> DataTypes.IntegerType;
            case INT64, UINT32 -> DataTypes.LongType;
            case UINT64 -> UINT64;
            case FLOAT16, FLOAT32 -> DataTypes.FloatType;
            case FLOAT64 -> DataTypes.DoubleType;
            case COMPLEX64, COMPLEX128 -> {
                DataType part = c == CoreType.COMPLEX64 ? DataTypes.FloatType : DataTypes.DoubleType;
                yield new StructType(new StructField[]{
                        new StructField("re", part, false, Metadata.empty()),
                        new StructField("im", part, false, Metadata.empty())});
            }
        };
    }
}
