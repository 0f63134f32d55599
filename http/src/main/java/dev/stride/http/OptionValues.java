package dev.stride.http;

import dev.stride.model.ZarrException;
import dev.stride.spi.StoreDescriptor;

import java.math.BigDecimal;
import java.time.Duration;

/** The option values of one descriptor, each refused with its name and value when malformed. */
record OptionValues(StoreDescriptor where) {

    long integer(String name, long otherwise, long max) {
        return integer(name, otherwise, Long.MIN_VALUE, max);
    }

    /** A whole number from {@code min} to {@code max}, or {@code otherwise} when the option is not given. */
    long integer(String name, long otherwise, long min, long max) {
        String text = where.option(name, null);
        if (text == null) {
            return otherwise;
        }
        try {
            long n = Long.parseLong(text.strip());
            if (n >= min && n <= max) {
                return n;
            }
        } catch (NumberFormatException e) {
            // refused below with the option named
        }
        throw bad(name, text, min == Long.MIN_VALUE ? "a whole number up to " + max : "a whole number from " + min + " to " + max);
    }

    Duration seconds(String name, Duration otherwise) {
        String text = where.option(name, null);
        if (text == null) {
            return otherwise;
        }
        try {
            BigDecimal s = new BigDecimal(text.strip());
            if (s.signum() >= 0 && s.compareTo(BigDecimal.valueOf(Long.MAX_VALUE / 1_000_000_000L)) <= 0) {
                return Duration.ofNanos(s.movePointRight(9).longValue());
            }
        } catch (NumberFormatException e) {
            // refused below with the option named
        }
        throw bad(name, text, "a number of seconds (e.g. 30 or 0.5)");
    }

    boolean bool(String name, boolean otherwise) {
        String text = where.option(name, null);
        if (text == null) {
            return otherwise;
        }
        return switch (text.strip()) {
            case "true" -> true;
            case "false" -> false;
            default -> throw bad(name, text, "true or false");
        };
    }

    private ZarrException bad(String name, String text, String wanted) {
        return new ZarrException.BadRequest(null, "the option " + name + "=" + text + " of " + where.uri() + " is not " + wanted);
    }
}
