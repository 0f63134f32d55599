package dev.stride.azure;

import com.azure.core.util.BinaryData;
import com.azure.core.util.Context;
import com.azure.storage.blob.models.BlobRequestConditions;
import com.azure.storage.blob.options.BlockBlobCommitBlockListOptions;
import com.azure.storage.blob.options.BlockBlobStageBlockOptions;
import com.azure.storage.blob.specialized.BlockBlobClient;
import dev.stride.http.ParallelParts;
import dev.stride.http.PartPlan;
import dev.stride.http.UploadSettings;
import dev.stride.model.ZarrException;

import java.lang.foreign.MemorySegment;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.Locale;
import java.util.UUID;

/**
 * One value written as a block blob's blocks: Put Block for every part, several at once ({@link ParallelParts}), each
 * sent from the value's own memory, then Put Block List of them in order, which makes the blob in one step: readers
 * see the old value or the new one. A failure before the list is committed commits nothing: the blocks staged so far
 * stay uncommitted, seen by no reader, and Azure discards them itself (when the blob is next committed, or after a
 * week), so there is nothing to abort. Block ids start with a random id of this upload, so two writers of one key
 * never stage over each other's blocks; all have one length, as Azure requires of a blob's block ids.
 *
 * <p>Azure's limits: at most {@value #MAX_BLOCKS} blocks to a blob. A value that would need more gets larger blocks
 * ({@link PartPlan}), up to {@link UploadSettings#MAX_PART_SIZE}; a larger value is refused before any request.
 */
final class BlockUpload {
    /** The most blocks one blob may have. */
    static final int MAX_BLOCKS = 50_000;

    private BlockUpload() {
    }

    /**
     * Stores the value, only if {@code conditions} hold when its block list is committed (null: always).
     *
     * @param key the store key, for messages
     * @param deadline how long one request may take in all, its retries included
     * @throws ZarrException.StoreFailure when the value is larger than the blocks of a blob hold here
     * @throws RuntimeException what the SDK throws when a block or the list cannot be stored
     */
    static void write(BlockBlobClient blob, String key, MemorySegment value, UploadSettings settings, BlobRequestConditions conditions,
                      Duration deadline) {
        PartPlan plan = PartPlan.of(value.byteSize(), settings.partSize(), MAX_BLOCKS);
        if (plan.partSize() > UploadSettings.MAX_PART_SIZE) {
            throw new ZarrException.StoreFailure(key, "holds " + value.byteSize() + " bytes, more than the " + MAX_BLOCKS
                    + " blocks of at most " + (UploadSettings.MAX_PART_SIZE >> 20) + " MiB a blob is written in; write smaller chunks or shards", null);
        }
        String upload = UUID.randomUUID().toString().replace("-", "");
        List<String> blocks = ParallelParts.send(key, value, plan, settings.partsInFlight(), (number, body) -> {
            String id = blockId(upload, number);
            blob.stageBlockWithResponse(new BlockBlobStageBlockOptions(id, BinaryData.fromByteBuffer(body.asByteBuffer().asReadOnlyBuffer())),
                    deadline, Context.NONE);
            return id;
        });
        blob.commitBlockListWithResponse(new BlockBlobCommitBlockListOptions(blocks).setRequestConditions(conditions), deadline, Context.NONE);
    }

    /** {@code <upload>-<number, five digits>}, in base64: one length for every block of every upload. */
    private static String blockId(String upload, int number) {
        String id = upload + "-" + String.format(Locale.ROOT, "%05d", number);
        return Base64.getEncoder().encodeToString(id.getBytes(StandardCharsets.US_ASCII));
    }
}
