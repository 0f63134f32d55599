package dev.stride.internal.base;

import java.math.BigDecimal;
import java.math.BigInteger;

/**
 * The exact sum of finite doubles: every double is an integer times 2^-1074, so the total is kept as one big integer
 * in 32-bit limbs (each limb a long, with room for 2^31 additions before carries must move up). Adding is a few
 * shifts, so a scan can add each block's partial sum here and the result depends on no order of addition at all.
 * Not thread-safe: each worker keeps its own and they are added at the end.
 */
public final class ExactSum {
    private static final long MASK = 0xFFFF_FFFFL;
    /** Bit 0 of limb 0 is 2^-1074; a double's 53-bit significand times a 63-bit count reaches bit 2045 + 116. */
    private static final int LIMBS = 72;
    private static final int ADDS_BEFORE_CARRY = 1 << 30;
    private static final BigInteger FIVE_TO_1074 = BigInteger.valueOf(5).pow(1074);

    private final long[] limbs = new long[LIMBS];
    private int adds;

    /** Adds a finite double. */
    public void add(double v) {
        addProduct(v, 1);
    }

    /** Adds {@code times} (at least 0) copies of a finite double, exactly. */
    public void addProduct(double v, long times) {
        long bits = Double.doubleToRawLongBits(v);
        int exponent = (int) (bits >>> 52) & 0x7FF;
        long significand = bits & ((1L << 52) - 1);
        if (exponent == 0) {
            exponent = 1;  // subnormal: no hidden bit, the smallest exponent
        } else {
            significand |= 1L << 52;
        }
        long high = Math.unsignedMultiplyHigh(significand, times);
        long low = significand * times;
        int position = exponent - 1;  // bit position of the significand's bit 0 above 2^-1074
        long sign = bits < 0 ? -1 : 1;
        int limb = position >>> 5;
        int shift = position & 31;
        addWord(limb, low & MASK, shift, sign);
        addWord(limb + 1, low >>> 32, shift, sign);
        addWord(limb + 2, high & MASK, shift, sign);
        addWord(limb + 3, high >>> 32, shift, sign);
        if (++adds == ADDS_BEFORE_CARRY) {
            carry();
        }
    }

    /** Adds {@code sign * word * 2^shift} (a 32-bit word, a shift below 32) at limb {@code limb} and the next. */
    private void addWord(int limb, long word, int shift, long sign) {
        long shifted = word << shift;
        limbs[limb] += sign * (shifted & MASK);
        limbs[limb + 1] += sign * (shifted >>> 32);
    }

    public void add(ExactSum other) {
        carry();
        other.carry();
        for (int i = 0; i < LIMBS; i++) {
            limbs[i] += other.limbs[i];
        }
        carry();
    }

    /** Moves each limb's bits above 32 into the next limb, so every limb but the last is in [0, 2^32). */
    private void carry() {
        for (int i = 0; i < LIMBS - 1; i++) {
            long up = limbs[i] >> 32;
            limbs[i] -= up << 32;
            limbs[i + 1] += up;
        }
        adds = 0;
    }

    /** The exact total. */
    public BigDecimal total() {
        carry();
        BigInteger units = BigInteger.ZERO;
        for (int i = LIMBS - 1; i >= 0; i--) {
            units = units.shiftLeft(32).add(BigInteger.valueOf(limbs[i]));
        }
        // units * 2^-1074 = units * 5^1074 / 10^1074
        return new BigDecimal(units.multiply(FIVE_TO_1074), 1074).stripTrailingZeros();
    }
}
