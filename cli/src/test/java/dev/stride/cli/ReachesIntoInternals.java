package dev.stride.cli;

import dev.stride.internal.read.UnitGrid;

/** A command-line class that breaks the layering on purpose: the architecture test's own test reads its class file. */
public final class ReachesIntoInternals {
    private ReachesIntoInternals() {
    }

    public static UnitGrid grid(UnitGrid g) {
        return g;
    }
}
