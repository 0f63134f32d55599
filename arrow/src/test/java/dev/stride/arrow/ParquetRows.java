package dev.stride.arrow;

import dev.stride.model.CoreType;
import dev.stride.model.DataType;
import dev.stride.model.FixedBytesType;
import dev.stride.model.FixedStringType;
import dev.stride.model.Json;
import dev.stride.model.RawType;
import dev.stride.model.StructType;
import dev.stride.model.SubarrayType;
import dev.stride.model.TimeType;
import org.apache.parquet.ParquetReadOptions;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.convert.GroupRecordConverter;
import org.apache.parquet.hadoop.CodecFactory;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.io.ColumnIOFactory;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.io.MessageColumnIO;
import org.apache.parquet.io.RecordReader;
import org.apache.parquet.schema.MessageType;

import java.io.IOException;
import java.math.BigInteger;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The rows of an uncompressed Parquet file read by parquet-java's record reader, apart from the export's Arrow side,
 * in the manifests' JSON encoding: each column read as the Parquet mapping of its Zarr type says (unsigned integers
 * from their bits, seconds from milliseconds, a LIST per dimension of a shaped field, a missing time as NaT).
 */
final class ParquetRows {
    private ParquetRows() {
    }

    /** Every row of {@code file}, an export of records of {@code type} (a plain array's one column is {@code value}). */
    static List<Json> read(Path file, DataType type) throws IOException {
        PlainParquetConfiguration conf = new PlainParquetConfiguration();
        ParquetReadOptions options = ParquetReadOptions.builder(conf).withCodecFactory(new CodecFactory(conf, 0)).build();
        List<Json> out = new ArrayList<>();
        try (ParquetFileReader reader = ParquetFileReader.open(new LocalInputFile(file), options)) {
            MessageType schema = reader.getFooter().getFileMetaData().getSchema();
            MessageColumnIO io = new ColumnIOFactory().getColumnIO(schema);
            for (PageReadStore pages; (pages = reader.readNextRowGroup()) != null; ) {
                RecordReader<Group> records = io.getRecordReader(pages, new GroupRecordConverter(schema));
                for (long r = 0; r < pages.getRowCount(); r++) {
                    Group row = records.read();
                    out.add(type instanceof StructType s ? members(row, s) : value(row, ArrowColumn.VALUE, type));
                }
            }
        }
        return out;
    }

    private static Json members(Group g, StructType s) {
        Map<String, Json> members = new LinkedHashMap<>();
        for (StructType.Field f : s.fields()) {
            members.put(f.name(), value(g, f.name(), f.type()));
        }
        return new Json.JObject(members);
    }

    /** Field {@code name} of {@code g}, whose Zarr type is {@code type}. */
    private static Json value(Group g, String name, DataType type) {
        if (g.getFieldRepetitionCount(name) == 0) {
            return new Json.JString("NaT");
        }
        return switch (type) {
            case StructType s -> members(g.getGroup(name, 0), s);
            case SubarrayType a -> nested(g.getGroup(name, 0), a.element(), a.shape(), 0);
            case CoreType c when c.kind() == CoreType.Kind.COMPLEX -> {
                Group parts = g.getGroup(name, 0);
                yield new Json.JArray(List.of(value(parts, "re", c.component()), value(parts, "im", c.component())));
            }
            case CoreType c -> switch (c) {
                case BOOL -> new Json.JBool(g.getBoolean(name, 0));
                case INT8, INT16, INT32, UINT8, UINT16 -> integer(BigInteger.valueOf(g.getInteger(name, 0)));
                case UINT32 -> integer(BigInteger.valueOf(Integer.toUnsignedLong(g.getInteger(name, 0))));
                case INT64 -> integer(BigInteger.valueOf(g.getLong(name, 0)));
                case UINT64 -> integer(new BigInteger(Long.toUnsignedString(g.getLong(name, 0))));
                case FLOAT16, FLOAT32 -> ArrowJson.real(g.getFloat(name, 0));
                case FLOAT64 -> ArrowJson.real(g.getDouble(name, 0));
                case COMPLEX64, COMPLEX128 -> throw new AssertionError(c);
            };
            case RawType r -> {
                List<Json> bytes = new ArrayList<>();
                for (byte b : g.getBinary(name, 0).getBytes()) {
                    bytes.add(integer(BigInteger.valueOf(Byte.toUnsignedInt(b))));
                }
                yield new Json.JArray(bytes);
            }
            case FixedBytesType b -> new Json.JString(Base64.getEncoder().encodeToString(g.getBinary(name, 0).getBytes()));
            case FixedStringType t -> new Json.JString(g.getString(name, 0));
            case TimeType t -> integer(BigInteger.valueOf(t.unit().equals("s") ? g.getLong(name, 0) / 1000 : g.getLong(name, 0)));
        };
    }

    /** A LIST group's elements from dimension {@code dim} on: {@code list} groups each holding an {@code element}. */
    private static Json nested(Group list, DataType element, List<Integer> shape, int dim) {
        List<Json> items = new ArrayList<>();
        int n = list.getFieldRepetitionCount("list");
        if (n != shape.get(dim)) {
            throw new AssertionError("a list of " + n + " elements where the shape " + shape + " has " + shape.get(dim));
        }
        for (int k = 0; k < n; k++) {
            Group item = list.getGroup("list", k);
            items.add(dim + 1 < shape.size() ? nested(item.getGroup("element", 0), element, shape, dim + 1)
                    : value(item, "element", element));
        }
        return new Json.JArray(items);
    }

    private static Json integer(BigInteger v) {
        return new Json.JNumber(v.toString());
    }
}
