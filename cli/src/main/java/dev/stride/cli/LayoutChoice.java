package dev.stride.cli;

import dev.stride.Compression;
import picocli.CommandLine.Option;

import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.function.Function;

/**
 * How copy stores each array: the options a {@link TargetLayout} is made of (chunk and shard shapes, compression,
 * crc32c, byte order, and how record types are written), as a picocli mixin.
 */
final class LayoutChoice {
    @Option(names = "--chunks", split = ",", paramLabel = "N",
            description = "Chunk shape, such as 65536 or 100,20; fewer sizes than dimensions set the leading ones.")
    long[] chunks;

    @Option(names = "--shards", split = ",", paramLabel = "N",
            description = "Store the chunks in shards of this shape, a multiple of the chunk shape.")
    long[] shards;

    @Option(names = "--codec", paramLabel = "CODEC", converter = CompressionConverter.class,
            description = "Compression: none (the default), gzip:LEVEL, zstd:LEVEL or blosc:CNAME:CLEVEL:SHUFFLE"
                    + " (zstd:3, blosc:lz4:5:shuffle; SHUFFLE is noshuffle, shuffle or bitshuffle).")
    Compression codec = Compression.NONE;

    @Option(names = "--crc32c", description = "Add a crc32c checksum to every chunk.")
    boolean crc32c;

    @Option(names = "--endian", paramLabel = "ORDER", description = "Byte order of the stored values: little (the default) or big.")
    Endian endian = Endian.LITTLE;

    @Option(names = "--struct-name", paramLabel = "NAME", description = "How record types are spelled: struct (the"
            + " default, the Zarr v3 struct data type) or structured, the legacy name, with [name, type] fields, a base64"
            + " fill value and a bytes codec without endian (records little-endian), for readers that know no struct"
            + " (zarr-python 3.0 and 3.1).")
    StructName structName = StructName.STRUCT;

    @Option(names = "--flatten-shaped", description = "Store each shaped struct field (numpy's ('pos', '<f4', (3,)),"
            + " which a Zarr v3 struct cannot hold) as one field per element in C order, named by its index: pos[0],"
            + " pos[1], pos[2]; grid[0][0], grid[0][1], ... for a shape of (2, 3). A name another field already has is"
            + " refused. Without this option a shaped field is refused.")
    boolean flattenShaped;

    enum Endian {
        LITTLE, BIG;

        ByteOrder order() {
            return this == BIG ? ByteOrder.BIG_ENDIAN : ByteOrder.LITTLE_ENDIAN;
        }
    }

    /** The names a record type can be written under. */
    enum StructName {
        STRUCT, STRUCTURED
    }

    /**
     * The layout the options give; {@code usage} turns a message into the command's usage error, for a shape with a
     * size below 1 and for a legacy struct asked to be big-endian.
     */
    TargetLayout layout(Function<String, RuntimeException> usage) {
        for (long[] shape : new long[][] {chunks, shards}) {
            if (shape != null && Arrays.stream(shape).anyMatch(s -> s < 1)) {
                throw usage.apply("chunk and shard sizes must be 1 or more, not " + TargetLayout.text(shape));
            }
        }
        boolean legacyStructured = structName == StructName.STRUCTURED;
        if (legacyStructured && endian == Endian.BIG) {
            throw usage.apply("--struct-name structured stores records little-endian: zarr-python 3.0 and 3.1 read them so"
                    + " whatever the bytes codec says; drop --endian big");
        }
        return new TargetLayout(chunks, shards, codec, crc32c, endian.order(), flattenShaped, legacyStructured);
    }
}
