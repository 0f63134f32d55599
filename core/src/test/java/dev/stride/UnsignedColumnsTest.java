package dev.stride;

import dev.stride.model.ByteColumn;
import dev.stride.model.CoreType;
import dev.stride.model.IntColumn;
import dev.stride.model.LongColumn;
import dev.stride.model.ShortColumn;
import dev.stride.testing.Doc;
import dev.stride.testing.Enc;
import dev.stride.testing.Tree;
import org.junit.jupiter.api.Test;

import java.math.BigInteger;

import static dev.stride.testing.Doc.field;
import static dev.stride.testing.Doc.struct;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

/** Columns of unsigned fields hold their raw bits and give their values. */
class UnsignedColumnsTest {

    @Test
    void widensTheRawColumnsOfEveryUnsignedWidth() {
        String type = struct(field("a", "'uint8'"), field("b", "'uint16'"), field("c", "'uint32'"), field("d", "'uint64'"));
        Doc doc = Doc.array(type, "[2]", "[2]", "{'a': 0, 'b': 0, 'c': 0, 'd': 0}", Doc.BYTES_BE);
        byte[] chunk = Enc.be().i8(255).i16(65535).i32(0xffffffff).i64(-1L).i8(7).i16(0x8000).i32(0x80000000).i64(Long.MIN_VALUE).bytes();
        try (Zarr z = Tree.array(doc).put("c/0", chunk).open()) {
            ZarrArray array = z.array("/");
            ByteColumn a = array.read("a", null).asBytes();
            assertArrayEquals(new byte[] {-1, 7}, a.values(), "the bits");
            assertArrayEquals(new int[] {255, 7}, a.intValues());
            assertEquals(255, a.value(0));
            ShortColumn b = array.read("b", null).asShorts();
            assertArrayEquals(new short[] {-1, (short) 0x8000}, b.values());
            assertArrayEquals(new int[] {65535, 32768}, b.intValues());
            IntColumn c = array.read("c", null).asInts();
            assertArrayEquals(new long[] {4_294_967_295L, 2_147_483_648L}, c.longValues());
            assertEquals(4_294_967_295L, c.value(0));
            LongColumn d = array.read("d", null).asLongs();
            assertArrayEquals(new long[] {-1, Long.MIN_VALUE}, d.values());
            assertArrayEquals(new BigInteger[] {new BigInteger("18446744073709551615"), new BigInteger("9223372036854775808")},
                    d.bigIntegerValues());
            assertEquals(CoreType.UINT64, d.type());
        }
    }
}
