package dev.stride.internal.where;

import dev.stride.spi.ValueIdentity;

import java.util.Map;

/**
 * The statistics of one read unit (a chunk, or an inner chunk of a shard) and what they were computed from: the stored
 * value's key, size and version tag as the store gave them then.
 *
 * @param unit the unit's coordinates in the grid of units
 * @param key the store key of the chunk (or shard) holding it, relative to the array
 * @param size the stored value's size in bytes
 * @param version the store's version tag of the value (modification time, ETag), or null when it gave none
 * @param records the records of the array the unit holds
 * @param fields the statistics of each field, by path
 */
public record UnitEntry(long[] unit, String key, long size, String version, long records, Map<String, Summary> fields) {
    /** Whether {@code now}, the identity a store reports now (null: the value is gone), is the one of this entry. */
    public boolean sameAs(ValueIdentity now) {
        return new ValueIdentity(size, version).sameVersion(now);
    }
}
