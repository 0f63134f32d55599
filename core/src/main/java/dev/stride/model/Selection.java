package dev.stride.model;

import java.util.List;

/** What to read: a region (null: the whole array) and field paths (empty: every leaf field). */
public record Selection(Region region, List<String> fields) {

    /**
     * A selection; the fields are checked against the array when it is read.
     *
     * @throws NullPointerException when {@code fields} or one of its paths is null
     */
    public Selection {
        fields = List.copyOf(fields);
    }

    public static Selection all() {
        return new Selection(null, List.of());
    }

    public static Selection of(Region region, String... fields) {
        return new Selection(region, List.of(fields));
    }
}
