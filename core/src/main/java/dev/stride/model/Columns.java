package dev.stride.model;

import java.math.BigInteger;
import java.util.Arrays;
import java.util.Objects;

/** Checks shared by the column records. */
final class Columns {
    private Columns() {
    }

    /** Refuses a column record of a type it does not hold, or without values. */
    static void require(CoreType type, Object values, CoreType... allowed) {
        Objects.requireNonNull(values, "values");
        if (!Arrays.asList(allowed).contains(type)) {
            throw new ZarrException.BadRequest(null, "a column of " + Arrays.toString(allowed) + " cannot be of type " + type);
        }
    }

    /** The value of uint64 bits: 0..2^64-1. */
    static BigInteger unsigned(long bits) {
        return bits >= 0 ? BigInteger.valueOf(bits) : BigInteger.valueOf(bits).add(BigInteger.ONE.shiftLeft(64));
    }
}
