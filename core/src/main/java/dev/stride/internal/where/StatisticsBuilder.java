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
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

/**
 * Computes the statistics of an array's stored units in one parallel pass, reading only those that earlier statistics
 * do not cover. Each stored value's size and version tag are taken before the pass and again after its units are read;
 * a unit whose value changed in between gets no entry (a reader then reads it), so an entry never pairs one value's
 * statistics with another value's identity. A value with no tag before the pass gets an entry without one, which no
 * reader trusts and the next pass reads again.
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

    /** What a pass gave: the statistics, and how many units it read and how many entries it kept from before. */
    public record Result(StatisticsTable table, long read, long kept) { }

    /**
     * Reads the array's stored units on {@code threads} threads, except those whose entry in {@code previous} (null:
     * none) was computed from the value stored now and has every field, which are kept unread; at most
     * {@code mostRead} units are read, the others left without an entry for a later pass. {@code progress} counts the
     * units read. Every {@code every} (null: never) the statistics so far go to {@code checkpoint}, so that a pass
     * killed midway leaves what it had finished for the next one.
     */
    public Result build(StatisticsTable previous, long mostRead, int threads, ScanOptions.Progress progress,
                        Duration every, Consumer<StatisticsTable> checkpoint) {
        array.ensureOpen();
        long[] stored = StoredUnits.list(array.store(), array.prefix(), array.metadata(), array.unitShape(), grid);
        long count = stored == null ? grid.count() : stored.length;
        Set<String> keys = new LinkedHashSet<>();
        for (long item = 0; item < count; item++) {
            keys.add(array.keyOf(grid.unit(stored == null ? item : stored[(int) item])));
        }
        Pass pass = new Pass(Identities.of(array.store(), List.copyOf(keys)), every, checkpoint);
        StatisticsTable usable = previous != null && previous.fits(array.metadata(), array.unitShape()) ? previous : null;
        long[] toRead = new long[(int) count];
        int n = 0;
        for (long item = 0; item < count; item++) {
            long number = stored == null ? item : stored[(int) item];
            long[] unit = grid.unit(number);
            String key = array.keyOf(unit);
            ValueIdentity now = pass.before.get(key);
            UnitEntry old = usable == null || now == null ? null : usable.entry(unit);
            if (old != null && key.equals(array.prefix() + old.key()) && old.sameAs(now) && old.fields().keySet().containsAll(paths())) {
                pass.kept.add(old);
            } else if (now != null && n < mostRead) {
                toRead[n++] = number;
            }
        }
        new ParallelReader(array, grid, Arrays.copyOf(toRead, n), threads, progress).run(worker -> new Gatherer(pass));
        return new Result(pass.finish(), n, pass.kept.size());
    }

    private List<String> paths() {
        return fields.stream().map(FieldAccessor::path).toList();
    }

    private StatisticsTable table(List<UnitEntry> entries) {
        List<UnitEntry> sorted = new ArrayList<>(entries);
        sorted.sort(Comparator.comparingLong(e -> grid.number(e.unit())));
        Map<String, String> types = new LinkedHashMap<>();
        fields.forEach(f -> types.put(f.path(), StatisticsTable.typeName(f)));
        return new StatisticsTable(array.metadata(), array.unitShape(), types, sorted);
    }

    /**
     * The entries of one pass: those kept from before, those read and checked, and those read since the last check.
     * An entry read is checked by taking its value's identity again: it is kept when the value is still the one whose
     * identity was taken before the pass (a value the store gave no tag then keeps none, even if its time has
     * settled since).
     */
    private final class Pass {
        final Map<String, ValueIdentity> before;
        final List<UnitEntry> kept = new ArrayList<>();
        private final List<UnitEntry> checked = new ArrayList<>();
        private final List<UnitEntry> read = new ArrayList<>();
        private final Duration every;
        private final Consumer<StatisticsTable> checkpoint;
        private long lastCheckpoint = System.nanoTime();

        Pass(Map<String, ValueIdentity> before, Duration every, Consumer<StatisticsTable> checkpoint) {
            this.before = before;
            this.every = checkpoint == null ? null : every;
            this.checkpoint = checkpoint;
        }

        /** A unit read; hands the statistics so far to the checkpoint when it is time. */
        synchronized void add(UnitEntry entry) {
            read.add(entry);
            if (every != null && System.nanoTime() - lastCheckpoint >= every.toNanos()) {
                check();
                checkpoint.accept(table(all()));
                lastCheckpoint = System.nanoTime();
            }
        }

        private void check() {
            Map<String, ValueIdentity> after = Identities.of(array.store(), read.stream().map(e -> array.prefix() + e.key()).distinct().toList());
            for (UnitEntry e : read) {
                ValueIdentity then = before.get(array.prefix() + e.key());
                ValueIdentity now = after.get(array.prefix() + e.key());
                if (then != null && now != null && then.size() == now.size()
                        && (then.versionTag() == null || then.versionTag().equals(now.versionTag()))) {
                    checked.add(new UnitEntry(e.unit(), e.key(), then.size(), then.versionTag(), e.records(), e.fields()));
                }
            }
            read.clear();
        }

        private List<UnitEntry> all() {
            List<UnitEntry> all = new ArrayList<>(kept);
            all.addAll(checked);
            return all;
        }

        synchronized StatisticsTable finish() {
            check();
            return table(all());
        }
    }

    /** One worker's running statistics of the unit at hand, turned into an entry when the unit is done. */
    private final class Gatherer implements ParallelReader.UnitVisitor {
        private final Pass pass;
        private final UnitSummaries summaries = new UnitSummaries(fields, recordSize);

        Gatherer(Pass pass) {
            this.pass = pass;
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
            pass.add(new UnitEntry(unit.clone(), key, -1, null, grid.recordsIn(unit), fieldSummaries));
        }
    }
}
