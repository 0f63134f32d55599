package dev.stride;

import dev.stride.model.ArraySpec;
import dev.stride.model.CodecChain;
import dev.stride.model.DataType;
import dev.stride.model.FillValue;
import dev.stride.model.Json;
import dev.stride.model.ZarrException;

import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;

/**
 * What {@link Tuning#measure} found: the sample it took and the layouts it measured on it, best first.
 *
 * @param array the array's path in its hierarchy
 * @param fields the fields whose scan ranked the layouts
 * @param arrayRecords records in the whole array
 * @param sampleRecords records in the sample, exactly
 * @param sampleUnits read units (chunks, or inner chunks of shards) the sample was taken from
 * @param sourceSampleBytes what the sample takes in the source's store: the sampled chunks' stored sizes, or for a
 *        sharded source its share of the shards it was read from
 * @param ranked the measured layouts, the recommended one first
 * @param reason why the first one is recommended, in words
 * @param unmeasured candidate layouts the budget left unmeasured
 * @param seconds how long the whole measurement took
 */
public record TuningReport(String array, List<String> fields, long arrayRecords, long sampleRecords, long sampleUnits,
                           long sourceSampleBytes, List<Candidate> ranked, String reason, int unmeasured, double seconds) {

    /** The report, copying its lists. */
    public TuningReport {
        fields = List.copyOf(ZarrException.BadRequest.requireNonNull(fields, "fields"));
        ranked = List.copyOf(ZarrException.BadRequest.requireNonNull(ranked, "ranked"));
    }

    /** {@return the recommended layout's measurements: the first ranked} */
    public Candidate recommended() {
        return ranked.getFirst();
    }

    /**
     * One way to store the array, as {@code stride copy} spells it: records per chunk along the first dimension (the
     * others keep the source's read unit), optionally shards of several chunks, and a compression; values little-endian.
     *
     * @param chunk records per chunk along the first dimension
     * @param shard records per shard along the first dimension, a multiple of {@code chunk}, or 0 for no shards
     * @param compression how chunks are compressed
     */
    public record Layout(long chunk, long shard, Compression compression) {
        /**
         * The options of {@code stride copy} that write this layout.
         *
         * @return {@code --chunks N [--shards M] --codec C}
         */
        public List<String> copyOptions() {
            List<String> options = new ArrayList<>(List.of("--chunks", Long.toString(chunk)));
            if (shard > 0) {
                options.addAll(List.of("--shards", Long.toString(shard)));
            }
            options.addAll(List.of("--codec", compression.toString()));
            return options;
        }

        /** {@return a short name: "zstd:3, chunks of 262144" or "none, chunks of 65536 in shards of 524288"} */
        public String describe() {
            return compression + ", chunks of " + chunk + (shard > 0 ? " in shards of " + shard : "");
        }

        /**
         * The array this layout makes of records of {@code type} with the source's fill value, as copy makes it:
         * the bytes codec little-endian, then the compression, inside a sharding codec (index at the end) when sharded.
         */
        ArraySpec spec(DataType type, FillValue fill, long[] shape, long[] readUnit, long recordSize) {
            long[] inner = readUnit.clone();
            inner[0] = chunk;
            List<Json.JObject> chain = new ArrayList<>(List.of(CodecChain.bytes(type, ByteOrder.LITTLE_ENDIAN)));
            compression.entry(recordSize).ifPresent(chain::add);
            ArraySpec spec = ArraySpec.of(type, shape).fill(fill);
            if (shard == 0) {
                return spec.chunks(inner).codecs(chain);
            }
            long[] outer = inner.clone();
            outer[0] = shard;
            return spec.chunks(outer).codecs(CodecChain.sharding(inner, CodecChain.IndexLocation.END, chain.toArray(Json.JObject[]::new)));
        }
    }

    /**
     * One layout measured on the sample, on this machine. Its scan times are the sample's share of a scan of the whole
     * array: a pass's fixed start (estimated from passes over the sample's first read unit and over all of it) counts
     * at the sample's share of the array's records, as it weighs in a scan of the whole array, not in full as in a pass
     * over the sample.
     *
     * @param layout the layout
     * @param storedBytes what the sample takes in this layout (chunks and shard indexes, not metadata)
     * @param writeSeconds writing the sample in this layout, encoding included
     * @param firstScanSeconds the first scan of the chosen fields in a freshly opened reader (files in the page cache
     *        after the write, a remote store's objects fetched again), the median of up to three such readers, less the
     *        reader's opening: read units enough for a chunk on each thread are read untimed and the time of the rest
     *        scaled to the whole sample (a sample of one unit is timed whole)
     * @param warmScanSeconds the fastest of the further scans of the chosen fields in the same reader
     * @param allFieldsSeconds a scan of every field in that reader
     * @param firstScanRequests the requests the first scan sent to a remote scratch location (chunks, shard indexes and
     *        ranges, retries included); empty for a local one, where a scan sends none
     * @param speedShare the fastest candidate's first scan time over this one's: 1 for the fastest
     */
    public record Candidate(Layout layout, long storedBytes, double writeSeconds, double firstScanSeconds,
                            double warmScanSeconds, double allFieldsSeconds, OptionalLong firstScanRequests,
                            double speedShare) {
        /** The same measurements with another share of the fastest scan. */
        Candidate withSpeedShare(double share) {
            return new Candidate(layout, storedBytes, writeSeconds, firstScanSeconds, warmScanSeconds, allFieldsSeconds,
                    firstScanRequests, share);
        }

        /**
         * How many times smaller than the source's sample this layout stores it (below 1: larger).
         *
         * @param sourceBytes the source sample's stored size, {@link TuningReport#sourceSampleBytes()}
         * @return the source's bytes over this layout's
         */
        public double sizeRatio(long sourceBytes) {
            return (double) sourceBytes / Math.max(1, storedBytes);
        }
    }
}
