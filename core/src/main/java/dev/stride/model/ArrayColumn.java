package dev.stride.model;

import java.util.Objects;

/**
 * A field with a shape as a column of its element type holding every element of each record in turn: element
 * {@code k} (in C order) of record {@code i} is value {@code i * type.elements() + k} of {@link #elements()}, so a
 * {@code ('pos', '<f4', (3,))} field of n records is a float column of 3n values.
 *
 * @param field the field's dotted path ({@code ""} for a plain array)
 * @param type the field's type
 * @param elements the elements, {@code type.elements()} a record
 */
public record ArrayColumn(String field, SubarrayType type, Column elements) implements Column {
    /**
     * A column over {@code elements}, which it holds without a copy.
     *
     * @throws ZarrException.BadRequest when {@code elements} is of another type or no whole number of records
     */
    public ArrayColumn {
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(elements, "elements");
        if (!elements.type().equals(type.element()) || elements.size() % type.elements() != 0) {
            throw new ZarrException.BadRequest(null, "field '" + field + "' (" + type.describe() + ") takes a column of "
                    + type.element().describe() + " with a multiple of " + type.elements() + " values, not "
                    + elements.size() + " of " + elements.type().describe());
        }
    }

    @Override
    public int size() {
        return elements.size() / type.elements();
    }
}
