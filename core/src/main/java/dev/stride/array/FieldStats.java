package dev.stride.array;

/**
 * Count, sum, min, max and mean of a numeric field over a selection. Sums are doubles (integers above 2^53 lose
 * precision) added up chunk by chunk in chunk order, so a scan gives the same bits on any number of threads; NaN
 * values propagate into sum, min and max as in numpy.
 */
public record FieldStats(String field, long count, double sum, double min, double max) {

    public double mean() {
        return count == 0 ? Double.NaN : sum / count;
    }

    static FieldStats empty(String field) {
        return new FieldStats(field, 0, 0, Double.NaN, Double.NaN);
    }
}
