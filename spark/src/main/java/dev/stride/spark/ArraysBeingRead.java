package dev.stride.spark;

import dev.stride.spi.StoreDescriptor;
import org.apache.spark.SparkContext;

import java.net.URI;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * The arrays each recent SQL execution of this driver scans, so that a write refuses to overwrite an array the same
 * query reads: it deletes the old array before its tasks run, which would leave them nothing to read (and the
 * failed write nothing of either), as Spark's own file sources refuse. Scans register as they plan their partitions,
 * which a query does before it asks its write for a writer factory.
 */
final class ArraysBeingRead {
    /** Spark's local property naming the SQL execution a thread runs for (SQLExecution.EXECUTION_ID_KEY). */
    private static final String EXECUTION_ID = "spark.sql.execution.id";
    /** Executions remembered: ids only grow, and a write asks about its own, the newest. */
    private static final int EXECUTIONS_KEPT = 64;
    private static final Map<String, Set<URI>> BY_EXECUTION = new LinkedHashMap<>() {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, Set<URI>> eldest) {
            return size() > EXECUTIONS_KEPT;
        }
    };

    private ArraysBeingRead() {
    }

    /** Notes that the SQL execution this thread runs for, if any, reads the array at {@code store}. */
    static void reading(StoreDescriptor store) {
        String execution = execution();
        if (execution != null) {
            synchronized (BY_EXECUTION) {
                BY_EXECUTION.computeIfAbsent(execution, e -> new HashSet<>()).add(location(store));
            }
        }
    }

    /** Whether the SQL execution this thread runs for reads the array at {@code store}. */
    static boolean read(StoreDescriptor store) {
        String execution = execution();
        if (execution == null) {
            return false;
        }
        synchronized (BY_EXECUTION) {
            return BY_EXECUTION.getOrDefault(execution, Set.of()).contains(location(store));
        }
    }

    private static String execution() {
        return SparkContext.getOrCreate().getLocalProperty(EXECUTION_ID);
    }

    /** The store's location without its options, which name how it is reached, not which array it holds. */
    private static URI location(StoreDescriptor store) {
        URI uri = store.uri().normalize();
        String path = uri.getPath();
        return path != null && path.length() > 1 && path.endsWith("/") ? uri.resolve(path.substring(0, path.length() - 1)) : uri;
    }
}
