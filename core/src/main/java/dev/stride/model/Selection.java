package dev.stride.model;

import java.util.Arrays;
import java.util.List;

/**
 * What to read: a region (null: the whole array) and field paths (empty: every leaf field).
 *
 * @param region the elements, null for the whole array
 * @param fields dotted paths of leaf fields, empty for every leaf field
 */
public record Selection(Region region, List<String> fields) {

    /**
     * A selection; the fields are checked against the array when it is read.
     *
     * @throws ZarrException.BadRequest when {@code fields} or one of its paths is null
     */
    public Selection {
        for (String path : ZarrException.BadRequest.requireNonNull(fields, "fields")) {
            ZarrException.BadRequest.requireNonNull(path, "a field path");
        }
        fields = List.copyOf(fields);
    }

    /**
     * Every leaf field of the whole array.
     *
     * @return the selection
     */
    public static Selection all() {
        return new Selection(null, List.of());
    }

    /**
     * Some fields of a region.
     *
     * @param region the elements, null for the whole array
     * @param fields dotted paths of leaf fields, none for every leaf field
     * @return the selection
     * @throws ZarrException.BadRequest when {@code fields} or one of its paths is null
     */
    public static Selection of(Region region, String... fields) {
        return new Selection(region, Arrays.asList(ZarrException.BadRequest.requireNonNull(fields, "fields")));
    }
}
