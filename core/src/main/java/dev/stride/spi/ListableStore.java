package dev.stride.spi;

import java.util.List;

/**
 * A store that lists its keys, completely: a reader may take a key it does not list as missing without asking for it
 * (a scan of a huge, mostly unwritten array relies on this), and a hierarchy is found by listing it rather than
 * through consolidated metadata. Safe from many threads, as {@link Store} is. Core's test-jar checks an
 * implementation with {@code dev.stride.testing.ListableStoreContract}.
 */
public interface ListableStore extends Store {

    /**
     * The names directly below a prefix: the last segment of each key there, and the next segment of each key
     * further below (a folder, named without a trailing {@code /}); each once, sorted by {@link String#compareTo},
     * with nothing else (no temporary names of writes in progress). Walking the listing from {@code ""} finds every
     * key. None when nothing is at the prefix or a value is; a folder emptied by deletes may still be listed where
     * folders are real (a directory stays on disk).
     *
     * @param prefix {@code ""} for the root, else a valid key followed by {@code /}
     * @return the names, sorted, each once; empty when nothing is there
     * @throws dev.stride.model.ZarrException.StoreFailure naming the prefix as given when it is none of those, or
     *         when it cannot be listed (the listing would be partial)
     * @throws dev.stride.model.ZarrException.Closed when the store is closed
     */
    List<String> list(String prefix);
}
