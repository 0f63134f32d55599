package dev.stride.model;

import dev.stride.model.StructType.Field;
import org.junit.jupiter.api.Test;

import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Shaped fields (numpy's {@code ('pos', '<f4', (3,))}) flattened into one field per element for Zarr v3: names, C
 * order, nesting, the same bytes (layout and byte-order units), and the refusals.
 */
class FlattenShapedTest {
    private static final DataType F4X3 = new SubarrayType(CoreType.FLOAT32, List.of(3));

    @Test
    void aShapedFieldBecomesOneFieldPerElementInPlace() {
        StructType s = StructType.of(new Field("id", CoreType.UINT32), new Field("pos", F4X3), new Field("ok", CoreType.BOOL));
        StructType flat = s.flattenShaped();
        assertEquals(List.of("id", "pos[0]", "pos[1]", "pos[2]", "ok"), names(flat));
        assertEquals(s.byteSize(), flat.byteSize());
        assertEquals(List.of("pos"), s.shapedFields());
        assertTrue(flat.shapedFields().isEmpty());
    }

    @Test
    void aTwoDimensionalShapeFlattensInCOrder() {
        StructType s = StructType.of(new Field("grid", new SubarrayType(CoreType.INT16, List.of(2, 3))));
        assertEquals(List.of("grid[0][0]", "grid[0][1]", "grid[0][2]", "grid[1][0]", "grid[1][1]", "grid[1][2]"), names(s.flattenShaped()));
    }

    @Test
    void nestedShapedFieldsFlattenWhereTheyAre() {
        StructType inner = StructType.of(new Field("a", CoreType.INT8), new Field("v", new SubarrayType(CoreType.FLOAT64, List.of(2))));
        StructType s = StructType.of(new Field("inner", inner), new Field("b", CoreType.INT8));
        assertEquals(List.of("inner.v"), s.shapedFields());
        StructType flatInner = (StructType) s.flattenShaped().fields().getFirst().type();
        assertEquals(List.of("a", "v[0]", "v[1]"), names(flatInner));
    }

    @Test
    void aStructWithoutShapesIsItself() {
        StructType s = StructType.of(new Field("x", CoreType.FLOAT32));
        assertSame(s, s.flattenShaped());
    }

    @Test
    void anElementNameAFieldAlreadyHasIsRefusedNamingBoth() {
        StructType s = StructType.of(new Field("pos", F4X3), new Field("pos[1]", CoreType.INT8));
        ZarrException.BadRequest e = assertThrows(ZarrException.BadRequest.class, s::flattenShaped);
        assertTrue(e.getMessage().contains("flattening field 'pos' makes the field 'pos[1]', which is already the name of another field"), e.getMessage());
    }

    @Test
    void theFlatTypeReadsTheSameBitsSwappedTheSameWay() {
        StructType s = StructType.of(new Field("id", CoreType.UINT16), new Field("pos", F4X3));
        StructType flat = s.flattenShaped();
        assertEquals(swapUnits(s), swapUnits(flat));
        byte[] bits = new byte[14];
        for (int i = 0; i < bits.length; i++) {
            bits[i] = (byte) (i + 1);
        }
        FillValue fill = new FillValue(s, Json.string("AQIDBAUGBwgJCgsMDQ4="), bits);
        FillValue same = fill.as(flat);
        assertEquals(flat, same.type());
        assertArrayEquals(fill.bytes(ByteOrder.BIG_ENDIAN), same.bytes(ByteOrder.BIG_ENDIAN));
        StructType otherLayout = StructType.of(new Field("id", CoreType.UINT16), new Field("pos", new RawType(96)));
        assertThrows(ZarrException.BadRequest.class, () -> fill.as(otherLayout));
    }

    @Test
    void aShapedFieldHasNoV3SpellingAndTheRefusalNamesItsPath() {
        StructType s = StructType.of(new Field("inner", StructType.of(new Field("pos", F4X3))));
        ZarrException.Unsupported e = assertThrows(ZarrException.Unsupported.class, s::json);
        assertTrue(e.getMessage().contains("field 'inner.pos' is float32[3]"), e.getMessage());
        assertTrue(e.getMessage().contains("flattenShaped()"), e.getMessage());
    }

    private static List<String> names(StructType s) {
        return s.fields().stream().map(Field::name).toList();
    }

    private static List<Long> swapUnits(DataType t) {
        List<Long> out = new ArrayList<>();
        t.forEachSwapUnit(0, (offset, size) -> {
            out.add(offset);
            out.add((long) size);
        });
        return out;
    }
}
