package dev.stride.model;

import java.util.regex.Pattern;

/**
 * The one exception family of Stride: every failure leaves the public API ({@code Zarr}, {@code ZarrArray},
 * {@code Group}, {@code ZarrWriter}, {@code ArrayWriter}) as one of its kinds, so a {@code switch} over them is
 * exhaustive. Each carries where it happened: the node's path, the JSON member as a JSON pointer
 * ({@code /data_type/configuration/fields/1/name}) or the store key, and why. {@link #getMessage()} puts them on one
 * line; an I/O, native or plug-in failure underneath is the {@linkplain #getCause() cause}.
 *
 * <p>The same mistake is the same kind on read and write:
 * <ul>
 * <li>a path that no node can have (an empty name, {@code .}, {@code ..}, a name starting with {@code __},
 *     {@code zarr.json}) is a {@link BadRequest}, as any malformed argument; {@link NodeNotFound} means a legal path
 *     where no node (or a node of the other kind) is;
 * <li>a {@code zarr.json} member that breaks the spec, or a fill value or codec configuration that does not fit, is
 *     {@link InvalidMetadata} naming the member, whether it was read or is about to be written;
 * <li>a codec, data type or extension no module provides is {@link Unsupported};
 * <li>an unknown field, a region outside the array or a column of the wrong type is a {@link BadRequest}.
 * </ul>
 * Exceptions thrown by the caller's own {@link RecordVisitor} or {@link ScanOptions.Progress} pass through as they
 * are; on write, one thrown while a chunk is assembled (a {@code RecordFiller}) is the cause of a {@link WriteFailure}
 * naming the chunk left unchanged.
 */
