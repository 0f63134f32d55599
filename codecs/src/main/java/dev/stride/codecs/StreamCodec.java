package dev.stride.codecs;

import dev.stride.model.ZarrException;
import dev.stride.spi.BytesToBytesCodec;
import dev.stride.spi.DecodeContext;
import dev.stride.spi.DecodedSize;
import dev.stride.spi.Scratch;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.lang.foreign.MemorySegment;

/**
 * A numcodecs compressor whose Java library works on streams ({@code zlib}, {@code gzip}, {@code bz2}, {@code lzma}).
 * Decoding reads the decoder's output in pieces into a scratch buffer and stops one byte past the size the chunk may
 * have, so data that inflates further is refused after that many bytes, whatever it would inflate to.
 */
abstract sealed class StreamCodec implements BytesToBytesCodec permits LevelCodec, LzmaCodec {
    /** The piece of decoded bytes copied at a time, one array per reading thread for every stream codec. */
    private static final Object PIECE = new Object();
    private static final int PIECE_BYTES = 64 << 10;

    private final Object[] decodeBuffers = {new Object(), new Object()};
    private final Object[] encodeBuffers = {new Object(), new Object()};

    /** numcodecs' id, the name in messages, e.g. {@code bz2}. */
    private final String id;

    StreamCodec(String id) {
        this.id = id;
    }

    final String id() {
        return id;
    }

    /** A stream of the decoded bytes of {@code encoded}. */
    abstract InputStream decoder(InputStream encoded, DecodeContext ctx) throws IOException;

    /** A stream that writes the encoding of what it is given to {@code out}; closing it finishes the encoding. */
    abstract OutputStream encoder(OutputStream out, DecodeContext ctx) throws IOException;

    @Override
    public final String name() {
        return NumcodecsCodecs.PREFIX + id();
    }

    @Override
    public final MemorySegment decode(MemorySegment encoded, DecodedSize expected, DecodeContext ctx) {
        long limit = expected.limit();
        // an exact size is allocated at once; otherwise the buffer grows from a guess towards the limit
        long initial = expected.isExact() ? limit : Math.max(PIECE_BYTES, 4 * encoded.byteSize());
        ScratchOutput out = new ScratchOutput(ctx, decodeBuffers, initial, limit);
        byte[] piece = ctx.local(PIECE, () -> new byte[PIECE_BYTES]);
        try (InputStream in = decoder(new SegmentInput(encoded), ctx)) {
            int n;
            // one byte more than the room left shows a value that is too long without decoding the rest of it
            while ((n = in.read(piece, 0, (int) Math.min(PIECE_BYTES, limit - out.size() + 1))) > 0) {
                if (n > limit - out.size()) {
                    throw ctx.corrupt(id() + ": decodes to more than " + (expected.isExact() ? "the expected " : "the ") + limit
                            + " bytes" + (expected.isExact() ? "" : " the next codec can take"));
                }
                out.write(piece, 0, n);
            }
        } catch (IOException e) {
            throw ctx.corrupt(id() + ": " + describe(e), e);
        } catch (ZarrException e) {
            throw e;
        } catch (RuntimeException e) {
            // the libraries meet some malformed input with unchecked exceptions
            throw ctx.corrupt(id() + ": malformed data (" + e + ")", e);
        }
        if (expected.isExact() && out.size() != limit) {
            throw ctx.corrupt(id() + ": decodes to " + out.size() + " bytes, expected " + limit);
        }
        return out.written();
    }

    private static String describe(IOException e) {
        if (e.getMessage() != null) {
            return e.getMessage();
        }
        // the JDK's and xz's streams end an empty or cut-off input with a bare EOFException
        return e instanceof EOFException ? "the data ends before its stream does (empty or cut off)" : e.getClass().getSimpleName();
    }

    @Override
    public final MemorySegment encode(MemorySegment decoded, DecodeContext ctx) {
        long limit = Math.min(Scratch.MAX_BUFFER, maxEncodedSize(decoded.byteSize()));
        ScratchOutput out = new ScratchOutput(ctx, encodeBuffers, Math.max(PIECE_BYTES, decoded.byteSize() / 2), limit);
        try (OutputStream encoder = encoder(out, ctx)) {
            new SegmentInput(decoded).transferTo(encoder);
        } catch (ScratchOutput.Full e) {
            throw ctx.unwritable(id() + ": the encoding is larger than its bound of " + limit + " bytes", e);
        } catch (IOException e) {
            throw ctx.unwritable(id() + ": " + describe(e), e);
        }
        return out.written();
    }
}
