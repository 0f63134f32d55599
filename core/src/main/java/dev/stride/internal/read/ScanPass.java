package dev.stride.internal.read;

import dev.stride.model.FieldAccessor;
import dev.stride.model.FieldStats;
import dev.stride.model.Region;
import dev.stride.model.ScanOptions;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.List;

/**
 * A pass of an open array over the units of a region, on N threads: the one way every whole-region read of
 * {@code ZarrArray} reaches the units, so that each read wires the grid, the listing and the workers alike.
 */
public final class ScanPass {
    private final ArrayReader array;
    private final Region region;
    private final UnitGrid grid;

    /** A pass over {@code region}, which lies inside the array. */
    public ScanPass(ArrayReader array, Region region) {
        this.array = array;
        this.region = region;
        this.grid = new UnitGrid(array.unitShape(), region);
    }

    /** Reads every unit once, handing its runs to the visitor of the worker that decoded it (see {@link ParallelReader}). */
    public void run(int threads, ScanOptions.Progress progress, ParallelReader.WorkerVisitors visitors) {
        run(UnitFilter.NONE, threads, progress, visitors);
    }

    /** Reads the units {@code filter} selects, handing the records it keeps to the visitor of the worker that decoded them. */
    public void run(UnitFilter filter, int threads, ScanOptions.Progress progress, ParallelReader.WorkerVisitors visitors) {
        new ParallelReader(array, grid, filter.select(grid, null), threads, progress).run(w -> filter.wrap(visitors.forWorker(w)));
    }

    /**
     * The statistics of {@code fields} (named {@code names}) in one pass. A grid of more than
     * {@value StoredUnits#LIST_ABOVE} units in a store that lists is listed first and only the units written are read;
     * the records of the others count as fill values without being visited.
     */
    public List<FieldStats> stats(List<String> names, FieldAccessor[] fields, int threads, ScanOptions.Progress progress) {
        return stats(names, fields, UnitFilter.NONE, threads, progress);
    }

    /** As {@link #stats(List, FieldAccessor[], int, ScanOptions.Progress)}, of the units and records {@code filter} keeps. */
    public List<FieldStats> stats(List<String> names, FieldAccessor[] fields, UnitFilter filter, int threads, ScanOptions.Progress progress) {
        FieldScan scan;
        try (Arena arena = Arena.ofConfined()) {
            // off-heap like every unit: a heap segment seen once by the kernels would slow their loops for good
            byte[] fill = array.fillElement();
            MemorySegment fillRecord = arena.allocate(fill.length).copyFrom(MemorySegment.ofArray(fill));
            scan = new FieldScan(names, fields, array.metadata().dataType().byteSize(), fillRecord);
        }
        array.ensureOpen();
        long[] stored = filter.listable() ? StoredUnits.find(array.store(), array.prefix(), array.metadata(), array.unitShape(), grid) : null;
        new ParallelReader(array, grid, filter.select(grid, stored), threads, progress).run(worker -> filter.wrap(scan.worker()));
        if (stored != null) {
            scan.unlisted(filter.unlisted(region.size() - recordsIn(stored)));
        }
        return scan.results();
    }

    private long recordsIn(long[] units) {
        long records = 0;
        for (long unit : units) {
            records += grid.recordsIn(grid.unit(unit));
        }
        return records;
    }
}
