package dev.stride.bench.spark;

import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerTaskEnd;
import org.apache.spark.sql.SparkSession;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Collectors;

/** Tasks ended since the last reset: how many per stage, and their executor run time. */
final class Tasks extends SparkListener {
    private final Map<Integer, AtomicLong> perStage = new ConcurrentHashMap<>();
    private final AtomicLong runMillis = new AtomicLong();

    /** Waits until the listener bus has delivered every event so far. */
    private static void drain() {
        try {
            SparkSession.active().sparkContext().listenerBus().waitUntilEmpty();
        } catch (TimeoutException e) {
            throw new IllegalStateException(e);
        }
    }

    void reset() {
        drain();
        perStage.clear();
        runMillis.set(0);
    }

    /** {@return the tasks of each stage, in stage order, as {@code 4+2}} */
    String counts() {
        drain();
        return perStage.entrySet().stream().sorted(Map.Entry.comparingByKey())
                .map(e -> String.valueOf(e.getValue().get())).collect(Collectors.joining("+"));
    }

    double runSeconds() {
        drain();
        return runMillis.get() / 1e3;
    }

    @Override
    public void onTaskEnd(SparkListenerTaskEnd end) {
        perStage.computeIfAbsent(end.stageId(), k -> new AtomicLong()).incrementAndGet();
        if (end.taskMetrics() != null) {
            runMillis.addAndGet(end.taskMetrics().executorRunTime());
        }
    }
}
