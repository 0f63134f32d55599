package dev.stride.internal.write;

import dev.stride.model.Json;
import dev.stride.internal.json.JsonCodec;
import dev.stride.internal.where.StatisticsLink;
import dev.stride.internal.where.WrittenStatistics;
import dev.stride.model.ZarrException;
import dev.stride.spi.WritableStore;

import java.lang.foreign.MemorySegment;
import java.nio.charset.StandardCharsets;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The {@code zarr.json} of a new array, held back until its chunks are durable: readers see no array until
 * {@link #publish} stores it, so a writer that fails or is killed first leaves nothing readable. {@link #abandon}
 * deletes the chunks written so far instead. With {@link WrittenStatistics}, the statistics its writers gathered are
 * stored beside the array just before, and linked from its attributes. Shared by every writer of the array.
 */
public final class Publication {
    private enum State { PENDING, PUBLISHED, ABANDONED }

    private final WritableStore store;
    private final NodePath node;
    /** What the writers gather as they store chunks; null when the array gets no statistics. */
    private final WrittenStatistics statistics;
    /** Keys of the chunks written or deleted so far: what abandoning removes. */
    private final Set<String> chunks = ConcurrentHashMap.newKeySet();
    private volatile Json.JObject document;
    private volatile boolean failed;
    private State state = State.PENDING;

    /** {@code statistics} null: none are written, and a link to them the document has (from a copy's source) is dropped. */
    public Publication(WritableStore store, NodePath node, Json.JObject document, WrittenStatistics statistics) {
        this.store = store;
        this.node = node;
        this.document = document;
        this.statistics = statistics;
    }

    /** {@return what the writers gather as they store chunks, or null} */
    public WrittenStatistics statistics() {
        return statistics;
    }

    /** The document to publish; a compatible createArray before publication replaces it (new attributes). */
    public void document(Json.JObject document) {
        this.document = document;
    }

    public synchronized boolean pending() {
        return state == State.PENDING;
    }

    public void chunk(String key) {
        chunks.add(key);
    }

    /** A chunk write failed: the array can no longer be published, its values would be incomplete. */
    public void fail() {
        failed = true;
    }

    /** Stores the document once every chunk written is durable; refused after a failed write. */
    public synchronized void publish() {
        if (state == State.PUBLISHED) {
            return;
        }
        if (state == State.ABANDONED || failed) {
            throw new ZarrException.BadRequest(node.path(), state == State.ABANDONED ? "was aborted, so it cannot be committed"
                    : "a write to it failed, so it is not published; abort it, or create it again");
        }
        try {
            store.sync();
            Json.JObject published = StatisticsLink.unlinked(document);
            if (statistics != null) {
                store.write(sidecarKey(), MemorySegment.ofArray(statistics.document(store, node.prefix())));
                published = StatisticsLink.linked(document);
            }
            byte[] bytes = (JsonCodec.print(published, true) + "\n").getBytes(StandardCharsets.UTF_8);
            store.write(node.metadataKey(), MemorySegment.ofArray(bytes));
            store.sync();
            state = State.PUBLISHED;
        } catch (RuntimeException e) {
            abandonAfter(e);
            throw e instanceof ZarrException z ? z : new ZarrException.WriteFailure(node.path(), node.metadataKey(), e);
        }
    }

    /** Publishes unless a write failed; then abandons. What closing a writer does. */
    public synchronized void finish() {
        if (state == State.PENDING) {
            if (failed) {
                abandon();
            } else {
                publish();
            }
        }
    }

    /** Deletes the chunks written so far; the array is never published. Nothing once it was published. */
    public synchronized void abandon() {
        if (state == State.PENDING) {
            state = State.ABANDONED;
            store.delete(node.metadataKey());
            if (statistics != null) {
                store.delete(sidecarKey());
            }
            for (String key : chunks) {
                store.delete(key);
            }
            chunks.clear();
        }
    }

    /**
     * Gives the array up and leaves the chunks written so far in place: another writer may have written the same keys
     * since, and deleting them would destroy its array. Nothing once it was published.
     */
    public synchronized void leave() {
        if (state == State.PENDING) {
            state = State.ABANDONED;
            chunks.clear();
        }
    }

    private String sidecarKey() {
        return node.prefix() + StatisticsLink.SIDECAR;
    }

    private void abandonAfter(RuntimeException failure) {
        try {
            abandon();
        } catch (RuntimeException e) {
            failure.addSuppressed(e);
        }
    }
}
