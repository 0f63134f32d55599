package dev.stride.internal.where;

import dev.stride.internal.read.ArrayReader;
import dev.stride.internal.read.ParallelReader;
import dev.stride.internal.read.UnitFilter;
import dev.stride.internal.read.UnitGrid;
import dev.stride.model.Region;
import dev.stride.spi.ValueIdentity;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.LongAdder;

/**
 * A pass filtered by a condition: units whose statistics (or coordinates) prove that no record of theirs is a match are
 * not read, and the records of the units read are tested one by one, only those true handed on. Statistics are trusted
 * only for a unit whose stored value still has the size and version tag they were computed from; any other unit is
 * read. A unit never written holds fill values: one test of the fill record decides for all of them.
 */
public final class WhereFilter implements UnitFilter {
    /** More units than this (a vast grid the store cannot list) are all read rather than held in a list to prune. */
    private static final long MOST_JUDGED = 1 << 24;

    private final ArrayReader array;
    private final Condition condition;
    private final boolean usesIndex;
    private final StatisticsTable table;
    private final Region region;
    private final long[] unitShape;
    private final int fillOutcome;
    private final LongAdder unitsRead = new LongAdder();
    private final LongAdder unitsSkipped = new LongAdder();
    private final LongAdder matches = new LongAdder();

    /** {@code table} may be null (no statistics), or be for another shape (then it is ignored). */
    public WhereFilter(ArrayReader array, Condition condition, boolean usesIndex, StatisticsTable table, Region region) {
        this.array = array;
        this.condition = condition;
        this.usesIndex = usesIndex;
        this.unitShape = array.unitShape();
        this.table = table != null && table.fits(array.metadata(), unitShape) ? table : null;
        this.region = region;
        // only a condition without coordinates has one outcome for every fill record
        this.fillOutcome = usesIndex ? Condition.UNKNOWN : condition.test(offHeap(array.fillElement()), 0, null);
    }

    /** Off-heap like every unit: accessors that once saw a heap segment would read the units slower for good. */
    private static MemorySegment offHeap(byte[] bytes) {
        return Arena.ofAuto().allocate(Math.max(1, bytes.length)).copyFrom(MemorySegment.ofArray(bytes));
    }

    /** {@return the units read so far} */
    public long unitsRead() {
        return unitsRead.sum();
    }

    /** {@return the units left unread so far, their statistics or coordinates ruling out a match} */
    public long unitsSkipped() {
        return unitsSkipped.sum();
    }

    /** {@return the records found true so far} */
    public long matches() {
        return matches.sum();
    }

    @Override
    public boolean listable() {
        return !usesIndex;
    }

    /**
     * The candidates that may hold a match. The units that only their statistics rule out are kept unless their stored
     * value is still the one the statistics were computed from; those identities are looked up together at the end
     * ({@link Identities}), so a remote store answers them in parallel.
     */
    @Override
    public long[] select(UnitGrid grid, long[] candidates) {
        long count = candidates == null ? grid.count() : candidates.length;
        if (count > MOST_JUDGED) {
            unitsRead.add(count);
            return candidates;
        }
        boolean[] mayMatch = new boolean[(int) count];
        UnitEntry[] trusting = new UnitEntry[(int) count];
        Set<String> keys = new LinkedHashSet<>();
        for (int item = 0; item < count; item++) {
            long[] unit = grid.unit(candidates == null ? item : candidates[item]);
            UnitEntry entry = table == null ? null : table.entry(unit);
            View withStatistics = new View(unit, entry);
            if ((condition.outcomes(withStatistics) & (1 << Condition.TRUE)) != 0) {
                mayMatch[item] = true;
            } else if (withStatistics.consulted && (condition.outcomes(new View(unit, null)) & (1 << Condition.TRUE)) != 0) {
                // only the statistics rule the unit out: they count if they are of the value stored now, under the key
                // the array reads the unit from now (a new key encoding leaves the old files where they were)
                if (entry.version() == null || !array.keyOf(unit).equals(array.prefix() + entry.key())) {
                    mayMatch[item] = true;
                } else {
                    trusting[item] = entry;
                    keys.add(array.prefix() + entry.key());
                }
            }
        }
        Map<String, ValueIdentity> now = Identities.of(array.store(), List.copyOf(keys));
        long[] kept = new long[(int) count];
        int n = 0;
        for (int item = 0; item < count; item++) {
            UnitEntry entry = trusting[item];
            if (mayMatch[item] || entry != null && !entry.sameAs(now.get(array.prefix() + entry.key()))) {
                kept[n++] = candidates == null ? item : candidates[item];
            }
        }
        unitsRead.add(n);
        unitsSkipped.add(count - n);
        return Arrays.copyOf(kept, n);
    }

    /** A unit as conditions judge it: its entry's statistics, and the coordinates it gives the region. */
    private final class View implements ChunkView {
        private final long[] unit;
        private final UnitEntry entry;
        private boolean consulted;

        View(long[] unit, UnitEntry entry) {
            this.unit = unit;
            this.entry = entry;
        }

        @Override
        public Summary summary(String field) {
            Summary s = entry == null ? null : entry.fields().get(field);
            consulted |= s != null;
            return s;
        }

        @Override
        public long low(int d) {
            return Math.max(region.start()[d], unit[d] * unitShape[d]);
        }

        @Override
        public long high(int d) {
            return Math.min(region.stop()[d], (unit[d] + 1) * unitShape[d]) - 1;
        }
    }

    @Override
    public ParallelReader.UnitVisitor wrap(ParallelReader.UnitVisitor inner) {
        MatchingRuns runs = new MatchingRuns(condition, usesIndex, region, (unit, first, n, at) -> {
            matches.add(n);
            inner.run(unit, first, n, at);
        });
        return new ParallelReader.UnitVisitor() {
            @Override
            public void run(MemorySegment unit, long first, long n, long at) {
                runs.run(unit, first, n, at);
            }

            @Override
            public boolean missing(long records) {
                if (usesIndex) {
                    return false;
                }
                if (fillOutcome != Condition.TRUE) {
                    return true;
                }
                if (inner.missing(records)) {
                    matches.add(records);
                    return true;
                }
                return false;
            }

            @Override
            public void stored(long[] unit) {
                inner.stored(unit);
            }
        };
    }

    @Override
    public long unlisted(long records) {
        if (fillOutcome != Condition.TRUE) {
            return 0;
        }
        matches.add(records);
        return records;
    }
}