public sealed class ZarrException extends RuntimeException permits ZarrException.InvalidMetadata, ZarrException.Unsupported,
        ZarrException.CorruptChunk, ZarrException.StoreFailure, ZarrException.WriteFailure, ZarrException.NodeNotFound,
        ZarrException.Closed, ZarrException.OverBudget, ZarrException.BadRequest {
    private static final long serialVersionUID = 1L;
    /**
     * A scheme and {@code //}, then an authority's user information up to its {@code @} (RFC 3986: no / ? # in it);
     * not in {@code abfs://} and {@code abfss://} URIs, where the part before {@code @} names the container.
     */
    private static final Pattern USER_INFO = Pattern.compile("(?<![A-Za-z0-9+.-])(?!(?i:abfss?)://)([A-Za-z][A-Za-z0-9+.-]*://)[^/?#@\\s]*@");
    /**
     * The value of a query parameter that signs a URL: a SAS token's {@code sig}, and a presigned S3 URL's signature,
     * credential and session token (the rest of a query names no secret, and users need it to tell URLs apart).
     */
    private static final Pattern SIGNATURE = Pattern.compile("(?i)(?<=[?&])(sig|x-amz-signature|x-amz-credential|x-amz-security-token)=[^&#\\s'\"),:]*");

    /** The node's path, or null. */
    private final String node;

    /** The JSON pointer of the member at fault, or null. */
    private final String member;

    /** The store key at fault, or null. */
    private final String chunkKey;

    /** Why, without the place. */
    private final String reason;

    ZarrException(String node, String member, String chunkKey, String reason, Throwable cause) {
        this(node, member, chunkKey, "chunk", reason, cause);
    }

    /** {@code keyLabel} names what the key is in the message: "chunk", or "key" for any store key. */
    private ZarrException(String node, String member, String chunkKey, String keyLabel, String reason, Throwable cause) {
        super(compose(node, member, chunkKey, keyLabel, redacted(reason)), cause);
        this.node = node;
        this.member = member;
        this.chunkKey = chunkKey;
        this.reason = redacted(reason);
    }

    private static String compose(String node, String member, String chunkKey, String keyLabel, String reason) {
        StringBuilder s = new StringBuilder();
        if (node != null) {
            s.append(node.isEmpty() ? "/" : node);
        }
        if (chunkKey != null) {
            s.append(s.isEmpty() ? "" : " ").append(keyLabel).append(' ').append(chunkKey);
        }
        if (member != null) {
            s.append(s.isEmpty() ? "" : " ").append(member.isEmpty() ? "/" : member);
        }
        return s.isEmpty() ? reason : s + ": " + reason;
    }

    /**
     * The text with the user information of every URI in it replaced by {@code ***} ({@code http://user:secret@host/x}
     * shows as {@code http://***@host/x}) and the values of the query parameters that sign a URL by {@code REDACTED}
     * ({@code ?sv=2025-11-05&sig=REDACTED}), as in every message of this family; for text of one's own that quotes
     * URIs users typed (a log line, a usage error).
     *
     * @param text any text, or null
     * @return the text with no URI's user information or signature, or null for null
     */
    public static String redacted(String text) {
        if (text == null) {
            return null;
        }
        String hidden = text.indexOf('@') < 0 ? text : USER_INFO.matcher(text).replaceAll("$1***@");
        return hidden.indexOf('=') < 0 ? hidden : SIGNATURE.matcher(hidden).replaceAll("$1=REDACTED");
    }

    /**
     * The node's path in its hierarchy ({@code /group/array}), or null.
     *
     * @return the path, or null when the failure is not about one node
     */
    public String node() {
        return node;
    }

    /**
     * The JSON pointer of the member at fault in the node's {@code zarr.json}, or null.
     *
     * @return the JSON pointer, or null when no member is at fault
     */
    public String member() {
        return member;
    }

    /**
     * The store key of the chunk at fault, or null.
     *
     * @return the store key, or null when no key is at fault
     */
    public String chunkKey() {
        return chunkKey;
    }

    /**
     * Why, without the location.
     *
     * @return the reason alone, without the place
     */
    public String reason() {
        return reason;
    }

    /** A {@code zarr.json} that breaks the spec, or a value that does not fit its type. */
    public static final class InvalidMetadata extends ZarrException {

        private static final long serialVersionUID = 1L;

        /**
         * A member that breaks the spec.
         *
         * @param node the node's path, or null
         * @param member the JSON pointer of the member (after the document's name when it is not zarr.json: {@code
         *        .zarray/dtype/2/1}), or null
         * @param reason why, in a sentence
         */
        public InvalidMetadata(String node, String member, String reason) {
            super(node, member, null, reason, null);
        }

        /**
         * A member that breaks the spec, and the failure underneath.
         *
         * @param node the node's path, or null
         * @param member the JSON pointer of the member (after the document's name when it is not zarr.json: {@code
         *        .zarray/dtype/2/1}), or null
         * @param reason why, in a sentence
         * @param cause the failure underneath
         */
        public InvalidMetadata(String node, String member, String reason, Throwable cause) {
            super(node, member, null, reason, cause);
        }
    }

    /** A data type, codec, chunk grid, key encoding, storage transformer or member that Stride must understand but does not know. */
    public static final class Unsupported extends ZarrException {

        private static final long serialVersionUID = 1L;

        /**
         * Something Stride must understand but does not know.
         *
         * @param node the node's path, or null
         * @param member the JSON pointer of the member (after the document's name when it is not zarr.json: {@code
         *        .zarray/dtype/2/1}), or null
         * @param reason why, in a sentence
         */
        public Unsupported(String node, String member, String reason) {
            super(node, member, null, reason, null);
        }
    }

    /** Stored chunk bytes that do not decode to what the metadata promises. */
    public static final class CorruptChunk extends ZarrException {

        private static final long serialVersionUID = 1L;

        /**
         * Chunk bytes that do not decode.
         *
         * @param node the node's path, or null
         * @param chunkKey the chunk's store key, or null
         * @param reason why, in a sentence
         */
        public CorruptChunk(String node, String chunkKey, String reason) {
            super(node, null, chunkKey, reason, null);
        }

        /**
         * Chunk bytes that do not decode, and the failure of the decoder.
         *
         * @param node the node's path, or null
         * @param chunkKey the chunk's store key, or null
         * @param reason why, in a sentence
         * @param cause the failure underneath
         */
        public CorruptChunk(String node, String chunkKey, String reason, Throwable cause) {
            super(node, null, chunkKey, reason, cause);
        }
    }

    /** The store could not read or write a key (its path for a whole store). */
    public static final class StoreFailure extends ZarrException {

        private static final long serialVersionUID = 1L;

        /**
         * A store that could not read or write.
         *
         * @param key the store key (the store's path for a whole store), or null
         * @param reason why, in a sentence
         * @param cause the failure underneath, or null
         */
        public StoreFailure(String key, String reason, Throwable cause) {
            super(null, null, key, "key", reason, cause);
        }
    }

    /**
     * Writing a key failed for a reason outside Stride (an I/O error, a native codec, a callback that threw): the key
     * keeps its old value; the cause says what failed.
     */
    public static final class WriteFailure extends ZarrException {

        private static final long serialVersionUID = 1L;

        /**
         * A failed write of {@code key}, the reason taken from the cause.
         *
         * @param node the node's path, or null
         * @param key the store key that keeps its old value
         * @param cause the failure underneath
         */
        public WriteFailure(String node, String key, Throwable cause) {
            this(node, key, String.valueOf(cause), cause);
        }

        /**
         * A failed write of {@code key}, saying what failed.
         *
         * @param node the node's path, or null
         * @param key the store key that keeps its old value
         * @param reason why, in a sentence
         * @param cause the failure underneath
         */
        public WriteFailure(String node, String key, String reason, Throwable cause) {
            super(node, null, key, "not written, the old value is kept: " + reason, cause);
        }
    }

    /** No node at a legal path, or a node of the other kind. */
    public static final class NodeNotFound extends ZarrException {

        private static final long serialVersionUID = 1L;

        /**
         * No node, or one of the other kind, at a legal path.
         *
         * @param node the node's path, or null
         * @param reason why, in a sentence
         */
        public NodeNotFound(String node, String reason) {
            super(node, null, null, reason, null);
        }
    }

    /** A closed hierarchy, array or store was used. */
    public static final class Closed extends ZarrException {

        private static final long serialVersionUID = 1L;

        /**
         * A use of something closed.
         *
         * @param what what was closed ({@code array /x})
         */
        public Closed(String what) {
            super(null, null, null, what + " is closed", null);
        }
    }

    /** Decoding needs more off-heap buffer memory than the decode budget (system property {@code stride.decode.budget}) allows. */
    public static final class OverBudget extends ZarrException {

        private static final long serialVersionUID = 1L;

        /**
         * A decode that needs more memory than the budget allows.
         *
         * @param node the node's path, or null
         * @param chunkKey the chunk's store key, or null
         * @param reason why, in a sentence
         */
        public OverBudget(String node, String chunkKey, String reason) {
            super(node, null, chunkKey, reason, null);
        }
    }

    /** A selection, field or argument that does not fit the array. */
    public static final class BadRequest extends ZarrException {

        private static final long serialVersionUID = 1L;

        /**
         * A malformed argument or one that does not fit the array.
         *
         * @param node the node's path, or null
         * @param reason why, in a sentence
         */
        public BadRequest(String node, String reason) {
            super(node, null, null, reason, null);
        }

        /**
         * {@code value} when it is not null; otherwise a BadRequest naming the {@code parameter} that was null.
         *
         * @param value the argument
         * @param parameter the parameter's name, for the message
         * @param <T> the argument's type
         * @return {@code value}
         */
        public static <T> T requireNonNull(T value, String parameter) {
            if (value == null) {
                throw new BadRequest(null, parameter + " must not be null");
            }
            return value;
        }
    }
}
