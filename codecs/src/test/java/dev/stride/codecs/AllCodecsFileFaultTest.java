package dev.stride.codecs;

import dev.stride.robust.Chain;
import dev.stride.robust.FileFaultTest;

import java.util.List;
import java.util.stream.Stream;

/** Chunks truncated while mapped, with zstd and blosc too: native decoders must never see a mapping that can fault. */
class AllCodecsFileFaultTest extends FileFaultTest {
    @Override
    protected List<Chain> chains() {
        return Stream.of(CodecChains.zstdChains(), CodecChains.bloscChains()).flatMap(List::stream).toList();
    }
}
