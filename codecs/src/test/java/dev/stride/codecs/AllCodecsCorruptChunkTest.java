package dev.stride.codecs;

import dev.stride.robust.Chain;
import dev.stride.robust.ChunkFixture;
import dev.stride.robust.CorruptChunkTest;
import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The corrupt-chunk cases through the zstd and blosc chains (blosc on the engine in use), plus their size lies where
 * no exact size is expected: after a shard, a frame or header claiming more than the largest shard is refused unallocated.
 */
class AllCodecsCorruptChunkTest extends CorruptChunkTest {
    @Override
    protected List<Chain> chains() {
        return Stream.of(Chain.core(), CodecChains.zstdChains(), CodecChains.bloscChains()).flatMap(List::stream).toList();
    }

    @Test
    void aZstdFrameAfterAShardMayNotClaimMoreThanItsBytesCanHold() {
        // a shard has no size bound (gaps between inner chunks are allowed): the frame's own bytes bound what it may claim
        ChunkFixture f = fixture(chain("whole shard then zstd"));
        // magic, a single-segment header with an 8-byte content size of 2^31 - 1, one raw block of 100 bytes
        ByteBuffer frame = ByteBuffer.allocate(4 + 1 + 8 + 3 + 100).order(ByteOrder.LITTLE_ENDIAN);
        frame.putInt(0xFD2FB528).put((byte) 0xe0).putLong(Integer.MAX_VALUE);
        int block = 1 | 100 << 3;
        frame.put((byte) block).put((byte) (block >> 8)).put((byte) (block >> 16));
        byte[] lying = frame.array();
        String m = assertCorrupt(f, lying).getMessage();
        assertTrue(m.contains("frame header says 2147483647 decoded bytes, more than 116 encoded bytes can hold (at most 32768 per byte)"), m);
        assertDecodesCheaply(f, lying);
    }

    @Test
    void aBloscHeaderAfterAShardMayNotClaimMoreThanItsBytesCanHold() {
        ChunkFixture f = fixture(chain("whole shard then blosc"));
        byte[] chunk = f.valid();
        // an lz4 chunk (not stored) of one block of 1.5 GiB, whose offset lies right after the header
        chunk[2] = 0x20;
        ByteBuffer.wrap(chunk).order(ByteOrder.LITTLE_ENDIAN).putInt(4, 3 << 29).putInt(8, 3 << 29).putInt(16, 20);
        String m = assertCorrupt(f, chunk).getMessage();
        assertTrue(m.contains("header says 1610612736 decoded bytes, more than 436 encoded bytes can hold (at most 32768 per byte)"), m);
        assertDecodesCheaply(f, chunk);
    }

    private Chain chain(String name) {
        return chains().stream().filter(c -> c.name().equals(name)).findFirst().orElseThrow();
    }
}
