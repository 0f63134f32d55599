package dev.stride.internal.where;

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
    /** The identity a store reports now matches this entry's. */
    public boolean sameAs(long sizeNow, String versionNow) {
        return version != null && size == sizeNow && version.equals(versionNow);
    }
}
