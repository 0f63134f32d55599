package dev.stride.internal.write;

import dev.stride.model.ZarrException;

/** Writing a key failed for a reason outside Stride (an I/O error, a callback that threw); the key keeps its old value. */
public final class WriteFailure extends ZarrException {
    public WriteFailure(String node, String key, Throwable cause) {
        super(node, null, key, "not written, the old value is kept: " + cause, cause);
    }
}
