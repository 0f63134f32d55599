package dev.stride.internal.base;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;

/**
 * The shortest decimal of a float16 in its own precision (0.1, not float32's 0.099975586). A candidate must lie inside
 * the float16's rounding interval: strictly, or on an end when ties round to this float16 (an even one). The ends are
 * exact in binary, so a reader that parses the decimal as a double, a float or a float16 gets the same float16 back.
 */
public final class Float16Decimal {
    /** Halfway between the largest float16 (65504) and the next step up: from here on values round to infinity. */
    private static final BigDecimal OVERFLOW = BigDecimal.valueOf(65520);
    private static final BigDecimal TWO = BigDecimal.valueOf(2);
    private static final BigDecimal PLAIN_FROM = new BigDecimal("0.001");

    private Float16Decimal() {
    }

    /** A finite, non-zero float16's shortest decimal, in {@link Float#toString} style ({@code 0.1}, {@code 6.0E-8}). */
    public static String of(short bits) {
        int magnitude = bits & 0x7fff;
        BigDecimal x = new BigDecimal(Float.float16ToFloat((short) magnitude));
        BigDecimal low = x.add(new BigDecimal(Float.float16ToFloat((short) (magnitude - 1)))).divide(TWO);
        BigDecimal high = magnitude == 0x7bff ? OVERFLOW
                : x.add(new BigDecimal(Float.float16ToFloat((short) (magnitude + 1)))).divide(TWO);
        boolean tiesHere = (magnitude & 1) == 0;
        for (int digits = 1; ; digits++) {
            // the interval holds x, so if some decimal of this many digits is inside it, x's floor or ceiling is
            BigDecimal down = x.round(new MathContext(digits, RoundingMode.FLOOR));
            BigDecimal up = x.round(new MathContext(digits, RoundingMode.CEILING));
            boolean downInside = inside(down, low, high, tiesHere);
            boolean upInside = inside(up, low, high, tiesHere);
            if (downInside || upInside) {
                boolean downCloser = x.subtract(down).compareTo(up.subtract(x)) <= 0;
                BigDecimal best = downInside && (!upInside || downCloser) ? down : up;
                return (bits < 0 ? "-" : "") + format(best.stripTrailingZeros());
            }
        }
    }

    private static boolean inside(BigDecimal d, BigDecimal low, BigDecimal high, boolean tiesHere) {
        int fromLow = d.compareTo(low);
        int fromHigh = d.compareTo(high);
        return (fromLow > 0 && fromHigh < 0) || (tiesHere && (fromLow == 0 || fromHigh == 0));
    }

    private static String format(BigDecimal d) {
        if (d.compareTo(PLAIN_FROM) >= 0) {
            String plain = d.toPlainString();
            return plain.contains(".") ? plain : plain + ".0";
        }
        String digits = d.unscaledValue().toString();
        int exponent = digits.length() - 1 - d.scale();
        return digits.charAt(0) + "." + (digits.length() > 1 ? digits.substring(1) : "0") + "E" + exponent;
    }
}
