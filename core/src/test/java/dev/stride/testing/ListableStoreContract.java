package dev.stride.testing;

import dev.stride.model.ZarrException;
import dev.stride.spi.ListableStore;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Set;
import java.util.TreeSet;

import static dev.stride.testing.StoreValues.ALL;
import static dev.stride.testing.StoreValues.namesBelow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * What a {@link ListableStore} must do besides reading: list the names directly below a prefix, sorted, completely (a
 * reader takes a key it does not list as missing), nested and with the characters keys may hold; nothing below a
 * prefix that is missing or a value; refuse a prefix that is not one, naming it.
 */
public abstract class ListableStoreContract extends StoreContract {

    @Override
    final boolean lists() {
        return true;
    }

    /** A listable store holding {@link StoreValues#ALL}, closed after the test. */
    protected final ListableStore listable() {
        return (ListableStore) store();
    }

    @Test
    void theRootAndNestedFoldersListTheirNamesSorted() {
        ListableStore store = listable();
        assertEquals(List.of("Z", "a", "i", "sp ace", "x", "zarr.json"), store.list(""));
        assertEquals(List.of("b", "c", "d", "f"), store.list("a/"));
        assertEquals(List.of("g", "h"), store.list("a/f/"));
        assertEquals(List.of("e"), store.list("a/d/"));
        assertEquals(List.of("j"), store.list("i/"));
        assertEquals(List.of("100%", "a+b", "q?=&#", "~!$'(),;:@"), store.list("x/"));
        assertEquals(List.of("é ü"), store.list("sp ace/"));
    }

    @Test
    void missingPrefixesAndValuesListNothing() {
        ListableStore store = listable();
        for (String prefix : List.of("nothing/", "a/zz/", "a/c/", "zarr.json/", "a/d/e/")) {
            assertEquals(List.of(), store.list(prefix), prefix);
        }
    }

    /** Walking the listing from the root finds every key and nothing else. */
    @Test
    void theListingIsComplete() {
        ListableStore store = listable();
        assertEquals(new TreeSet<>(ALL.keySet()), walk(store, ""));
    }

    static Set<String> walk(ListableStore store, String prefix) {
        Set<String> keys = new TreeSet<>();
        for (String name : store.list(prefix)) {
            Set<String> below = walk(store, prefix + name + "/");
            if (below.isEmpty()) {
                keys.add(prefix + name);
            }
            keys.addAll(below);
        }
        return keys;
    }

    @Test
    void prefixesThatAreNoneAreRefusedByName() {
        ListableStore store = listable();
        for (String prefix : List.of("a", "/", "/a/", "a//", "./", "a/../", "../")) {
            failsNaming(prefix, () -> store.list(prefix));
        }
    }

    @Test
    void concurrentListingsGiveTheSameNames() {
        ListableStore store = listable();
        inParallel(THREADS, t -> {
            for (int i = 0; i < READS_PER_THREAD; i++) {
                String prefix = List.of("", "a/", "a/f/", "x/").get((t + i) % 4);
                assertEquals(namesBelow(ALL.keySet(), prefix), store.list(prefix), prefix);
            }
        });
    }

    @Test
    void aClosedStoreRefusesListing() {
        ListableStore store = (ListableStore) storeWith(ALL);
        store.close();
        assertThrows(ZarrException.Closed.class, () -> store.list(""));
    }
}
