package dev.stride.codecs;

import dev.stride.model.Json;
import dev.stride.model.ZarrException;
import dev.stride.spi.CodecConfig;
import dev.stride.spi.DecodeContext;
import org.tukaani.xz.LZMA2Options;
import org.tukaani.xz.LZMAInputStream;
import org.tukaani.xz.LZMAOutputStream;
import org.tukaani.xz.UnsupportedOptionsException;
import org.tukaani.xz.XZ;
import org.tukaani.xz.XZInputStream;
import org.tukaani.xz.XZOutputStream;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * {@code numcodecs.lzma}: Python's {@code lzma} module through xz-java, in its {@code .xz} format (format 1, the
 * default; concatenated streams and any filter chain xz-java knows decode) or the legacy {@code .lzma} one (format 2).
 * Raw streams (format 3) carry no header, so their filters would have to be rebuilt from the configuration: refused.
 */
final class LzmaCodec extends StreamCodec {
    private static final int FORMAT_XZ = 1;
    private static final int FORMAT_ALONE = 2;
    private static final int CHECK_DEFAULT = -1;
    private static final int PRESET_DEFAULT = 6;
    /** liblzma's flag for the slower "extreme" variant of a preset; xz-java has no such variant. */
    private static final long PRESET_EXTREME = 0x80000000L;
    /**
     * The decoder's heap for the dictionary its header asks for, in KiB: preset 9's 64 MiB and some room, so a header
     * that claims a larger dictionary is refused instead of allocating it.
     */
    private static final int MEMORY_LIMIT_KIB = 80 << 10;

    private final int format;
    private final int check;
    private final Json preset;
    private final Json filters;
    private final String filtersPointer;

    LzmaCodec(CodecConfig config) {
        super("lzma");
        config.allowOnly("format", "check", "preset", "filters");
        this.format = (int) config.integer("format", 0, 3, (long) FORMAT_XZ);
        if (format != FORMAT_XZ && format != FORMAT_ALONE) {
            throw new ZarrException.Unsupported(config.node(), config.member("format"), "lzma format " + format
                    + (format == 0 ? " (FORMAT_AUTO) is for decoding only" : " (FORMAT_RAW) has no header to decode it by")
                    + "; formats 1 (FORMAT_XZ) and 2 (FORMAT_ALONE) are supported");
        }
        this.check = (int) config.integer("check", -1, 16, (long) CHECK_DEFAULT);
        if (check != CHECK_DEFAULT && check != XZ.CHECK_NONE && check != XZ.CHECK_CRC32 && check != XZ.CHECK_CRC64
                && check != XZ.CHECK_SHA256 || format == FORMAT_ALONE && check != CHECK_DEFAULT && check != XZ.CHECK_NONE) {
            throw config.invalid("check", "must be -1 (the default), 0 (none), 1 (CRC32), 4 (CRC64) or 10 (SHA-256); "
                    + "FORMAT_ALONE has no check");
        }
        this.preset = nullable(config, "preset");
        if (preset != Json.JNull.NULL) {
            long p = config.integerValue(preset, "preset", 0, PRESET_EXTREME | 9);
            if ((p & ~PRESET_EXTREME) > 9) {
                throw config.invalid("preset", "must be 0 to 9, with or without PRESET_EXTREME (0x80000000)");
            }
        }
        this.filters = nullable(config, "filters");
        if (filters != Json.JNull.NULL && !(filters instanceof Json.JArray)) {
            throw config.invalid("filters", "must be null or a list of filters");
        }
        if (filters != Json.JNull.NULL && preset != Json.JNull.NULL) {
            throw config.invalid("preset", "must be null when filters are given");
        }
        this.filtersPointer = config.member("filters");
    }

    private static Json nullable(CodecConfig config, String name) {
        return config.has(name) ? config.configuration().get(name) : Json.JNull.NULL;
    }

    @Override
    public Json.JObject configuration() {
        Map<String, Json> members = new LinkedHashMap<>();
        members.put("format", Json.number(format));
        members.put("check", Json.number(check));
        members.put("preset", preset);
        members.put("filters", filters);
        return new Json.JObject(members);
    }

    @Override
    InputStream decoder(InputStream encoded, DecodeContext ctx) throws IOException {
        return format == FORMAT_XZ ? new XZInputStream(encoded, MEMORY_LIMIT_KIB) : new LZMAInputStream(encoded, MEMORY_LIMIT_KIB);
    }

    @Override
    OutputStream encoder(OutputStream out, DecodeContext ctx) throws IOException {
        if (filters != Json.JNull.NULL) {
            throw new ZarrException.Unsupported(ctx.node(), filtersPointer, "lzma: writing with a custom filter chain is not supported "
                    + "(reading is); use a preset");
        }
        LZMA2Options options;
        try {
            options = new LZMA2Options(preset == Json.JNull.NULL ? PRESET_DEFAULT
                    : (int) (((Json.JNumber) preset).bigInteger().longValue() & ~PRESET_EXTREME));
        } catch (UnsupportedOptionsException e) {
            throw new IllegalStateException(e);
        }
        if (format == FORMAT_ALONE) {
            return new LZMAOutputStream(out, options, -1);
        }
        return new XZOutputStream(out, options, check == CHECK_DEFAULT ? XZ.CHECK_CRC64 : check);
    }

    /**
     * Stored data at worst: LZMA2 chunks of up to 64 KiB uncompressed with a 3-byte header each (xz), LZMA1's few
     * bits per literal beyond a byte (.lzma), and the headers, index and padding of a stream.
     */
    @Override
    public long maxEncodedSize(long n) {
        return n + (format == FORMAT_XZ ? n >> 10 : n >> 5) + 4096;
    }
}
