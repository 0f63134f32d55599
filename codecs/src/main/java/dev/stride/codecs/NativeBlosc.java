package dev.stride.codecs;

import dev.stride.spi.DecodeContext;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

/**
 * The system's c-blosc 1.x ({@code libblosc1} on Debian) through FFM downcalls, straight on mapped or off-heap
 * segments. Only the {@code _ctx} entry points are used: they keep no global state, so threads need no lock.
 */
final class NativeBlosc implements BloscEngine {
    /** Names tried in order when {@code stride.blosc.library} does not name the library. */
    private static final List<String> LIBRARY_NAMES = List.of("libblosc.so.1", System.mapLibraryName("blosc"), "libblosc.1.dylib");
    private static final int ONE_THREAD = 1;

    private final String library;
    private final MethodHandle decompress;
    private final MethodHandle compress;
    private final Set<String> compressors;
    private final Map<BloscCompressor, MemorySegment> cnames = new EnumMap<>(BloscCompressor.class);
    private final Object inputCopy = new Object();

    @SuppressWarnings("restricted") // binding libblosc is this class's purpose; the JVM is run with native access enabled
    private NativeBlosc(String library, SymbolLookup lookup) {
        Linker linker = Linker.nativeLinker();
        if (!(linker.canonicalLayouts().get("size_t") instanceof ValueLayout.OfLong)) {
            throw new IllegalStateException("libblosc is used on 64-bit platforms only");
        }
        this.library = library;
        // int blosc_decompress_ctx(const void *src, void *dest, size_t destsize, int numinternalthreads)
        this.decompress = linker.downcallHandle(symbol(lookup, "blosc_decompress_ctx"),
                FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, JAVA_LONG, JAVA_INT));
        // int blosc_compress_ctx(int clevel, int doshuffle, size_t typesize, size_t nbytes, const void *src, void *dest,
        //                        size_t destsize, const char *compressor, size_t blocksize, int numinternalthreads)
        this.compress = linker.downcallHandle(symbol(lookup, "blosc_compress_ctx"),
                FunctionDescriptor.of(JAVA_INT, JAVA_INT, JAVA_INT, JAVA_LONG, JAVA_LONG, ADDRESS, ADDRESS, JAVA_LONG, ADDRESS, JAVA_LONG, JAVA_INT));
        // const char *blosc_list_compressors(void): the compressors this build has, comma separated
        MethodHandle list = linker.downcallHandle(symbol(lookup, "blosc_list_compressors"), FunctionDescriptor.of(ADDRESS));
        try {
            MemorySegment names = (MemorySegment) list.invokeExact();
            this.compressors = Set.copyOf(List.of(names.reinterpret(Long.MAX_VALUE).getString(0).split(",")));
        } catch (Throwable e) {
            throw new IllegalStateException("blosc_list_compressors failed in " + library, e);
        }
        for (BloscCompressor c : BloscCompressor.values()) {
            cnames.put(c, Arena.global().allocateFrom(c.cname));
        }
    }

    /** Opens libblosc: the file named by {@code stride.blosc.library}, else the usual names through the loader's search path. */
    @SuppressWarnings("restricted") // as above: the library lookup
    static NativeBlosc load() {
        String configured = System.getProperty("stride.blosc.library");
        List<String> candidates = configured == null ? LIBRARY_NAMES : List.of(configured);
        List<String> failures = new ArrayList<>();
        for (String name : candidates) {
            SymbolLookup lookup;
            try {
                lookup = SymbolLookup.libraryLookup(name, Arena.global());
            } catch (IllegalArgumentException e) {
                failures.add(name);
                continue;
            } catch (IllegalCallerException e) {
                throw new IllegalStateException("native access is denied: run java with --enable-native-access=ALL-UNNAMED", e);
            }
            return new NativeBlosc(name, lookup);
        }
        throw new IllegalStateException("no libblosc found (tried " + String.join(", ", failures) + "; install libblosc1)");
    }

    private static MemorySegment symbol(SymbolLookup lookup, String name) {
        return lookup.find(name).orElseThrow(() -> new IllegalStateException("libblosc has no " + name + ": not c-blosc 1.x"));
    }

    @Override
    public String describe() {
        return "libblosc (" + library + ")";
    }

    @Override
    public boolean decodes(int format) {
        for (BloscCompressor c : BloscCompressor.values()) {
            if (c.format == format && compressors.contains(c.cname)) {
                return true;
            }
        }
        return false;
    }

    @Override
    public boolean encodes(BloscCompressor compressor) {
        return compressors.contains(compressor.cname);
    }

    @Override
    public void decompress(MemorySegment chunk, MemorySegment out, DecodeContext ctx) {
        MemorySegment src = NativeInput.of(chunk, inputCopy, ctx);
        int decoded;
        try {
            decoded = (int) decompress.invokeExact(src, out, out.byteSize(), ONE_THREAD);
        } catch (RuntimeException | Error e) {
            throw e; // a segment closed under the call: the reader tells a closed array from a bad chunk
        } catch (Throwable e) {
            throw ctx.corrupt("blosc: blosc_decompress_ctx failed: " + e, e);
        }
        if (decoded != out.byteSize()) {
            throw ctx.corrupt(decoded < 0
                    ? "blosc: libblosc cannot decompress the chunk (error " + decoded + ")"
                    : "blosc: decodes to " + decoded + " bytes, expected " + out.byteSize());
        }
    }

    @Override
    public long compress(BloscSettings s, MemorySegment in, MemorySegment out, DecodeContext ctx) {
        MemorySegment src = NativeInput.of(in, inputCopy, ctx);
        int written;
        try {
            written = (int) compress.invokeExact(s.clevel(), s.shuffle(), (long) s.typesize(), src.byteSize(), src, out, out.byteSize(),
                    cnames.get(s.cname()), (long) s.blocksize(), ONE_THREAD);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable e) {
            throw ctx.unwritable("blosc: blosc_compress_ctx failed: " + e, e);
        }
        if (written <= 0) {
            throw ctx.unwritable("blosc: blosc_compress_ctx failed (" + written + ") on " + src.byteSize() + " bytes with " + s, null);
        }
        return written;
    }
}
