package dev.stride.spark;

import dev.stride.model.FixedBytesType;
import dev.stride.model.FixedStringType;
import dev.stride.model.StructType;
import dev.stride.model.ZarrException;
import org.apache.spark.sql.catalyst.expressions.GenericInternalRow;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.Metadata;
import org.apache.spark.sql.types.MetadataBuilder;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.unsafe.types.UTF8String;
import org.junit.jupiter.api.Test;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * Rows encoded as records without a Spark job: string and binary columns as the Zarr types their metadata names, laid
 * out as numpy lays out U&lt;n&gt; (UTF-32, little-endian, NUL-padded) and S&lt;n&gt;, and what cannot be written.
 */
class RowEncoderTest {
    private static final int RECORD = 4 * 4 + 5;

    private static StructField column(String name, org.apache.spark.sql.types.DataType type, String zarrType) {
        Metadata meta = zarrType == null ? Metadata.empty() : new MetadataBuilder().putString(SparkTypes.ZARR_TYPE, zarrType).build();
        return new StructField(name, type, true, meta);
    }

    private static RowEncoder texts() {
        org.apache.spark.sql.types.StructType schema = new org.apache.spark.sql.types.StructType(new StructField[] {
                column("label", DataTypes.StringType, "fixed_length_utf32[4]"),
                column("name", DataTypes.BinaryType, "null_terminated_bytes[5]")});
        return new RowEncoder(schema, List.of("label", "name"));
    }

    /** What the writer's records hold before a row is encoded: the fill value, here a pattern a null must leave alone. */
    private static MemorySegment filled() {
        MemorySegment records = MemorySegment.ofArray(new byte[RECORD]);
        records.fill((byte) 0x55);
        return records;
    }

    @Test
    void textAndByteStringsAreLaidOutAsNumpyDoes() {
        RowEncoder encoder = texts();
        assertEquals(List.of(new FixedStringType(4), new FixedBytesType(5)),
                ((StructType) encoder.type()).fields().stream().map(StructType.Field::type).toList());
        MemorySegment records = filled();
        encoder.encode(new GenericInternalRow(new Object[] {UTF8String.fromString("Ω😀"), new byte[] {1, 0, 2}}), records, 0);
        ByteBuffer utf32 = ByteBuffer.allocate(16).order(ByteOrder.LITTLE_ENDIAN).putInt(0x3A9).putInt(0x1F600).putInt(0).putInt(0);
        assertArrayEquals(utf32.array(), records.asSlice(0, 16).toArray(ValueLayout.JAVA_BYTE), "two characters and two NULs");
        assertArrayEquals(new byte[] {1, 0, 2, 0, 0}, records.asSlice(16, 5).toArray(ValueLayout.JAVA_BYTE), "an inner NUL kept, then padding");

        MemorySegment full = filled();
        encoder.encode(new GenericInternalRow(new Object[] {UTF8String.fromString("abcd"), new byte[] {9, 9, 9, 9, 9}}), full, 0);
        assertEquals('d', full.get(ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN), 12), "a value filling its width");
        assertArrayEquals(new byte[] {9, 9, 9, 9, 9}, full.asSlice(16, 5).toArray(ValueLayout.JAVA_BYTE));

        MemorySegment nulls = filled();
        encoder.encode(new GenericInternalRow(new Object[] {null, null}), nulls, 0);
        assertArrayEquals(filled().toArray(ValueLayout.JAVA_BYTE), nulls.toArray(ValueLayout.JAVA_BYTE), "a null leaves the fill value");
    }

    @Test
    void aValueLongerThanItsTypeIsRefusedNamingTheColumn() {
        RowEncoder encoder = texts();
        ZarrException e = assertThrows(ZarrException.BadRequest.class, () ->
                encoder.encode(new GenericInternalRow(new Object[] {UTF8String.fromString("Ωé😀zz"), null}), filled(), 0));
        assertEquals("column 'label' (fixed_length_utf32[4]) cannot hold a value of 5 characters", e.reason());
        e = assertThrows(ZarrException.BadRequest.class, () ->
                encoder.encode(new GenericInternalRow(new Object[] {null, new byte[6]}), filled(), 0));
        assertEquals("column 'name' (null_terminated_bytes[5]) cannot hold a value of 6 bytes", e.reason());
    }

    /** Columns without a fixed width, and arrays (a v2 array's shaped field read by Spark), are refused with the way out. */
    @Test
    void stringsWithoutAWidthAndArraysAreRefused() {
        ZarrException e = assertThrows(ZarrException.Unsupported.class, () ->
                RowEncoder.zarrType(column("label", DataTypes.StringType, null)));
        assertEquals("column 'label' is string, which needs a fixed width: give it the metadata zarr_type = fixed_length_utf32[<CHARACTERS>]",
                e.reason());
        e = assertThrows(ZarrException.Unsupported.class, () ->
                RowEncoder.zarrType(column("name", DataTypes.BinaryType, "null_terminated_bytes[0]")));
        assertEquals("column 'name' is binary, which needs a fixed width: give it the metadata zarr_type = r<BITS> or "
                + "null_terminated_bytes[<BYTES>]", e.reason());
        e = assertThrows(ZarrException.Unsupported.class, () ->
                RowEncoder.zarrType(column("pos", DataTypes.createArrayType(DataTypes.FloatType, false), "float32[3]")));
        assertEquals("column 'pos' is array<float>, which no field of a Zarr v3 struct can hold (such a field has no shape): "
                + "select its elements as columns of their own", e.reason());
    }
}
