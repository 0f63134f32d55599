package dev.stride.spark;

import dev.stride.model.Region;
import org.apache.spark.sql.sources.And;
import org.apache.spark.sql.sources.EqualTo;
import org.apache.spark.sql.sources.Filter;
import org.apache.spark.sql.sources.GreaterThan;
import org.apache.spark.sql.sources.GreaterThanOrEqual;
import org.apache.spark.sql.sources.LessThan;
import org.apache.spark.sql.sources.LessThanOrEqual;

import java.util.List;

/**
 * Narrows a region by the filters of a query on index columns ({@code _index >= a AND _index < b}, {@code =}, and the
 * same on the dimension names): the rows outside are never read, so the chunks outside are never fetched. The bounds
 * are exact, so a filter made only of them needs no check by Spark.
 */
final class IndexBounds {
    private final List<String> indexNames;
    private final long[] start;
    private final long[] stop;

    IndexBounds(List<String> indexNames, long[] shape) {
        this.indexNames = indexNames;
        this.start = new long[shape.length];
        this.stop = shape.clone();
    }

    /** Narrows the region by what {@code filter} says of index columns; true when that is all it says. */
    boolean narrow(Filter filter) {
        return switch (filter) {
            case And and -> narrow(and.left()) & narrow(and.right());
            case GreaterThan f -> bound(f.attribute(), f.value(), 1, Long.MAX_VALUE);
            case GreaterThanOrEqual f -> bound(f.attribute(), f.value(), 0, Long.MAX_VALUE);
            case LessThan f -> bound(f.attribute(), f.value(), Long.MIN_VALUE, 0);
            case LessThanOrEqual f -> bound(f.attribute(), f.value(), Long.MIN_VALUE, 1);
            case EqualTo f -> bound(f.attribute(), f.value(), 0, 1);
            default -> false;
        };
    }

    /**
     * Keeps indexes from {@code value + low} (unless low is MAX_VALUE: no lower bound) and below {@code value + high}
     * (unless high is MIN_VALUE: no upper bound) along the column's dimension.
     */
    private boolean bound(String column, Object value, long low, long high) {
        int d = indexNames.indexOf(column);
        if (d < 0 || !(value instanceof Long || value instanceof Integer || value instanceof Short || value instanceof Byte)) {
            return false;
        }
        long v = ((Number) value).longValue();
        if (low != Long.MAX_VALUE) {
            start[d] = Math.max(start[d], saturatedAdd(v, low));
        }
        if (high != Long.MIN_VALUE) {
            stop[d] = Math.min(stop[d], Math.max(0, saturatedAdd(v, high)));
        }
        return true;
    }

    private static long saturatedAdd(long v, long d) {
        long r = v + d;
        return ((v ^ r) & (d ^ r)) < 0 ? (d > 0 ? Long.MAX_VALUE : Long.MIN_VALUE) : r;
    }

    /** The region left: empty when the bounds exclude every index. */
    Region region() {
        long[] lo = new long[start.length];
        long[] hi = new long[start.length];
        for (int d = 0; d < start.length; d++) {
            hi[d] = Math.max(0, stop[d]);
            lo[d] = Math.min(Math.max(0, start[d]), hi[d]);
        }
        return new Region(lo, hi);
    }
}
