package dev.stride.array;

import java.util.HashMap;
import java.util.Map;

/**
 * Adds the partial sums of numbered units in unit order, whichever thread finishes a unit first. Floating-point
 * addition is not associative, so this is what makes a parallel sum the same on every run and for every thread
 * count. Units finished ahead of their turn wait here; workers take units in increasing order, so few ever wait.
 */
final class OrderedSum {
    private final Map<Long, Double> early = new HashMap<>();
    private long next;
    private double total;

    /** Records the sum of unit {@code unit}; every unit from 0 up must be recorded exactly once. */
    synchronized void add(long unit, double sum) {
        if (unit != next) {
            early.put(unit, sum);
            return;
        }
        total += sum;
        next++;
        for (Double waiting; (waiting = early.remove(next)) != null; next++) {
            total += waiting;
        }
    }

    /** The sum of units 0 up to the first one not recorded yet. */
    synchronized double total() {
        return total;
    }
}
