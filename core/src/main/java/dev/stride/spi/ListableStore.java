package dev.stride.spi;

import java.util.List;

/**
 * A store that lists its keys, completely: a reader may take a key it does not list as missing without asking for it
 * (a scan of a huge, mostly unwritten array relies on this). Safe from many threads, as {@link Store} is.
 */
public interface ListableStore extends Store {

    /**
     * The names directly below a prefix ({@code ""} for the root, else ending in {@code /}), sorted; none when nothing
     * is at the prefix or a value is; an error when it cannot be listed.
     *
     * @throws dev.stride.model.ZarrException.StoreFailure when the prefix cannot be listed
     */
    List<String> list(String prefix);
}
