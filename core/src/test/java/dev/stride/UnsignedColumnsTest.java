package dev.stride;

import dev.stride.internal.read.UnsignedColumns;

import dev.stride.testing.Doc;
import dev.stride.testing.Enc;
import dev.stride.testing.Tree;
import org.junit.jupiter.api.Test;

import java.math.BigInteger;

import static dev.stride.testing.Doc.field;
import static dev.stride.testing.Doc.struct;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;

/** Columns of unsigned fields read as their raw bits, widened into their values. */
class UnsignedColumnsTest {

    @Test
    void widensTheRawColumnsOfEveryUnsignedWidth() {
        String type = struct(field("a", "'uint8'"), field("b", "'uint16'"), field("c", "'uint32'"), field("d", "'uint64'"));
        Doc doc = Doc.array(type, "[2]", "[2]", "{'a': 0, 'b': 0, 'c': 0, 'd': 0}", Doc.BYTES_BE);
        byte[] chunk = Enc.be().i8(255).i16(65535).i32(0xffffffff).i64(-1L).i8(7).i16(0x8000).i32(0x80000000).i64(Long.MIN_VALUE).bytes();
        try (Zarr z = Tree.array(doc).put("c/0", chunk).open()) {
            ZarrArray array = z.array("/");
            assertArrayEquals(new int[] {255, 7}, UnsignedColumns.values((byte[]) array.read("a", null)));
            assertArrayEquals(new int[] {65535, 32768}, UnsignedColumns.values((short[]) array.read("b", null)));
            assertArrayEquals(new long[] {4_294_967_295L, 2_147_483_648L}, UnsignedColumns.values((int[]) array.read("c", null)));
            assertArrayEquals(new BigInteger[] {new BigInteger("18446744073709551615"), new BigInteger("9223372036854775808")},
                    UnsignedColumns.values((long[]) array.read("d", null)));
        }
    }
}
