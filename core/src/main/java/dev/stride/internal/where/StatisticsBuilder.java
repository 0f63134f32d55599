package dev.stride.internal.where;

import dev.stride.internal.read.ArrayReader;
import dev.stride.internal.read.ParallelReader;
import dev.stride.internal.read.StoredUnits;
import dev.stride.internal.read.UnitGrid;
import dev.stride.model.FieldAccessor;
import dev.stride.model.Region;
import dev.stride.model.ScanOptions;
import dev.stride.spi.ValueIdentity;

import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Computes the statistics of every stored unit of an array in one parallel pass. Each stored value's size and version
 * tag are taken before the pass and again after it; a unit whose value changed in between gets no entry (a reader then
 * reads it), so an entry never pairs one value's statistics with another value's identity. A value with no tag before
 * the pass gets an entry without one, which no reader trusts.
 */
public final class StatisticsBuilder {
    private final ArrayReader array;
    private final List<FieldAccessor> fields;
    private final long recordSize;
    private final UnitGrid grid;

    /** Statistics of {@code fields} (each one {@link Source#of} accepts) of records of {@code recordSize} bytes. */
    public StatisticsBuilder(ArrayReader array, List<FieldAccessor> fields, long recordSize) {
        this.array = array;
        this.fields = List.copyOf(fields);
        this.recordSize = recordSize;
        this.grid = new UnitGrid(array.unitShape(), Region.all(array.metadata().shape()));
    }

    /** Reads the array's stored units on {@code threads} threads; {@code progress} counts units. */
    public StatisticsTable build(int threads, ScanOptions.Progress progress) {
        array.ensureOpen();
        long[] stored = StoredUnits.list(array.store(), array.prefix(), array.metadata(), array.unitShape(), grid);
        long count = stored == null ? grid.count() : stored.length;
        Set<String> keys = new LinkedHashSet<>();
        for (long item = 0; item < count; item++) {
            keys.add(array.keyOf(grid.unit(stored == null ? item : stored[(int) item])));
        }
        Map<String, ValueIdentity> before = Identities.of(array.store(), List.copyOf(keys));
        List<UnitEntry> entries = new ArrayList<>();
        new ParallelReader(array, grid, stored, threads, progress).run(worker -> new Gatherer(entries));
        Map<String, ValueIdentity> after = Identities.of(array.store(),
                entries.stream().map(e -> array.prefix() + e.key()).distinct().toList());
        List<UnitEntry> kept = new ArrayList<>();
        for (UnitEntry e : entries) {
            ValueIdentity then = before.get(array.prefix() + e.key());
            ValueIdentity now = after.get(array.prefix() + e.key());
            // a value the store gave no tag before the pass keeps none, even if its time has settled since
            if (then != null && now != null && then.size() == now.size()
                    && (then.versionTag() == null || then.versionTag().equals(now.versionTag()))) {
                kept.add(new UnitEntry(e.unit(), e.key(), then.size(), then.versionTag(), e.records(), e.fields()));
            }
        }
        kept.sort(Comparator.comparingLong(e -> grid.number(e.unit())));
        Map<String, String> types = new LinkedHashMap<>();
        fields.forEach(f -> types.put(f.path(), StatisticsTable.typeName(f)));
        return new StatisticsTable(array.metadata().shape(), array.unitShape(), types, kept);
    }

    /** One worker's running statistics of the unit at hand, turned into an entry when the unit is done. */
    private final class Gatherer implements ParallelReader.UnitVisitor {
        private final List<UnitEntry> entries;
        private final UnitSummaries summaries = new UnitSummaries(fields, recordSize);

        Gatherer(List<UnitEntry> entries) {
            this.entries = entries;
        }

        @Override
        public void run(MemorySegment unit, long first, long n, long at) {
            summaries.add(unit, first, n);
        }

        @Override
        public boolean missing(long records) {
            return true;
        }

        @Override
        public void stored(long[] unit) {
            Map<String, Summary> fieldSummaries = summaries.finish();
            String key = array.keyOf(unit).substring(array.prefix().length());
            synchronized (entries) {
                entries.add(new UnitEntry(unit.clone(), key, -1, null, grid.recordsIn(unit), fieldSummaries));
            }
        }
    }
}
