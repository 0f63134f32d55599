package dev.stride.dtype;

import java.util.Set;
import java.util.function.BiConsumer;

/**
 * {@code numpy.datetime64} and {@code numpy.timedelta64}: an int64 count of {@code scaleFactor} units,
 * where {@link #NAT} (the smallest int64) means "not a time".
 */
public record TimeType(boolean datetime, String unit, long scaleFactor) implements DataType {
    public static final long NAT = Long.MIN_VALUE;
    public static final Set<String> UNITS = Set.of("Y", "M", "W", "D", "h", "m", "s", "ms", "us", "μs", "ns", "ps", "fs", "as", "generic");

    public String name() {
        return datetime ? "numpy.datetime64" : "numpy.timedelta64";
    }

    @Override
    public int byteSize() {
        return 8;
    }

    @Override
    public String describe() {
        return name() + "[" + (scaleFactor == 1 ? "" : scaleFactor) + unit + "]";
    }

    @Override
    public void forEachSwapUnit(long offset, BiConsumer<Long, Integer> unit) {
        unit.accept(offset, 8);
    }
}
