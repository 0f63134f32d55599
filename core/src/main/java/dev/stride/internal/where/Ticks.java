package dev.stride.internal.where;

import dev.stride.model.TimeType;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.Map;

/**
 * An instant as a count of a datetime64 type's ticks: exact when it falls on a tick, else the tick before it plus a
 * half, which compares with every whole count as the instant itself does.
 */
final class Ticks {
    private static final BigInteger ATTO_PER_NANO = BigInteger.valueOf(1_000_000_000L);
    /** Attoseconds in each unit of fixed length: every numpy unit finer than a month is a whole number of them. */
    private static final Map<String, BigInteger> ATTOSECONDS = Map.ofEntries(
            Map.entry("W", BigInteger.valueOf(604_800L).multiply(BigInteger.TEN.pow(18))),
            Map.entry("D", BigInteger.valueOf(86_400L).multiply(BigInteger.TEN.pow(18))),
            Map.entry("h", BigInteger.valueOf(3_600L).multiply(BigInteger.TEN.pow(18))),
            Map.entry("m", BigInteger.valueOf(60L).multiply(BigInteger.TEN.pow(18))),
            Map.entry("s", BigInteger.TEN.pow(18)),
            Map.entry("ms", BigInteger.TEN.pow(15)),
            Map.entry("us", BigInteger.TEN.pow(12)),
            Map.entry("μs", BigInteger.TEN.pow(12)),
            Map.entry("ns", BigInteger.TEN.pow(9)),
            Map.entry("ps", BigInteger.TEN.pow(6)),
            Map.entry("fs", BigInteger.TEN.pow(3)),
            Map.entry("as", BigInteger.ONE));
    private static final BigDecimal HALF = new BigDecimal("0.5");

    private Ticks() {
    }

    /** The instant on the type's scale: whole when it is a tick, else between the ticks around it. */
    static BigDecimal of(Instant instant, TimeType type) {
        BigInteger units;
        boolean exact;
        switch (type.unit()) {
            case "Y", "M" -> {
                LocalDateTime t = LocalDateTime.ofInstant(instant, ZoneOffset.UTC);
                boolean years = type.unit().equals("Y");
                long n = years ? t.getYear() - 1970L : (t.getYear() - 1970L) * 12 + t.getMonthValue() - 1;
                LocalDateTime start = LocalDateTime.of(t.getYear(), years ? 1 : t.getMonthValue(), 1, 0, 0);
                units = BigInteger.valueOf(n);
                exact = t.equals(start);
            }
            default -> {
                BigInteger atto = BigInteger.valueOf(instant.getEpochSecond()).multiply(ATTO_PER_NANO.multiply(ATTO_PER_NANO))
                        .add(BigInteger.valueOf(instant.getNano()).multiply(ATTO_PER_NANO));
                BigInteger[] qr = floorDivRem(atto, ATTOSECONDS.get(type.unit()));
                units = qr[0];
                exact = qr[1].signum() == 0;
            }
        }
        BigInteger[] qr = floorDivRem(units, BigInteger.valueOf(type.scaleFactor()));
        BigDecimal ticks = new BigDecimal(qr[0]);
        return exact && qr[1].signum() == 0 ? ticks : ticks.add(HALF);
    }

    private static BigInteger[] floorDivRem(BigInteger a, BigInteger b) {
        BigInteger[] qr = a.divideAndRemainder(b);
        if (qr[1].signum() < 0) {
            qr[0] = qr[0].subtract(BigInteger.ONE);
            qr[1] = qr[1].add(b);
        }
        return qr;
    }
}
