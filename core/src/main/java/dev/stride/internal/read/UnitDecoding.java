package dev.stride.internal.read;

import dev.stride.model.RunVisitor;
import dev.stride.model.ZarrException;

import java.io.UncheckedIOException;
import java.lang.foreign.MemorySegment;
import java.util.function.Supplier;

/**
 * What every reader of units does around a decode: maps the failures of stores, codecs and mapped files to Stride's
 * errors naming the node and key, and gives a unit never written as fill values. Shared by the parallel pass
 * ({@link ParallelReader}) and the pull-style one ({@link SequentialReader}).
 */
final class UnitDecoding {
    private final ArrayReader array;

    UnitDecoding(ArrayReader array) {
        this.array = array;
    }

    /** The unit decoded by {@code decode}, or a unit of fill values when it was never written (decode gave null). */
    MemorySegment decodeOrFill(long[] unit, ReadSession session, Supplier<MemorySegment> decode) {
        MemorySegment decoded = decode(unit, decode);
        return decoded != null ? decoded : array.fillUnit(session);
    }

    /**
     * Visits the runs of a decoded unit, turning a closed array's failures and a truncated mapping into Stride's errors.
     * A value an accessor finds corrupt (ill-formed UTF-32) is named by the unit's key, which the accessor cannot know.
     */
    void visit(UnitGrid grid, long[] unit, MemorySegment decoded, RunVisitor visitor) {
        try {
            grid.forEachRun(unit, decoded, visitor);
        } catch (ZarrException.CorruptChunk e) {
            throw e.chunkKey() != null ? e : new ZarrException.CorruptChunk(array.path(), array.keyOf(unit), e.reason(), e);
        } catch (IllegalStateException e) {
            throw closedUnder() ? closed() : e;
        } catch (InternalError e) {
            throw truncated(unit, e);
        }
    }

    /**
     * The unit as stored, decoded (null when never written). A store or codec that fails outside the family (a plug-in,
     * a native library) fails here naming the node and key, unless the array was closed under it.
     */
    MemorySegment decode(long[] unit, Supplier<MemorySegment> decode) {
        try {
            array.ensureOpen();
            return decode.get();
        } catch (ZarrException e) {
            throw e;
        } catch (InternalError e) {
            throw truncated(unit, e);
        } catch (RuntimeException e) {
            if (closedUnder()) {
                throw closed();
            }
            throw e instanceof UncheckedIOException io
                    ? new ZarrException.StoreFailure(array.keyOf(unit), "cannot be read: " + io.getCause(), io)
                    : new ZarrException.CorruptChunk(array.path(), array.keyOf(unit), "cannot be decoded: " + e, e);
        }
    }

    /** True when the array or its scope was closed while this thread read (the failure is then that of a closed arena). */
    boolean closedUnder() {
        return array.isClosed() || !array.scope().isAlive();
    }

    ZarrException.Closed closed() {
        return new ZarrException.Closed("array " + array.path());
    }

    /** The JVM turns SIGBUS on a mapped file that shrank into an InternalError. */
    ZarrException truncated(long[] unit, InternalError e) {
        return new ZarrException.CorruptChunk(array.path(), array.keyOf(unit),
                "the file was truncated or replaced while mapped (" + e.getMessage() + ")", e);
    }
}
