package dev.stride.testing;

import dev.stride.ArrayWriter;
import dev.stride.ZarrWriter;
import dev.stride.model.ArraySpec;
import dev.stride.model.CodecChain;
import dev.stride.model.CodecChain.IndexLocation;
import dev.stride.model.CoreType;
import dev.stride.model.Region;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.LongStream;
import java.util.stream.Stream;

/**
 * Two versions of one shard of the same size and the same records, {@code 0..N-1} as int64: the writer's, its inner
 * chunks in order, and one with them stored in the reverse order (index and crc32c rewritten). A reader that takes the
 * index of one and the inner chunks of the other reads the records of another inner chunk: the first inner chunk's
 * records sum to {@link #FIRST_SUM} only when read from one version.
 */
public final class ShardVersions {
    public static final long N = 1 << 14;
    public static final int INNER = 1024;
    /** The array's path in the hierarchy, and the key of its one shard. */
    public static final String ARRAY = "/versions";
    public static final String SHARD_KEY = "versions/c/0";
    /** The first inner chunk: records {@code 0..INNER-1}. */
    public static final Region FIRST = new Region(new long[] {0}, new long[] {INNER});
    public static final BigInteger FIRST_SUM = BigInteger.valueOf((long) INNER * (INNER - 1) / 2);

    private ShardVersions() {
    }

    /** Writes the hierarchy under {@code root} (version one in the shard) and gives each file's key and bytes. */
    public static Map<String, byte[]> write(Path root) {
        try (ZarrWriter out = ZarrWriter.open(root)) {
            ArrayWriter a = out.createArray(ARRAY, ArraySpec.of(CoreType.INT64, N).chunks(N).codecs(
                    CodecChain.sharding(new long[] {INNER}, IndexLocation.END, CodecChain.bytes(ByteOrder.LITTLE_ENDIAN))));
            a.write(Region.all(new long[] {N}), Map.of("", LongStream.range(0, N).toArray()));
            a.commit();
        }
        Map<String, byte[]> files = new TreeMap<>();
        try (Stream<Path> all = Files.walk(root)) {
            for (Path p : all.filter(Files::isRegularFile).toList()) {
                files.put(root.relativize(p).toString().replace('\\', '/'), Files.readAllBytes(p));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return files;
    }

    /** The shard of the other version: the same inner chunks stored last first. */
    public static byte[] reordered() {
        int inner = (int) (N / INNER);
        Shard shard = new Shard(inner);
        for (int i = inner - 1; i >= 0; i--) {
            ByteBuffer chunk = ByteBuffer.allocate(INNER * 8).order(ByteOrder.LITTLE_ENDIAN);
            for (long v = (long) i * INNER; v < (long) (i + 1) * INNER; v++) {
                chunk.putLong(v);
            }
            shard.put(i, chunk.array());
        }
        return shard.bytes();
    }
}
