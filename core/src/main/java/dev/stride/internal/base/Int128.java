package dev.stride.internal.base;

import java.math.BigInteger;

/**
 * A signed 128-bit running total, two's complement in two longs: holds the exact sum of up to 2^63 values of 64 bits
 * (signed or unsigned), which a long cannot. Not thread-safe: each worker keeps its own and they are added at the end.
 */
public final class Int128 {
    private long hi;
    private long lo;

    /** Adds the 128-bit value {@code (addHi, addLo)}. */
    public void add(long addHi, long addLo) {
        long sum = lo + addLo;
        hi += addHi + (Long.compareUnsigned(sum, lo) < 0 ? 1 : 0);
        lo = sum;
    }

    /** Adds a signed long. */
    public void add(long v) {
        add(v >> 63, v);
    }

    /** Adds {@code high * 2^32 + low} for signed longs: the halves a kernel sums separately so neither overflows. */
    public void addHalves(long high, long low) {
        add(high >> 32, high << 32);
        add(low);
    }

    /** Adds {@code times} (at least 0) copies of {@code v}, read as unsigned when {@code unsigned}. */
    public void addProduct(long times, long v, boolean unsigned) {
        add(unsigned ? Math.unsignedMultiplyHigh(times, v) : Math.multiplyHigh(times, v), times * v);
    }

    public void add(Int128 other) {
        add(other.hi, other.lo);
    }

    public BigInteger toBigInteger() {
        return BigInteger.valueOf(hi).shiftLeft(64).add(new BigInteger(Long.toUnsignedString(lo)));
    }
}
