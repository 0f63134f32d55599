package dev.stride.model;

import java.util.Optional;
import java.util.function.BiConsumer;

/** The data types of the Zarr v3 core spec. */
public enum CoreType implements DataType {
    BOOL("bool", 1, Kind.BOOL),
    INT8("int8", 1, Kind.SIGNED),
    INT16("int16", 2, Kind.SIGNED),
    INT32("int32", 4, Kind.SIGNED),
    INT64("int64", 8, Kind.SIGNED),
    UINT8("uint8", 1, Kind.UNSIGNED),
    UINT16("uint16", 2, Kind.UNSIGNED),
    UINT32("uint32", 4, Kind.UNSIGNED),
    UINT64("uint64", 8, Kind.UNSIGNED),
    FLOAT16("float16", 2, Kind.FLOAT),
    FLOAT32("float32", 4, Kind.FLOAT),
    FLOAT64("float64", 8, Kind.FLOAT),
    COMPLEX64("complex64", 8, Kind.COMPLEX),
    COMPLEX128("complex128", 16, Kind.COMPLEX);

    /** What a value of the type means. */
    public enum Kind { BOOL, SIGNED, UNSIGNED, FLOAT, COMPLEX }

    private final String jsonName;
    private final int size;
    private final Kind kind;

    CoreType(String jsonName, int size, Kind kind) {
        this.jsonName = jsonName;
        this.size = size;
        this.kind = kind;
    }

    public static Optional<CoreType> byName(String name) {
        for (CoreType t : values()) {
            if (t.jsonName.equals(name)) {
                return Optional.of(t);
            }
        }
        return Optional.empty();
    }

    public Kind kind() {
        return kind;
    }

    /** True for the types a scan can aggregate: integers and real floats. */
    public boolean isReal() {
        return kind == Kind.SIGNED || kind == Kind.UNSIGNED || kind == Kind.FLOAT;
    }

    /** The float type of one component of a complex type. */
    public CoreType component() {
        return switch (this) {
            case COMPLEX64 -> FLOAT32;
            case COMPLEX128 -> FLOAT64;
            default -> this;
        };
    }

    @Override
    public int byteSize() {
        return size;
    }

    @Override
    public String describe() {
        return jsonName;
    }

    @Override
    public void forEachSwapUnit(long offset, BiConsumer<Long, Integer> unit) {
        int part = component().size;
        for (int at = 0; part > 1 && at < size; at += part) {
            unit.accept(offset + at, part);
        }
    }

    @Override
    public String toString() {
        return jsonName;
    }
}
