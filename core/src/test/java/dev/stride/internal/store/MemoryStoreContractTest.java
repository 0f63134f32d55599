package dev.stride.internal.store;

import dev.stride.spi.WritableStore;
import dev.stride.testing.WritableStoreContract;

import java.util.Map;

/** The store contract over {@link MemoryStore}, whose keys are files in folders as on disk. */
class MemoryStoreContractTest extends WritableStoreContract {

    @Override
    protected WritableStore emptyWritable() {
        return new MemoryStore();
    }

    @Override
    protected boolean createsConditionally() {
        return false;
    }

    @Override
    protected Folders folders() {
        return Folders.DIRECTORIES;
    }

    @Override
    protected Unreadable unreadable() {
        return new Unreadable(storeWith(Map.of("a/b", new byte[1])), "a", "is a directory, not a file");
    }
}
