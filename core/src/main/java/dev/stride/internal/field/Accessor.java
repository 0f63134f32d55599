package dev.stride.internal.field;

import dev.stride.model.Column;
import dev.stride.model.CoreType;
import dev.stride.model.DataType;
import dev.stride.model.FieldAccessor;
import dev.stride.model.Json;
import dev.stride.model.FixedBytesType;
import dev.stride.model.FixedStringType;
import dev.stride.model.RawType;
import dev.stride.model.SubarrayType;
import dev.stride.model.StructType;
import dev.stride.model.TimeType;
import dev.stride.model.ZarrException;

import java.lang.foreign.MemorySegment;
import java.lang.reflect.Array;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;
import java.util.function.Function;

/**
 * What the accessors of every kind share: where the field sits, and its columns. Each kind is a final subclass that
 * implements its {@link FieldAccessor} interface, so a loop over one field calls final methods the JIT inlines; they read
 * through the static-final handles of {@code Reads} at {@code i * recordSize + offset}, because a var handle held per
 * field would not be a constant to the JIT, which then cannot inline the access.
 *
 * @param <A> the Java array a column of this field holds
 */
public abstract sealed class Accessor<A>
        permits BoolAccessor, IntegerAccessor, FloatValuedAccessor, LongBits, DoubleAccessor, ComplexAccessor, BlockAccessor,
        StringAccessor, ArrayAccessor {
    /** Records per {@link #window} at most: a few pages of the widest common records. */
    private static final int WINDOW_RECORDS = 4096;
    private final String path;
    private final List<String> segments;
    private final long offset;
    private final DataType type;
    private final ByteOrder order;
    /** What the accessors of this kind share; a shaped field's is its element kind's, wrapped. */
    final Kind<A> kind;
    /** Bytes per record. */
    final long recordSize;
    /** True for little-endian records. */
    final boolean little;

    Accessor(Site site, DataType type, Kind<A> kind) {
        this.path = site.path;
        this.segments = site.segments;
        this.offset = site.offset;
        this.type = type;
        this.order = site.order;
        this.recordSize = site.recordSize;
        this.little = site.order == ByteOrder.LITTLE_ENDIAN;
        this.kind = kind;
    }

    /**
     * Where a field sits: its path, offset, byte order and record size.
     *
     * @param path the dotted path from the record root
     * @param segments the path as exact field names
     * @param offset the field's byte offset in a record
     * @param order the records' byte order
     * @param recordSize bytes per record
     */
    public record Site(String path, List<String> segments, long offset, ByteOrder order, long recordSize) {
    }

    /**
     * What the accessors of one kind have in common.
     *
     * @param face the public interface of the kind, which names it in messages ({@code DoubleField})
     * @param arrayType the Java array a column of the kind holds
     * @param valuesOf the array of a column of the kind (refusing a column of another kind, naming it)
     * @param columnOf a column of the kind over an array, for a field path and type
     * @param <A> the Java array a column of the kind holds
     */
    record Kind<A>(Class<? extends FieldAccessor> face, Class<A> arrayType, Function<Column, A> valuesOf,
                   ColumnOf<A> columnOf) {
    }

    /**
     * A column over an array of values, unchecked.
     *
     * @param <A> the Java array the column holds
     */
    @FunctionalInterface
    interface ColumnOf<A> {
        Column of(String path, DataType type, A values);
    }

    /**
     * The accessor of a leaf field of {@code type} at {@code site}.
     *
     * @throws ZarrException.BadRequest for a struct, which is no leaf
     */
    public static FieldAccessor create(Site site, DataType type) {
        return switch (type) {
            case CoreType c -> switch (c) {
                case BOOL -> new BoolAccessor(site, c);
                case INT8, UINT8 -> new ByteAccessor(site, c);
                case INT16, UINT16 -> new ShortAccessor(site, c);
                case FLOAT16 -> new HalfAccessor(site, c);
                case INT32, UINT32 -> new IntAccessor(site, c);
                case INT64, UINT64 -> new LongAccessor(site, c);
                case FLOAT32 -> new FloatAccessor(site, c);
                case FLOAT64 -> new DoubleAccessor(site, c);
                case COMPLEX64, COMPLEX128 -> new ComplexAccessor(site, c);
            };
            case TimeType t -> new TimeAccessor(site, t);
            case RawType r -> new RawAccessor(site, r);
            case StructType s -> throw new ZarrException.BadRequest(null, "a struct is not a leaf field");
            case FixedBytesType b -> new ByteStringAccessor(site, b);
            case FixedStringType t -> new StringAccessor(site, t);
            case SubarrayType a -> ArrayAccessor.create(site, a);
        };
    }

    /**
     * The implementation behind an accessor that a layout made; internal loops call it, not the interface, so that each
     * call is one to a class.
     *
     * @throws ZarrException.BadRequest for an accessor that Stride did not make
     */
    public static Accessor<?> of(FieldAccessor field) {
        if (field instanceof Accessor<?> a) {
            return a;
        }
        throw new ZarrException.BadRequest(null, "field '" + field.path() + "' is not read by an accessor of a layout");
    }

    public final String path() {
        return path;
    }

    public final List<String> segments() {
        return segments;
    }

    public final long offset() {
        return offset;
    }

    public final long byteSize() {
        return type.byteSize();
    }

    public final DataType type() {
        return type;
    }

    public final ByteOrder order() {
        return order;
    }

    public final boolean isUnsigned() {
        return type instanceof CoreType c && c.kind() == CoreType.Kind.UNSIGNED;
    }

    /** Byte offset of this field of record {@code i}. */
    final long at(long i) {
        return i * recordSize + offset;
    }

    /** {@return how many records one {@link #window} may span: its bytes fit an int index} */
    final int windowRecords() {
        return (int) Math.max(1, Math.min(WINDOW_RECORDS, (1L << 30) / recordSize));
    }

    /**
     * Records {@code first .. first + n - 1} (at most {@link #windowRecords}) as a buffer in the records' byte order
     * whose index 0 is this field of record {@code first}, for bulk reads: a buffer's reads are plain calls, which run
     * several times faster than a var handle's before the JIT has compiled the loop, and a bulk read is often the only
     * pass a fresh process makes (a filter's keys).
     */
    final ByteBuffer window(MemorySegment records, long first, int n) {
        return records.asSlice(at(first), (n - 1) * recordSize + type.byteSize()).asByteBuffer().order(order);
    }

    /** The value as a double; refused by the kinds that are no real number. */
    public double getDouble(MemorySegment records, long i) {
        throw new ZarrException.BadRequest(null, "field '" + path + "' (" + type.describe() + ") is not a real number");
    }

    /** The value in the Zarr v3 fill-value JSON encoding. */
    public abstract Json toJson(MemorySegment records, long i);

    /** The public interface of this kind, which names it in messages ({@code DoubleField}). */
    public final Class<? extends FieldAccessor> kind() {
        return kind.face();
    }

    /** Copies this field of records {@code first..first+n} into {@code dst} from record {@code pos}. */
    abstract void get(MemorySegment records, long first, int n, A dst, int pos);

    /** Stores {@code src} from record {@code pos} into this field of records {@code first..first+n}. */
    abstract void set(MemorySegment records, long first, int n, A src, int pos);


    /** Array items per record: two for complex (re, im), the byte size for raw and byte strings, else one. */
    int itemsPerRecord() {
        return 1;
    }

    public final Column newColumn(int records) {
        Object values = Array.newInstance(kind.arrayType().componentType(), Math.multiplyExact(records, itemsPerRecord()));
        return columnOf(kind.arrayType().cast(values));
    }

    public final void copyTo(MemorySegment records, long first, int n, Column column, int pos) {
        get(records, first, n, kind.valuesOf().apply(column), pos);
    }

    public final void copyFrom(Column column, int pos, MemorySegment records, long first, int n) {
        set(records, first, n, kind.valuesOf().apply(column), pos);
    }

    public final Column column(Object values, long records) {
        Column c = values instanceof Column given ? given : wrap(values);
        if (c == null || !c.type().equals(type) || c.size() != records) {
            throw new ZarrException.BadRequest(null, "field '" + path + "' (" + type.describe() + ") takes a "
                    + kind.arrayType().getSimpleName() + " of " + records * itemsPerRecord() + " values for " + records
                    + " records, not " + describe(values));
        }
        return c;
    }

    private Column wrap(Object values) {
        return kind.arrayType().isInstance(values) && Array.getLength(values) % itemsPerRecord() == 0
                ? columnOf(kind.arrayType().cast(values)) : null;
    }

    private Column columnOf(A values) {
        return kind.columnOf().of(path, type, values);
    }

    private static String describe(Object values) {
        return switch (values) {
            case null -> "null";
            case Column c -> c.getClass().getSimpleName() + " of " + c.type().describe() + " with " + c.size() + " records";
            default -> values.getClass().getSimpleName() + (values.getClass().isArray() ? " of " + Array.getLength(values) : "");
        };
    }
}
