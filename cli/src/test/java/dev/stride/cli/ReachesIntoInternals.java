package dev.stride.cli;

import dev.stride.internal.store.MemoryStore;

/** A command-line class that breaks the layering on purpose: the architecture test's own test reads its class file. */
public final class ReachesIntoInternals {
    private ReachesIntoInternals() {
    }

    public static MemoryStore store(MemoryStore s) {
        return s;
    }
}
