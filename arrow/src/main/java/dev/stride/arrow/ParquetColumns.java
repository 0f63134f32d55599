package dev.stride.arrow;

import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.ColumnWriteStore;
import org.apache.parquet.column.ColumnWriter;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.Type;
import org.apache.parquet.schema.Type.Repetition;
import org.apache.parquet.schema.Types;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The Parquet schema of {@link ArrowTypes}' columns, and the writing of one leaf column's values from its Arrow
 * buffer. Integers keep width and sign (INTEGER(bits, unsigned) for unsigned ones), float16 widens to FLOAT, a
 * timestamp is a TIMESTAMP of its unit (seconds as milliseconds: Parquet has no seconds), a duration a plain INT64
 * count, fixed-size binary FIXED_LEN_BYTE_ARRAY, a struct a group; nullable Arrow fields (times) are OPTIONAL.
 */
final class ParquetColumns {
    private ParquetColumns() {
    }

    static MessageType schema(Schema arrow) {
        List<Type> fields = new ArrayList<>();
        for (Field f : arrow.getFields()) {
            fields.add(type(f));
        }
        return new MessageType("schema", fields);
    }

    private static Type type(Field f) {
        Repetition repetition = f.isNullable() ? Repetition.OPTIONAL : Repetition.REQUIRED;
        String name = f.getName();
        return switch (f.getType()) {
            case ArrowType.Struct s -> {
                List<Type> children = new ArrayList<>();
                for (Field c : f.getChildren()) {
                    children.add(type(c));
                }
                yield new GroupType(repetition, name, children);
            }
            case ArrowType.FloatingPoint p -> Types.primitive(switch (p.getPrecision()) {
                case DOUBLE -> PrimitiveTypeName.DOUBLE;
                case SINGLE, HALF -> PrimitiveTypeName.FLOAT;
            }, repetition).named(name);
            case ArrowType.Int i -> Types.primitive(i.getBitWidth() == 64 ? PrimitiveTypeName.INT64 : PrimitiveTypeName.INT32, repetition)
                    .as(LogicalTypeAnnotation.intType(i.getBitWidth(), i.getIsSigned())).named(name);
            case ArrowType.Bool b -> Types.primitive(PrimitiveTypeName.BOOLEAN, repetition).named(name);
            case ArrowType.Timestamp t -> Types.primitive(PrimitiveTypeName.INT64, repetition)
                    .as(LogicalTypeAnnotation.timestampType(false, switch (t.getUnit()) {
                        case SECOND, MILLISECOND -> LogicalTypeAnnotation.TimeUnit.MILLIS;
                        case MICROSECOND -> LogicalTypeAnnotation.TimeUnit.MICROS;
                        case NANOSECOND -> LogicalTypeAnnotation.TimeUnit.NANOS;
                    })).named(name);
            case ArrowType.Duration d -> Types.primitive(PrimitiveTypeName.INT64, repetition).named(name);
            case ArrowType.FixedSizeBinary b -> Types.primitive(PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY, repetition)
                    .length(b.getByteWidth()).named(name);
            default -> throw new IllegalArgumentException("no Parquet type for " + f);
        };
    }

    /** Adds the leaves under {@code f} (at vector indexes {@code path}, below the groups {@code names}) to {@code out}. */
    static void collect(Field f, int[] path, List<String> names, MessageType schema, List<Leaf> out) {
        List<String> here = new ArrayList<>(names);
        here.add(f.getName());
        if (f.getType() instanceof ArrowType.Struct) {
            for (int c = 0; c < f.getChildren().size(); c++) {
                int[] child = Arrays.copyOf(path, path.length + 1);
                child[path.length] = c;
                collect(f.getChildren().get(c), child, here, schema, out);
            }
            return;
        }
        out.add(new Leaf(schema.getColumnDescription(here.toArray(String[]::new)), path, Kind.of(f), String.join(".", here)));
    }

    /** How a leaf's values are read from its Arrow buffer. */
    enum Kind {
        DOUBLE, FLOAT, HALF, LONG, INT, SHORT, UNSIGNED_SHORT, BYTE, UNSIGNED_BYTE, BOOL, SECONDS, BYTES;

