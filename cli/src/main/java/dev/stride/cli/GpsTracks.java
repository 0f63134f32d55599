package dev.stride.cli;

import dev.stride.RecordLayout;
import dev.stride.model.CoreType;
import dev.stride.model.StructType.Field;
import dev.stride.model.StructType;
import dev.stride.model.TimeType;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import java.util.SplittableRandom;

/**
 * Synthetic GPS tracks, the same on every run and for any split into slabs: record {@code r} is fix
 * {@code r % FIXES} of track {@code r / FIXES}, and each track is a walk drawn from its own generator, seeded by the
 * track number. A track is a walker, cyclist or car somewhere in the Alps, one fix a second with now and then a gap,
 * heading and speed drifting; positions carry a few metres of GPS noise, elevations follow a made-up terrain.
 */
final class GpsTracks {
    /** {id: int64, time: datetime64[ms], position: {lat: float64, lon: float64}, elevation: float32, speed: float32, satellites: uint8} */
    static final StructType TYPE = StructType.of(
            new Field("id", CoreType.INT64),
            new Field("time", new TimeType(true, "ms", 1)),
            new Field("position", StructType.of(new Field("lat", CoreType.FLOAT64), new Field("lon", CoreType.FLOAT64))),
            new Field("elevation", CoreType.FLOAT32),
            new Field("speed", CoreType.FLOAT32),
            new Field("satellites", CoreType.UINT8));
    /** Fixes per track: an hour and a bit at one a second. */
    static final int FIXES = 4096;
    /** Mixed into every track's seed; the demo records it in the dataset's attributes. */
    static final long SEED = 20_240_601L;

    private static final RecordLayout LAYOUT = RecordLayout.compile(TYPE, ByteOrder.LITTLE_ENDIAN);
    private static final long RECORD = LAYOUT.recordSize();
    private static final long ID = LAYOUT.fieldOrNull("id").offset();
    private static final long TIME = LAYOUT.fieldOrNull("time").offset();
    private static final long LAT = LAYOUT.fieldOrNull("position.lat").offset();
    private static final long LON = LAYOUT.fieldOrNull("position.lon").offset();
    private static final long ELEVATION = LAYOUT.fieldOrNull("elevation").offset();
    private static final long SPEED = LAYOUT.fieldOrNull("speed").offset();
    private static final long SATELLITES = LAYOUT.fieldOrNull("satellites").offset();
    private static final ValueLayout.OfLong INT64 = ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    private static final ValueLayout.OfDouble FLOAT64 = ValueLayout.JAVA_DOUBLE_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    private static final ValueLayout.OfFloat FLOAT32 = ValueLayout.JAVA_FLOAT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    private static final ValueLayout.OfByte UINT8 = ValueLayout.JAVA_BYTE;

    /** 2024-06-01T00:00:00Z; tracks start within the 30 days after it. */
    private static final long START_MS = 1_717_200_000_000L;
    private static final long SPAN_MS = 30L * 24 * 3600 * 1000;
    private static final double METRES_PER_DEGREE = 111_320;
    private static final double GPS_NOISE_METRES = 3;
    private static final double[] CRUISING_SPEEDS = {1.4, 5, 14};

    private GpsTracks() {
    }

    /** Fills {@code records} (packed, little-endian) with records {@code first..}, as many as it holds. */
    static void fill(MemorySegment records, long first) {
        long count = records.byteSize() / RECORD;
        Walk walk = null;
        // a slab starting inside a track replays the track from its start, so any split gives the same records
        for (long r = first - first % FIXES; r < first + count; r++) {
            if (r % FIXES == 0) {
                walk = new Walk(r / FIXES);
            }
            walk.step();
            double lat = walk.lat + walk.noise() / METRES_PER_DEGREE;
            double lon = walk.lon + walk.noise() / (METRES_PER_DEGREE * Math.cos(Math.toRadians(walk.lat)));
            double elevation = terrain(walk.lat, walk.lon) + walk.noise();
            long at = (r - first) * RECORD;
            if (at >= 0) {
                records.set(INT64, at + ID, r);
                records.set(INT64, at + TIME, walk.ms);
                records.set(FLOAT64, at + LAT, lat);
                records.set(FLOAT64, at + LON, lon);
                records.set(FLOAT32, at + ELEVATION, (float) elevation);
                records.set(FLOAT32, at + SPEED, (float) walk.speed);
                records.set(UINT8, at + SATELLITES, (byte) walk.satellites);
            }
        }
    }

    /** Metres above the sea: valleys at a few hundred metres, ridges near three thousand. */
    private static double terrain(double lat, double lon) {
        double ridges = Math.sin(lat * 37) * Math.cos(lon * 29) + 0.5 * Math.sin(lat * 113 + lon * 71);
        return 1400 + 900 * ridges;
    }

    /** One track's walker: where it is, how fast, and its own random numbers. */
    private static final class Walk {
        private final SplittableRandom random;
        private final double cruising;
        private double heading;
        double lat;
        double lon;
        double speed;
        long ms;
        int satellites;

        Walk(long track) {
            random = new SplittableRandom(SEED ^ (track * 0x9E37_79B9_7F4A_7C15L));
            lat = random.nextDouble(45.8, 47.6);
            lon = random.nextDouble(6.2, 13.8);
            heading = random.nextDouble(2 * Math.PI);
            cruising = CRUISING_SPEEDS[random.nextInt(CRUISING_SPEEDS.length)];
            speed = cruising;
            ms = START_MS + random.nextLong(SPAN_MS) / 1000 * 1000 - 1000;
            satellites = 9;
        }

        /** Advances to the next fix, a second later or, once in a while, after a gap of up to two minutes. */
        void step() {
            long gap = random.nextInt(500) == 0 ? random.nextInt(5, 120) : 1;
            ms += gap * 1000;
            heading += wobble() * 0.25;
            speed = Math.max(0, speed + 0.1 * (cruising - speed) + wobble() * 0.25 * cruising);
            double metres = speed * gap;
            lat += metres * Math.cos(heading) / METRES_PER_DEGREE;
            lon += metres * Math.sin(heading) / (METRES_PER_DEGREE * Math.cos(Math.toRadians(lat)));
            satellites = Math.clamp(satellites + random.nextInt(-1, 2), 4, 14);
        }

        /** GPS noise in metres. */
        double noise() {
            return wobble() * GPS_NOISE_METRES * 2.5;
        }

        /** A bell-shaped (triangular) draw in (-1, 1), standard deviation 0.41; four times cheaper than a Gaussian. */
        private double wobble() {
            return random.nextDouble() - random.nextDouble();
        }
    }
}
