package dev.stride.cli;

import dev.stride.model.ZarrException;
import dev.stride.spi.WritableStore;

import java.lang.foreign.MemorySegment;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Arrays;
import java.util.UUID;
import java.util.function.Consumer;

/**
 * One copy's hold on a destination in an object store, which has no rename to publish a hierarchy in one step: an
 * object {@value #KEY} at its root, made with a conditional write (S3's {@code If-None-Match: *}) before anything is
 * written and deleted after the last {@code zarr.json}, so a second copy to the same place is refused instead of
 * mixing its chunks in. Its name starts with a dot: no Zarr node or chunk key has such a name, so readers pass it by.
 *
 * <p>The claim holds a random token that is read back after the claim and again before publishing: a server that
 * ignores the condition (s3proxy 2.7 does) lets a second copy overwrite it, and then the copy that lost it stops.
 */
final class DestinationClaim {
    static final String KEY = ".stride-copy-claim";

    private final WritableStore store;
    private final String destination;
    private final byte[] mine;
    /** Why the claim was lost, once {@link #confirm} found another copy's token in it; null while it holds this one's. */
    private volatile String lost;

    private DestinationClaim(WritableStore store, String destination, byte[] mine) {
        this.store = store;
        this.destination = destination;
        this.mine = mine;
    }

    /**
     * Claims {@code store} for this copy; {@code warn} hears when the store cannot make the claim exclusive.
     *
     * @param destination the store as the user named it, for messages
     * @throws ZarrException.BadRequest when another copy holds the claim
     */
    static DestinationClaim take(WritableStore store, String destination, Consumer<String> warn) {
        DestinationClaim claim = new DestinationClaim(store, destination, text().getBytes(StandardCharsets.UTF_8));
        // a server that ignores the condition would let the write below replace a running copy's claim
        byte[] before = store.readBytes(KEY);
        if (before != null) {
            throw claim.held(before);
        }
        MemorySegment value = MemorySegment.ofArray(claim.mine);
        if (!store.create(KEY, value)) {
            byte[] held = store.readBytes(KEY);
            // a retried write whose first attempt was stored finds its own claim
            if (!Arrays.equals(held, claim.mine)) {
                throw claim.held(held);
            }
        }
        // the same bytes again: a store that honours the condition refuses, one that ignores it stores them anew
        boolean exclusive = !store.create(KEY, value);
        claim.confirm();
        if (!exclusive) {
            warn.accept(destination + " ignores conditional writes (If-None-Match), so a copy to it started at the same"
                    + " moment may not be refused; this copy checks its claim " + KEY + " again before publishing");
        }
        return claim;
    }

    /**
     * Fails unless the claim still holds this copy's token: another copy overwrote it, and this one must stop without
     * publishing, deleting or releasing anything, all of which now touch the other copy's keys.
     */
    void confirm() {
        byte[] held = store.readBytes(KEY);
        if (!Arrays.equals(held, mine)) {
            lost = lostReason(held);
            throw new ZarrException.BadRequest(null, lost);
        }
    }

    /**
     * Whether the claim still holds this copy's token, so that everything at the destination is this copy's to delete
     * (it was empty when claimed); false when another copy took it over, or when the claim cannot be read to tell.
     */
    boolean stillMine() {
        if (lost != null) {
            return false;
        }
        try {
            confirm();
            return true;
        } catch (ZarrException e) {
            return false;
        }
    }

    /** Why the claim was lost, once {@link #confirm} or {@link #stillMine} found it so; null while it is not. */
    String lostReason() {
        return lost;
    }

    private String lostReason(byte[] held) {
        return "was claimed by another copy while this one ran (" + holder(held) + "): the server ignored the condition of"
                + " the claim, and both copies wrote there. This copy published and deleted nothing; unless the two copied"
                + " the same source with the same options, delete " + destination.replaceFirst("[?].*", "") + " and copy again";
    }

    /** Deletes the claim: the copy is complete, or has deleted what it wrote. Nothing once the claim was lost. */
    void release() {
        if (lost == null) {
            store.delete(KEY);
        }
    }

    private ZarrException held(byte[] held) {
        return new ZarrException.BadRequest(null, "is being written by another copy (" + holder(held) + "), which holds"
                + " its claim " + KEY + "; two copies would mix their chunks. If no copy is running there, delete that"
                + " object (" + destination.replaceFirst("[?].*", "") + "/" + KEY + ") and copy again");
    }

    /** "pid 4242 on host h since 2026-12-04T18:00:00Z", what the claim says of its copy. */
    private static String holder(byte[] held) {
        if (held == null) {
            return "one that has finished since";
        }
        String text = new String(held, StandardCharsets.UTF_8).strip();
        int from = text.indexOf(", ");
        return from < 0 ? "unnamed" : text.substring(from + 2);
    }

    /** "stride copy TOKEN, pid 4242 on host h since 2026-12-04T18:00:00Z" */
    private static String text() {
        String host;
        try {
            host = InetAddress.getLocalHost().getHostName();
        } catch (UnknownHostException e) {
            host = "an unnamed host";
        }
        return "stride copy " + UUID.randomUUID() + ", pid " + ProcessHandle.current().pid() + " on " + host
                + " since " + Instant.now().truncatedTo(ChronoUnit.SECONDS) + "\n";
    }
}
