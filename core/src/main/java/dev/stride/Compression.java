package dev.stride;

import dev.stride.model.ArraySpec;
import dev.stride.model.CodecChain;
import dev.stride.model.CoreType;
import dev.stride.model.Json;
import dev.stride.model.ZarrException;

import java.nio.ByteOrder;
import java.util.Locale;
import java.util.Optional;
import java.util.function.LongFunction;

/**
 * How chunk bytes are compressed, as a person spells it: {@code none}, {@code gzip:LEVEL}, {@code zstd:LEVEL} or
 * {@code blosc:CNAME:CLEVEL:SHUFFLE} (the command line's {@code --codec}, the Spark connector's {@code codec} option).
 * Its settings are checked by the codec that will encode them, so the limits (levels, blosc compressor names) are the
 * codecs' own.
 */
public final class Compression {
    /** No compression: chunks are stored as the bytes codec gives them. */
    public static final Compression NONE = new Compression("none", size -> null);
    private static final String FORMS = "none, gzip:LEVEL, zstd:LEVEL or blosc:CNAME:CLEVEL:SHUFFLE";
    /** blosc keeps the element size in one header byte; a larger element is shuffled as single bytes, as c-blosc does. */
    private static final long BLOSC_MAX_TYPESIZE = 255;

    private final String text;
    private final LongFunction<Json.JObject> entry;

    private Compression(String text, LongFunction<Json.JObject> entry) {
        this.text = text;
        this.entry = entry;
    }

    /**
     * The codec entry for elements of {@code elementSize} bytes; empty for none.
     *
     * @param elementSize bytes per element (blosc shuffles by it)
     * @return the codec's entry in a codec chain, or empty for {@code none}
     */
    public Optional<Json.JObject> entry(long elementSize) {
        return Optional.ofNullable(entry.apply(elementSize));
    }

    @Override
    public String toString() {
        return text;
    }

    /**
     * Reads a spelling.
     *
     * @param text {@code none}, {@code gzip:LEVEL}, {@code zstd:LEVEL} or {@code blosc:CNAME:CLEVEL:SHUFFLE}
     * @return the compression it spells
     * @throws IllegalArgumentException saying what is wrong with it
     */
    public static Compression parse(String text) {
        String[] parts = ZarrException.BadRequest.requireNonNull(text, "text").split(":", -1);
        String name = parts[0].toLowerCase(Locale.ROOT);
        Compression c = switch (name) {
            case "none" -> {
                settings(parts, "none");
                yield NONE;
            }
            case "gzip" -> {
                int level = integer(settings(parts, "gzip:LEVEL")[1], "LEVEL");
                yield new Compression(text, size -> CodecChain.gzip(level));
            }
            case "zstd" -> {
                int level = integer(settings(parts, "zstd:LEVEL")[1], "LEVEL");
                yield new Compression(text, size -> CodecChain.zstd(level, false));
            }
            case "blosc" -> {
                String[] s = settings(parts, "blosc:CNAME:CLEVEL:SHUFFLE");
                int clevel = integer(s[2], "CLEVEL");
                CodecChain.Shuffle shuffle = shuffle(s[3]);
                yield new Compression(text, size -> CodecChain.blosc(s[1], clevel, shuffle, size <= BLOSC_MAX_TYPESIZE ? (int) size : 1));
            }
            default -> throw new IllegalArgumentException("'" + text + "' is not " + FORMS);
        };
        c.entry(1).ifPresent(Compression::check);
        return c;
    }

    private static String[] settings(String[] parts, String form) {
        if (parts.length != form.split(":").length) {
            throw new IllegalArgumentException("'" + String.join(":", parts) + "' is not of the form " + form);
        }
        return parts;
    }

    private static int integer(String text, String what) {
        try {
            return Integer.parseInt(text);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(what + " must be an integer, not '" + text + "'");
        }
    }

    private static CodecChain.Shuffle shuffle(String text) {
        try {
            return CodecChain.Shuffle.valueOf(text.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("SHUFFLE must be noshuffle, shuffle or bitshuffle, not '" + text + "'");
        }
    }

    /** Has the codec itself read the entry, so what it refuses is refused now, before anything is written. */
    private static void check(Json.JObject codec) {
        try {
            ZarrWriter.check(ArraySpec.of(CoreType.UINT8, 1).codecs(CodecChain.bytes(ByteOrder.LITTLE_ENDIAN), codec));
        } catch (ZarrException e) {
            String member = e.member() == null ? "" : e.member();
            String setting = member.contains("/configuration/") ? member.substring(member.lastIndexOf('/') + 1) + " " : "";
            throw new IllegalArgumentException(setting + e.reason());
        }
    }
}
