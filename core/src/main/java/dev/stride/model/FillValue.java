package dev.stride.model;

import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * An array's fill value as the exact bits of one element (little-endian, packed like a record), so a NaN
 * payload or an uint64 above 2^63 survives; {@link #json()} is how the metadata spelled it.
 */
public final class FillValue {
    private final DataType type;
    private final Json json;
    private final byte[] littleEndian;

    /**
     * The fill value of {@code type}: its metadata spelling and its exact bits.
     *
     * @param type the data type
     * @param json how the metadata spells it
     * @param littleEndian one element's bytes, little-endian (copied)
     */
    public FillValue(DataType type, Json json, byte[] littleEndian) {
        if (littleEndian.length != type.byteSize()) {
            throw new ZarrException.BadRequest(null, "fill value of " + type.describe() + " needs " + type.byteSize() + " bytes");
        }
        this.type = type;
        this.json = json;
        this.littleEndian = littleEndian.clone();
    }

    /**
     * The same bits as a value of {@code type}, a type of the same byte layout: a struct with its shaped fields
     * flattened ({@link StructType#flattenShaped()}), whose records are this one's bytes.
     *
     * @param type the type to read these bits as
     * @return the fill value of {@code type}; its {@link #json()} is this one's (the spelling of the old type)
     * @throws ZarrException.BadRequest when {@code type} differs in size or in which bytes its byte order reverses
     */
    public FillValue as(DataType type) {
        if (!swapUnits(type).equals(swapUnits(this.type))) {
            throw new ZarrException.BadRequest(null, "a fill value of " + this.type.describe() + " cannot be read as "
                    + type.describe() + ": their bytes are laid out differently");
        }
        return new FillValue(type, json, littleEndian);
    }

    /** The size and every (offset, size) a byte order reverses: equal for types whose bytes mean the same. */
    private static List<Long> swapUnits(DataType type) {
        List<Long> units = new ArrayList<>(List.of((long) type.byteSize()));
        type.forEachSwapUnit(0, (offset, size) -> {
            units.add(offset);
            units.add((long) size);
        });
        return units;
    }

    /**
     * The data type it is a value of.
     *
     * @return the data type
     */
    public DataType type() {
        return type;
    }

    /**
     * How the metadata spells it.
     *
     * @return the fill value's JSON
     */
    public Json json() {
        return json;
    }

    /**
     * One element's bytes in the given byte order.
     *
     * @param order the byte order of the records the element joins
     * @return a copy of the element's bytes
     */
    public byte[] bytes(ByteOrder order) {
        byte[] out = littleEndian.clone();
        if (order == ByteOrder.BIG_ENDIAN) {
            type.forEachSwapUnit(0, (offset, size) -> reverse(out, offset.intValue(), size));
        }
        return out;
    }

    /**
     * True when every byte is zero, so a fresh zeroed buffer already holds the fill value.
     *
     * @return true for all bits zero
     */
    public boolean isZero() {
        for (byte b : littleEndian) {
            if (b != 0) {
                return false;
            }
        }
        return true;
    }

    static void reverse(byte[] b, int from, int size) {
        for (int i = from, j = from + size - 1; i < j; i++, j--) {
            byte t = b[i];
            b[i] = b[j];
            b[j] = t;
        }
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof FillValue f && f.type.equals(type) && Arrays.equals(f.littleEndian, littleEndian);
    }

    @Override
    public int hashCode() {
        return type.hashCode() * 31 + Arrays.hashCode(littleEndian);
    }

    @Override
    public String toString() {
        return json.toString();
    }
}
