package dev.stride.cli;

import dev.stride.model.TimeType;

import java.math.BigInteger;
import java.time.DateTimeException;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.Year;
import java.time.YearMonth;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Map;

/**
 * numpy.datetime64 values as ISO 8601 at their unit's precision, a time of day marked UTC with {@code Z}
 * ({@code 2026-01-01} for days, {@code 2026-01-01T00:01:30.250Z} for milliseconds); timedelta64 as a count and unit
 * ({@code 90 s}). The generic unit, and datetimes beyond what java.time holds, stay counts. Every command prints times
 * so.
 */
final class TimeText {
    private static final LocalDateTime EPOCH = LocalDateTime.of(1970, 1, 1, 0, 0);
    private static final DateTimeFormatter HOURS = DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH");
    private static final DateTimeFormatter MINUTES = DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm");
    private static final DateTimeFormatter SECONDS = DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss");
    private static final Map<String, Integer> FRACTION_DIGITS = Map.of(
            "s", 0, "ms", 3, "us", 6, "μs", 6, "ns", 9, "ps", 12, "fs", 15, "as", 18);

    private TimeText() {
    }

    static String of(TimeType type, long count) {
        if (count == TimeType.NAT) {
            return "NaT";
        }
        BigInteger units = BigInteger.valueOf(count).multiply(BigInteger.valueOf(type.scaleFactor()));
        if (type.unit().equals("generic")) {
            return units.toString();
        }
        if (!type.datetime()) {
            return units + " " + type.unit();
        }
        try {
            return datetime(type.unit(), units.longValueExact());
        } catch (ArithmeticException | DateTimeException e) {
            return units + " " + type.unit() + " after 1970-01-01";
        }
    }

    private static String datetime(String unit, long n) {
        return switch (unit) {
            case "Y" -> Year.of(Math.toIntExact(Math.addExact(1970, n))).toString();
            case "M" -> YearMonth.of(1970, 1).plusMonths(n).toString();
            case "W" -> LocalDate.EPOCH.plusWeeks(n).toString();
            case "D" -> LocalDate.EPOCH.plusDays(n).toString();
            case "h" -> EPOCH.plusHours(n).format(HOURS) + "Z";
            case "m" -> EPOCH.plusMinutes(n).format(MINUTES) + "Z";
            default -> seconds(n, FRACTION_DIGITS.get(unit)) + "Z";
        };
    }

    /** {@code n} units of 10^-digits seconds: whole seconds as a date and time, the rest as exact fraction digits. */
    private static String seconds(long n, int digits) {
        long perSecond = BigInteger.TEN.pow(digits).longValueExact();
        String text = LocalDateTime.ofEpochSecond(Math.floorDiv(n, perSecond), 0, ZoneOffset.UTC).format(SECONDS);
        return digits == 0 ? text : text + "." + String.format("%0" + digits + "d", Math.floorMod(n, perSecond));
    }
}
