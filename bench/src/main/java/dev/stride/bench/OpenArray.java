package dev.stride.bench;

import dev.stride.Zarr;
import dev.stride.ZarrArray;
import dev.stride.model.IoMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

import java.nio.file.Path;

/**
 * A benchmark array opened once for a whole trial, as an application that reads it again and again holds it.
 * The I/O policy defaults to the store's {@code AUTO}; {@code -p io=READ} or {@code -p io=MAP} compare the others.
 */
@State(Scope.Benchmark)
public abstract class OpenArray {
    @Param({"AUTO"})
    public IoMode io;

    /**
     * Where the array is read: {@code local} for the directory of {@code -Dstride.benchdata}, or a URL under which the
     * same arrays are served ({@code http://127.0.0.1:8080} for {@code http://127.0.0.1:8080/raw.zarr}); its store
     * options stay after the array's name ({@code s3://bench?endpoint=URL} for {@code s3://bench/raw.zarr?endpoint=URL}).
     */
    @Param({LOCAL})
    public String base;

    static final String LOCAL = "local";

    private Path path;
    private Zarr zarr;
    private ZarrArray array;

    /** The array's name: {@code raw} for {@code raw.zarr}. */
    abstract String name();

    @Setup(Level.Trial)
    public void open() {
        path = BenchData.array(name());
        zarr = base.equals(LOCAL) ? Zarr.open(path, io) : Zarr.open(remote());
        array = zarr.array("/");
    }

    /** The array's URI under {@link #base}, the name placed before the store options. */
    private String remote() {
        int query = base.indexOf('?');
        String array = "/" + name() + ".zarr";
        return query < 0 ? base + array : base.substring(0, query) + array + base.substring(query);
    }

    @TearDown(Level.Trial)
    public void close() {
        zarr.close();
    }

    Path path() {
        return path;
    }

    Zarr zarr() {
        return zarr;
    }

    ZarrArray array() {
        return array;
    }

    long records() {
        return array.metadata().size();
    }

    /** Decoded size of the whole array. */
    long bytes() {
        return records() * array.layout().recordSize();
    }

    /** Every benchmark array. */
    @State(Scope.Benchmark)
    public static class Any extends OpenArray {
        @Param({"raw", "big", "zstd", "blosc", "sharded"})
        public String array;

        @Override
        String name() {
            return array;
        }
    }

    /** Every benchmark array and {@code int32}, whose stored files the baselines read. */
    @State(Scope.Benchmark)
    public static class Stored extends OpenArray {
        @Param({"raw", "big", "zstd", "blosc", "sharded", "int32"})
        public String array;

        @Override
        String name() {
            return array;
        }
    }

    /**
     * The uncompressed array holding a field of the kind asked for: {@code float64} is {@code x}, {@code float32}
     * {@code y} and {@code int64} {@code id} of {@code raw.zarr}; {@code int32} is {@code k} of {@code int32.zarr},
     * whose records {id: int64, x: float64, k: int32, flags: uint8} take the same 21 bytes in the same chunks (written
     * by {@code bench/make_int32_array.py}).
     */
    @State(Scope.Benchmark)
    public static class OfField extends OpenArray {
        @Param({"float64", "float32", "int64", "int32"})
        public String type;

        @Override
        String name() {
            return type.equals("int32") ? "int32" : "raw";
        }

        String field() {
            return switch (type) {
                case "float64" -> BenchData.X;
                case "float32" -> BenchData.Y;
                case "int64" -> BenchData.ID;
                case "int32" -> "k";
                default -> throw new IllegalArgumentException("no field of type " + type + " (float64, float32, int64, int32)");
            };
        }
    }

    /** The arrays whose chunks are compressed, for decode-only passes. */
    @State(Scope.Benchmark)
    public static class Compressed extends OpenArray {
        @Param({"zstd", "blosc", "sharded"})
        public String array;

        @Override
        String name() {
            return array;
        }
    }
}
