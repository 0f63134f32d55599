package dev.stride.arrow;

import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.FixedSizeListVector;
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
 * count, fixed-size binary FIXED_LEN_BYTE_ARRAY, binary BINARY and utf8 BINARY (STRING), a fixed-size list a LIST
 * (one per dimension of a shaped field), a struct a group; nullable Arrow fields (times) are OPTIONAL.
 */
final class ParquetColumns {
    /** The names of a LIST's repeated group and of its element, as the format's spec spells them. */
    private static final String LIST = "list";
    private static final String ELEMENT = "element";

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
            case ArrowType.Binary b -> Types.primitive(PrimitiveTypeName.BINARY, repetition).named(name);
            case ArrowType.Utf8 u -> Types.primitive(PrimitiveTypeName.BINARY, repetition).as(LogicalTypeAnnotation.stringType()).named(name);
            case ArrowType.FixedSizeList l -> {
                // the three-level LIST of the format's spec: <name> (LIST) { repeated group list { element } }
                Field item = f.getChildren().getFirst();
                Type element = type(new Field(ELEMENT, item.getFieldType(), item.getChildren()));
                yield Types.buildGroup(repetition).as(LogicalTypeAnnotation.listType())
                        .addField(Types.repeatedGroup().addField(element).named(LIST)).named(name);
            }
            default -> throw new IllegalArgumentException("no Parquet type for " + f);
        };
    }

    /**
     * Adds the leaves under {@code f} (at vector indexes {@code path}, below the groups {@code names}) to {@code out};
     * a fixed-size list's items are its child 0, named {@value #ELEMENT} inside the group {@value #LIST}.
     */
    static void collect(Field f, int[] path, List<String> names, MessageType schema, List<Leaf> out) {
        List<String> here = new ArrayList<>(names);
        here.add(f.getName());
        if (f.getType() instanceof ArrowType.FixedSizeList) {
            here.add(LIST);
            Field item = f.getChildren().getFirst();
            int[] child = Arrays.copyOf(path, path.length + 1);
            collect(new Field(ELEMENT, item.getFieldType(), item.getChildren()), child, here, schema, out);
            return;
        }
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
        DOUBLE, FLOAT, HALF, LONG, INT, SHORT, UNSIGNED_SHORT, BYTE, UNSIGNED_BYTE, BOOL, SECONDS, BYTES, VARIABLE_BYTES;

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
                case ArrowType.Binary b -> VARIABLE_BYTES;
                case ArrowType.Utf8 u -> VARIABLE_BYTES;
                default -> throw new IllegalArgumentException("no Parquet column for " + f);
            };
        }
    }

    /**
     * One Parquet leaf column fed from the Arrow vector at {@code path} (outermost first). Below fixed-size lists a row
     * holds several values, in C order; lists are never empty, so only a null leaf lowers a value's definition level.
     */
    static final class Leaf {
        private final ColumnDescriptor column;
        private final int[] path;
        private final Kind kind;
        private final String name;
        private final int maxDefinition;
        /** A binary value on its way to the writer, grown to the longest. */
        private byte[] scratch;
        private FieldVector[] chain;
        /** The sizes of the lists on the path, outermost first; a row holds their product of values. */
        private int[] sizes;
        private int perRow;
        /** Per vector of the chain: its values per row. */
        private int[] perRowAt;
        private ColumnWriter writer;

        Leaf(ColumnDescriptor column, int[] path, Kind kind, String name) {
            this.column = column;
            this.path = path;
            this.kind = kind;
            this.name = name;
            this.maxDefinition = column.getMaxDefinitionLevel();
            this.scratch = kind == Kind.BYTES ? new byte[column.getPrimitiveType().getTypeLength()] : new byte[0];
        }

        String name() {
            return name;
        }

        void writeTo(ColumnWriteStore store) {
            writer = store.getColumnWriter(column);
        }

        void bind(VectorSchemaRoot batch) {
            chain = new FieldVector[path.length];
            perRowAt = new int[path.length];
            List<Integer> lists = new ArrayList<>();
            int per = 1;
            FieldVector v = batch.getVector(path[0]);
            for (int k = 0; ; k++) {
                chain[k] = v;
                perRowAt[k] = per;
                if (k + 1 == path.length) {
                    break;
                }
                if (v instanceof FixedSizeListVector list) {
                    lists.add(list.getListSize());
                    per = Math.multiplyExact(per, list.getListSize());
                    v = list.getDataVector();
                } else {
                    v = (FieldVector) ((StructVector) v).getChildByOrdinal(path[k + 1]);
                }
            }
            sizes = lists.stream().mapToInt(Integer::intValue).toArray();
            perRow = per;
        }

        /** The definition level of value {@code j} of row {@code row}: the optional and repeated levels present. */
        private int definition(int row, int j) {
            int d = 0;
            for (int k = 0; k < chain.length; k++) {
                FieldVector v = chain[k];
                if (v.getField().isNullable()) {
                    if (v.isNull(row * perRowAt[k] + j / (perRow / perRowAt[k]))) {
                        return d;
                    }
                    d++;
                }
                if (v instanceof FixedSizeListVector) {
                    d++;
                }
            }
            return d;
        }

        /** The repetition level of value {@code j > 0} of a row: the outermost list whose index moved on. */
        private int repetition(int j) {
            int level = sizes.length;
            long span = sizes[level - 1];
            while (j % span == 0) {
                level--;
                span *= sizes[level - 1];
            }
            return level;
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
                for (int j = 0; j < perRow; j++) {
                    int i = r * perRow + j;
                    int rep = j == 0 ? 0 : repetition(j);
                    int d = maxDefinition == 0 ? 0 : definition(r, j);
                    if (d < maxDefinition) {
                        w.writeNull(rep, d);
                        continue;
                    }
                    switch (kind) {
                        case DOUBLE -> w.write(b.getDouble(8L * i), rep, d);
                        case FLOAT -> w.write(b.getFloat(4L * i), rep, d);
                        case HALF -> w.write(Float.float16ToFloat(b.getShort(2L * i)), rep, d);
                        case LONG -> w.write(b.getLong(8L * i), rep, d);
                        case INT -> w.write(b.getInt(4L * i), rep, d);
                        case SHORT -> w.write((int) b.getShort(2L * i), rep, d);
                        case UNSIGNED_SHORT -> w.write(Short.toUnsignedInt(b.getShort(2L * i)), rep, d);
                        case BYTE -> w.write((int) b.getByte(i), rep, d);
                        case UNSIGNED_BYTE -> w.write(Byte.toUnsignedInt(b.getByte(i)), rep, d);
                        case BOOL -> w.write((b.getByte(i >>> 3) >>> (i & 7) & 1) != 0, rep, d);
                        case SECONDS -> w.write(Math.multiplyExact(b.getLong(8L * i), 1000L), rep, d);
                        case BYTES -> {
                            // the writer encodes the value at once and copies what it keeps (statistics) of a reused one
                            b.getBytes((long) scratch.length * i, scratch);
                            w.write(Binary.fromReusedByteArray(scratch), rep, d);
                        }
                        case VARIABLE_BYTES -> {
                            ArrowBuf offsets = v.getOffsetBuffer();
                            int start = offsets.getInt(4L * i);
                            int length = offsets.getInt(4L * i + 4) - start;
                            if (scratch.length < length) {
                                scratch = new byte[Math.max(length, 2 * scratch.length)];
                            }
                            b.getBytes(start, scratch, 0, length);
                            w.write(Binary.fromReusedByteArray(scratch, 0, length), rep, d);
                        }
                    }
                }
            }
        }
    }
}
