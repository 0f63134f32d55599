package dev.stride.model;

import java.util.List;

/**
 * What a scan with a predicate found: the statistics of the fields over the matching records only, how many records
 * matched, and how many read units (chunks, or inner chunks of a shard) were read and how many left unread because
 * their statistics or coordinates proved they held no match.
 *
 * @param fields the statistics of each field asked for, in order, over the matching records
 * @param records the records that matched
 * @param chunksRead the units read
 * @param chunksSkipped the units not read
 */
public record FilteredScan(List<FieldStats> fields, long records, long chunksRead, long chunksSkipped) {
    /**
     * Checks the components.
     *
     * @throws ZarrException.BadRequest for a null list
     */
    public FilteredScan {
        fields = List.copyOf(ZarrException.BadRequest.requireNonNull(fields, "fields"));
    }
}
