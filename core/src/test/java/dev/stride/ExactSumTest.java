package dev.stride;

import dev.stride.internal.base.ExactSum;
import dev.stride.internal.base.Int128;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The exact accumulators against BigDecimal and BigInteger, at the ends of their ranges. */
class ExactSumTest {
    @Test
    void doublesOfEveryMagnitudeAddUpExactly() {
        Random random = new Random(7);
        ExactSum left = new ExactSum();
        ExactSum right = new ExactSum();
        BigDecimal want = BigDecimal.ZERO;
        double[] extremes = {Double.MIN_VALUE, -Double.MIN_VALUE, Double.MIN_NORMAL, Double.MAX_VALUE, -Double.MAX_VALUE, -0.0, 1e-300, 3.5};
        for (int i = 0; i < 20_000; i++) {
            double v = i < extremes.length ? extremes[i] : Double.longBitsToDouble(random.nextLong());
            if (!Double.isFinite(v)) {
                continue;
            }
            (i % 2 == 0 ? left : right).add(v);
            want = want.add(new BigDecimal(v));
        }
        left.add(right);
        assertEquals(want.stripTrailingZeros(), left.total());
    }

    @Test
    void aDoubleTimesACountIsExact() {
        ExactSum sum = new ExactSum();
        sum.addProduct(Double.MAX_VALUE, Long.MAX_VALUE);
        sum.addProduct(-Double.MIN_VALUE, 3);
        sum.addProduct(0.1, 1L << 62);
        BigDecimal want = new BigDecimal(Double.MAX_VALUE).multiply(BigDecimal.valueOf(Long.MAX_VALUE))
                .subtract(new BigDecimal(Double.MIN_VALUE).multiply(BigDecimal.valueOf(3)))
                .add(new BigDecimal(0.1).multiply(BigDecimal.valueOf(1L << 62)));
        assertEquals(want.stripTrailingZeros(), sum.total());
        sum.addProduct(-Double.MAX_VALUE, Long.MAX_VALUE);
        sum.addProduct(Double.MIN_VALUE, 3);
        sum.addProduct(-0.1, 1L << 62);
        assertEquals(BigDecimal.ZERO, sum.total().stripTrailingZeros().abs());
    }

    @Test
    void int128HoldsProductsAndCarriesOfUnsignedAndSignedLongs() {
        Int128 sum = new Int128();
        sum.addProduct(Long.MAX_VALUE, -1L, true);          // (2^63 - 1) * (2^64 - 1)
        sum.addProduct(Long.MAX_VALUE, Long.MIN_VALUE, false);
        sum.addHalves(Integer.MIN_VALUE * 3L, 0xFFFF_FFFFL * 5);
        sum.add(-1);
        BigInteger two64 = BigInteger.ONE.shiftLeft(64);
        BigInteger want = BigInteger.valueOf(Long.MAX_VALUE).multiply(two64.subtract(BigInteger.ONE))
                .add(BigInteger.valueOf(Long.MAX_VALUE).multiply(BigInteger.valueOf(Long.MIN_VALUE)))
                .add(BigInteger.valueOf(Integer.MIN_VALUE * 3L).shiftLeft(32)).add(BigInteger.valueOf(0xFFFF_FFFFL * 5)).subtract(BigInteger.ONE);
        assertEquals(want, sum.toBigInteger());
    }
}
