package dev.stride.internal.claim;

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
 * One writer's hold on a destination that has no rename to publish in one step (an object store; a Spark write's
 * array, whose tasks store chunks in place): an object at its root, made with a conditional write (S3's
 * {@code If-None-Match: *}) before anything is written and deleted once the writer is done, so a second writer to the
 * same place is refused instead of mixing its chunks in. Its name starts with a dot: no Zarr node or chunk key has
 * such a name, so readers pass it by.
 *
 * <p>The claim holds a random token that is read back after the claim and again before publishing: a server that
 * ignores the condition (s3proxy 2.7 does) lets a second writer overwrite it, and then the writer that lost it stops
 * without publishing, deleting or releasing anything, all of which would now touch the other writer's keys.
 */
public final class WriteClaim {
    /** Who claims, in the words of its messages. */
    public enum Writer {
        /** {@code stride copy}. */
        COPY(".stride-copy-claim", "copy", "copies", "copied the same source"),
        /** A Spark DataFrame write. */
        SPARK_WRITE(".stride-write-claim", "write", "writes", "wrote the same rows");

        private final String key;
        private final String noun;
        private final String plural;
        private final String alike;

        Writer(String key, String noun, String plural, String alike) {
            this.key = key;
            this.noun = noun;
            this.plural = plural;
            this.alike = alike;
        }

        /** {@return the claim's key at the destination's root} */
        public String key() {
            return key;
        }
    }

    private final WritableStore store;
    private final Writer writer;
    private final String destination;
    private final byte[] mine;
    /** Why the claim was lost, once {@link #confirm} found another writer's token in it; null while it holds this one's. */
    private volatile String lost;

    private WriteClaim(WritableStore store, Writer writer, String destination) {
        this(store, writer, destination.replaceFirst("[?].*", "").replaceFirst("/+$", ""), text(writer).getBytes(StandardCharsets.UTF_8), null);
    }

    private WriteClaim(WritableStore store, Writer writer, String destination, byte[] mine, String lost) {
        this.store = store;
        this.writer = writer;
        this.destination = destination;
        this.mine = mine;
        this.lost = lost;
    }

    /**
     * This claim through another open store of the same destination, for a writer that closes the store it claimed
     * through between its steps (a Spark write's driver).
     */
    public WriteClaim through(WritableStore other) {
        return new WriteClaim(other, writer, destination, mine, lost);
    }

    /**
     * Claims {@code store} for this writer; {@code warn} hears when the store cannot make the claim exclusive.
     *
     * @param destination the store as the user named it, for messages
     * @throws ZarrException.BadRequest when another writer holds the claim
     */
    public static WriteClaim take(WritableStore store, Writer writer, String destination, Consumer<String> warn) {
        WriteClaim claim = new WriteClaim(store, writer, destination);
        claim.refuseIfHeld();
        MemorySegment value = MemorySegment.ofArray(claim.mine);
        if (!store.create(writer.key, value)) {
            byte[] held = store.readBytes(writer.key);
            // a retried write whose first attempt was stored finds its own claim
            if (!Arrays.equals(held, claim.mine)) {
                throw claim.held(held);
            }
        }
        // the same bytes again: a store that honours the condition refuses, one that ignores it stores them anew
        boolean exclusive = !store.create(writer.key, value);
        claim.confirm();
        if (!exclusive) {
            warn.accept(destination + " ignores conditional writes (If-None-Match), so a " + writer.noun + " to it started at"
                    + " the same moment may not be refused; this " + writer.noun + " checks its claim " + writer.key
                    + " again before publishing");
        }
        return claim;
    }

    /**
     * Refuses when another writer holds the claim of {@code store}, before this one looks further: a server that
     * ignores the condition would let the claim replace a running writer's.
     *
     * @throws ZarrException.BadRequest when the claim is there
     */
    public static void refuseIfHeld(WritableStore store, Writer writer, String destination) {
        new WriteClaim(store, writer, destination).refuseIfHeld();
    }

    private void refuseIfHeld() {
        byte[] before = store.readBytes(writer.key);
        if (before != null) {
            throw held(before);
        }
    }

    /**
     * Makes the claim again after this writer deleted what was at the destination, the claim with it (an array it
     * replaces); refused when another writer claimed the destination in between.
     *
     * @throws ZarrException.BadRequest when another writer holds the claim now
     */
    public void renew() {
        if (!store.create(writer.key, MemorySegment.ofArray(mine))) {
            confirm();
        }
    }

    /**
     * Fails unless the claim still holds this writer's token: another writer overwrote it, and this one must stop
     * without publishing, deleting or releasing anything, all of which now touch the other writer's keys.
     *
     * @throws ZarrException.BadRequest when the claim was lost
     */
    public void confirm() {
        byte[] held = store.readBytes(writer.key);
        if (!Arrays.equals(held, mine)) {
            lost = lostReason(held);
            throw new ZarrException.BadRequest(null, lost);
        }
    }

    /**
     * Whether the claim still holds this writer's token, so that everything at the destination is this writer's to
     * delete (it was empty when claimed); false when another writer took it over, or when the claim cannot be read.
     */
    public boolean stillMine() {
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

    /** {@return why the claim was lost, once {@link #confirm} or {@link #stillMine} found it so; null while it is not} */
    public String lostReason() {
        return lost;
    }

    /** Deletes the claim: the writer is done, or has deleted what it wrote. Nothing once the claim was lost. */
    public void release() {
        if (lost == null) {
            store.delete(writer.key);
        }
    }

    private String lostReason(byte[] held) {
        return "was claimed by another " + writer.noun + " while this one ran (" + holder(held) + "): the server ignored"
                + " the condition of the claim, and both " + writer.plural + " wrote there. This " + writer.noun
                + " published and deleted nothing; unless the two " + writer.alike + " with the same options, delete "
                + destination + " and " + writer.noun + " again";
    }

    private ZarrException held(byte[] held) {
        return new ZarrException.BadRequest(null, "is being written by another " + writer.noun + " (" + holder(held)
                + "), which holds its claim " + writer.key + "; two " + writer.plural + " would mix their chunks. If no "
                + writer.noun + " is running there, delete that object (" + destination + "/" + writer.key + ") and "
                + writer.noun + " again");
    }

    /** "pid 4242 on host h since 2026-12-04T18:00:00Z", what the claim says of its writer. */
    private static String holder(byte[] held) {
        if (held == null) {
            return "one that has finished since";
        }
        String text = new String(held, StandardCharsets.UTF_8).strip();
        int from = text.indexOf(", ");
        return from < 0 ? "unnamed" : text.substring(from + 2);
    }

    /** "stride copy TOKEN, pid 4242 on host h since 2026-12-04T18:00:00Z" */
    private static String text(Writer writer) {
        String host;
        try {
            host = InetAddress.getLocalHost().getHostName();
        } catch (UnknownHostException e) {
            host = "an unnamed host";
        }
        return "stride " + writer.noun + " " + UUID.randomUUID() + ", pid " + ProcessHandle.current().pid() + " on " + host
                + " since " + Instant.now().truncatedTo(ChronoUnit.SECONDS) + "\n";
    }
}
