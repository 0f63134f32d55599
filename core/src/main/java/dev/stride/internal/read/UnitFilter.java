package dev.stride.internal.read;

/**
 * What a pass keeps of the units and records of a region: which units it reads at all, and which records of those it
 * hands on. The unfiltered pass keeps everything; a predicate with chunk statistics keeps less (internal.where).
 */
public interface UnitFilter {
    /** Keeps every unit and record. */
    UnitFilter NONE = new UnitFilter() {
        @Override
        public long[] select(UnitGrid grid, long[] candidates) {
            return candidates;
        }

        @Override
        public ParallelReader.UnitVisitor wrap(ParallelReader.UnitVisitor inner) {
            return inner;
        }

        @Override
        public long unlisted(long records) {
            return records;
        }
    };

    /** Whether a pass may list the store and count the units it lacks as fill values without visiting them. */
    default boolean listable() {
        return true;
    }

    /** The numbers of the units to read among {@code candidates} (null: every unit of the grid), null for all. */
    long[] select(UnitGrid grid, long[] candidates);

    /** The visitor that hands on to {@code inner} only the records kept. */
    ParallelReader.UnitVisitor wrap(ParallelReader.UnitVisitor inner);

    /** How many of {@code records} records of fill values, in units the store lacks, are kept. */
    long unlisted(long records);
}
