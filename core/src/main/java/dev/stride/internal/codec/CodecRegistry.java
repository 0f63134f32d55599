package dev.stride.internal.codec;

import dev.stride.model.Extension;
import dev.stride.model.ZarrException;
import dev.stride.spi.ArrayToArrayCodec;
import dev.stride.spi.ArrayToBytesCodec;
import dev.stride.spi.BytesToBytesCodec;
import dev.stride.spi.ChunkSpec;
import dev.stride.spi.Codec;
import dev.stride.spi.CodecConfig;
import dev.stride.spi.CodecProvider;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.Set;

/** The codecs Stride knows: those of core plus every {@link CodecProvider} on the class path. */
public final class CodecRegistry {
    private static final CodecRegistry DEFAULT = new CodecRegistry(load());

    private final Map<String, CodecProvider> providers;

    public CodecRegistry(List<CodecProvider> providers) {
        Map<String, CodecProvider> byName = new LinkedHashMap<>();
        for (CodecProvider p : providers) {
            for (String name : p.names()) {
                byName.putIfAbsent(name, p);
            }
        }
        this.providers = Map.copyOf(byName);
    }

    private static List<CodecProvider> load() {
        List<CodecProvider> all = new ArrayList<>();
        all.add(new CoreCodecs());
        ServiceLoader.load(CodecProvider.class, CodecRegistry.class.getClassLoader()).forEach(all::add);
        return all;
    }

    public static CodecRegistry defaults() {
        return DEFAULT;
    }

    public Set<String> names() {
        Set<String> all = new java.util.TreeSet<>(providers.keySet());
        all.add(ShardingCodec.NAME);
        return all;
    }

    /** Builds and checks a codec chain: array->array codecs, exactly one array->bytes codec, bytes->bytes codecs. */
    public CodecPipeline pipeline(String node, List<Extension> codecs, ChunkSpec spec, String listPointer) {
        List<ArrayToArrayCodec> arrayCodecs = new ArrayList<>();
        ArrayToBytesCodec bytesCodec = null;
        List<BytesToBytesCodec> byteCodecs = new ArrayList<>();
        ChunkSpec current = spec;
        for (Extension ext : codecs) {
            Codec codec = create(node, ext, current);
            switch (codec) {
                case ArrayToArrayCodec a -> {
                    if (bytesCodec != null) {
                        throw order(node, ext, "array->array codec '" + ext.name() + "' comes after the array->bytes codec");
                    }
                    arrayCodecs.add(a);
                    current = a.encodedSpec();
                }
                case ArrayToBytesCodec b -> {
                    if (bytesCodec != null) {
                        throw order(node, ext, "a second array->bytes codec '" + ext.name() + "'");
                    }
                    bytesCodec = b;
                }
                case BytesToBytesCodec b -> {
                    if (bytesCodec == null) {
                        throw order(node, ext, "bytes->bytes codec '" + ext.name() + "' comes before the array->bytes codec");
                    }
                    byteCodecs.add(b);
                }
            }
        }
        if (bytesCodec == null) {
            throw new ZarrException.InvalidMetadata(node, listPointer, "the codecs have no array->bytes codec (such as 'bytes')");
        }
        return new CodecPipeline(spec, arrayCodecs, bytesCodec, byteCodecs);
    }

    private static ZarrException order(String node, Extension ext, String what) {
        return new ZarrException.InvalidMetadata(node, ext.pointer(),
                what + ": codecs must be array->array codecs, exactly one array->bytes codec, then bytes->bytes codecs");
    }

    private Codec create(String node, Extension ext, ChunkSpec input) {
        CodecProvider p = providers.get(ext.name());
        if (p == null && !ext.name().equals(ShardingCodec.NAME)) {
            throw new ZarrException.Unsupported(node, ext.pointer() + "/name", "unknown codec '" + ext.name() + "'"
                    + (ext.name().equals("zstd") || ext.name().equals("blosc") ? " (add the stride-codecs module)" : ""));
        }
        CodecConfig config = new CodecConfig(node, ext);
        // sharding nests whole chains, so it is built here, with this registry, rather than by a provider
        if (ext.name().equals(ShardingCodec.NAME)) {
            return new ShardingCodec(config, input, this);
        }
        try {
            return p.create(config, input);
        } catch (ZarrException e) {
            throw e;
        } catch (RuntimeException e) {
            // a provider from another jar that does not speak the family: its refusal still names the member
            throw new ZarrException.InvalidMetadata(node, ext.configurationPointer(),
                    "codec '" + ext.name() + "' refuses its configuration: " + e, e);
        }
    }
}