        static Kind of(Field f) {
            return switch (f.getType()) {
                case ArrowType.FloatingPoint p -> switch (p.getPrecision()) {
                    case DOUBLE -> DOUBLE;
                    case SINGLE -> FLOAT;
                    case HALF -> HALF;
                };
                case ArrowType.Int i -> switch (i.getBitWidth()) {
                    case 64 -> LONG;
                    case 32 -> INT;
                    case 16 -> i.getIsSigned() ? SHORT : UNSIGNED_SHORT;
                    default -> i.getIsSigned() ? BYTE : UNSIGNED_BYTE;
                };
                case ArrowType.Bool b -> BOOL;
                case ArrowType.Timestamp t -> t.getUnit() == org.apache.arrow.vector.types.TimeUnit.SECOND ? SECONDS : LONG;
                case ArrowType.Duration d -> LONG;
                case ArrowType.FixedSizeBinary b -> BYTES;
                default -> throw new IllegalArgumentException("no Parquet column for " + f);
            };
        }
    }

    /** One Parquet leaf column fed from the Arrow vector at {@code path} (outermost first). */
    static final class Leaf {
        private final ColumnDescriptor column;
        private final int[] path;
        private final Kind kind;
        private final String name;
        private final int maxDefinition;
        /** A fixed-size binary value on its way to the writer. */
        private final byte[] scratch;
        private FieldVector[] chain;
        private ColumnWriter writer;

        Leaf(ColumnDescriptor column, int[] path, Kind kind, String name) {
            this.column = column;
            this.path = path;
            this.kind = kind;
            this.name = name;
            this.maxDefinition = column.getMaxDefinitionLevel();
            this.scratch = kind == Kind.BYTES ? new byte[column.getPrimitiveType().getTypeLength()] : null;
        }

        String name() {
            return name;
        }

        void writeTo(ColumnWriteStore store) {
            writer = store.getColumnWriter(column);
        }

        void bind(VectorSchemaRoot batch) {
            chain = new FieldVector[path.length];
            FieldVector v = batch.getVector(path[0]);
            chain[0] = v;
            for (int k = 1; k < path.length; k++) {
                v = (FieldVector) ((StructVector) v).getChildByOrdinal(path[k]);
                chain[k] = v;
            }
        }

        /** The definition level of a row: how many of the optional fields on its path are set. */
        private int definition(int row) {
            int d = 0;
            for (FieldVector v : chain) {
                if (v.getField().isNullable()) {
                    if (v.isNull(row)) {
                        return d;
                    }
                    d++;
                }
            }
            return d;
        }

        /**
         * Rows {@code from..to-1}.
         *
         * @throws ArithmeticException when a timestamp in seconds is beyond an int64 of milliseconds
         */
        void write(int from, int to) {
            FieldVector v = chain[chain.length - 1];
            ArrowBuf b = v.getDataBuffer();
            ColumnWriter w = writer;
            for (int r = from; r < to; r++) {
                int d = maxDefinition == 0 ? 0 : definition(r);
                if (d < maxDefinition) {
                    w.writeNull(0, d);
                    continue;
                }
                switch (kind) {
                    case DOUBLE -> w.write(b.getDouble(8L * r), 0, d);
                    case FLOAT -> w.write(b.getFloat(4L * r), 0, d);
                    case HALF -> w.write(Float.float16ToFloat(b.getShort(2L * r)), 0, d);
                    case LONG -> w.write(b.getLong(8L * r), 0, d);
                    case INT -> w.write(b.getInt(4L * r), 0, d);
                    case SHORT -> w.write((int) b.getShort(2L * r), 0, d);
                    case UNSIGNED_SHORT -> w.write(Short.toUnsignedInt(b.getShort(2L * r)), 0, d);
                    case BYTE -> w.write((int) b.getByte(r), 0, d);
                    case UNSIGNED_BYTE -> w.write(Byte.toUnsignedInt(b.getByte(r)), 0, d);
                    case BOOL -> w.write((b.getByte(r >>> 3) >>> (r & 7) & 1) != 0, 0, d);
                    case SECONDS -> w.write(Math.multiplyExact(b.getLong(8L * r), 1000L), 0, d);
                    case BYTES -> {
                        // the writer encodes the value at once and copies what it keeps (statistics) of a reused one
                        b.getBytes((long) scratch.length * r, scratch);
                        w.write(Binary.fromReusedByteArray(scratch), 0, d);
                    }
                }
            }
        }
    }
}
