package dev.stride.http;

import dev.stride.spi.ValuePart;

import java.lang.foreign.MemorySegment;
import java.net.http.HttpResponse.BodySubscriber;
import java.net.http.HttpResponse.BodySubscribers;
import java.net.http.HttpResponse.ResponseInfo;
import java.util.function.LongFunction;

/**
 * What a GET of a byte range accepts: a 206 whose {@code Content-Range} is the range asked for, resolved against the
 * value's size as a server does (a prefix or suffix longer than the value is clamped to it); a 200 with the whole
 * value when that is all the range asked for; a 416 that leaves nothing to read (a prefix of an empty value), or else
 * says the range lies past the end. A 200 with more than the range asked for is a server that ignores {@code Range}:
 * a failure whose cause is {@link IgnoredRange}, its body left unread, so that the store can read whole values instead.
 */
record RangeAnswer(ByteRange range, LongFunction<MemorySegment> memory) implements HttpTransport.Answer<ValuePart> {

    /** How a response answers the range, decided from its status and headers before its body is read. */
    sealed interface Plan {
        /**
         * Read a body of {@code bodyLength} bytes, keeping {@code [keepFrom, keepFrom + keepLength)} of a value of
         * {@code size} in {@code version} (null: none named).
         */
        record Body(long bodyLength, long keepFrom, long keepLength, long size, ValueVersion version) implements Plan {
            ValuePart part(MemorySegment bytes) {
                return new ValuePart(bytes, size, version == null ? null : version.ofSize(size));
            }
        }

        /** The answer is known without the body (a refusal, an empty range). */
        record Ended(Outcome<ValuePart> outcome) implements Plan {
        }
    }

    @Override
    public BodySubscriber<Outcome<ValuePart>> read(ResponseInfo info, Attempt attempt) {
        var headers = info.headers();
        ValueVersion version = ValueVersion.of(headers.firstValue("ETag").orElse(null), headers.firstValue("Last-Modified").orElse(null));
        return switch (plan(info.statusCode(), HttpTransport.contentLength(info), headers.firstValue("Content-Range").orElse(null), version)) {
            case null -> null;
            case Plan.Ended ended -> ended.outcome() instanceof Outcome.Done ? BodySubscribers.replacing(ended.outcome())
                    : new UnreadBody<>(ended.outcome());
            case Plan.Body b -> BodySubscribers.mapping(new SegmentSubscriber(attempt, memory, b.bodyLength(), b.keepFrom(), b.keepLength()),
                    outcome -> outcome.map(b::part));
        };
    }

    /**
     * The plan for a response of this status, {@code Content-Length} ({@code announced}, -1 when absent),
     * {@code Content-Range} and version; null for a status the common rules judge (404, errors). A 412 answers a read
     * of a version that the value no longer is: a failure whose cause is {@link ValueVersion.Changed}.
     */
    Plan plan(int status, long announced, String contentRange, ValueVersion version) {
        return switch (status) {
            case 206 -> partial(ContentRange.parse(contentRange), contentRange, announced, version);
            case 200 -> whole(announced, version);
            case 416 -> unsatisfiable(ContentRange.parse(contentRange));
            case 412 -> new Plan.Ended(new Outcome.Fail<>("HTTP 412: the value changed since it was first read", new ValueVersion.Changed()));
            default -> null;
        };
    }

    private Plan partial(ContentRange answered, String header, long announced, ValueVersion version) {
        if (answered == null || answered.first() < 0) {
            return fail("a 206 without a valid Content-Range" + (header == null ? "" : " (" + header + ")") + " to Range: " + range.header());
        }
        ByteRange.Exact asked = range.within(answered.size());
        if (asked == null) {
            return fail(pastTheEnd(answered.size()));
        }
        if (!answered.answers(asked)) {
            return fail("the answer Content-Range: " + header + " does not match Range: " + range.header());
        }
        if (announced >= 0 && announced != asked.length()) {
            return new Plan.Ended(new Outcome.Retry<>("Content-Length " + announced + " disagrees with Content-Range: " + header));
        }
        return new Plan.Body(asked.length(), 0, asked.length(), answered.size(), version);
    }

    private Plan whole(long size, ValueVersion version) {
        if (size < 0) {
            return fail("a 200 without a Content-Length");
        }
        ByteRange.Exact asked = range.within(size);
        if (asked == null) {
            return fail(pastTheEnd(size));
        }
        if (asked.length() < size) {
            return new Plan.Ended(new Outcome.Fail<>("the server ignored Range: " + range.header() + " and answered with the whole value of "
                    + size + " bytes", new IgnoredRange()));
        }
        return new Plan.Body(size, asked.offset(), asked.length(), size, version);
    }

    private Plan unsatisfiable(ContentRange answered) {
        if (answered == null || answered.first() >= 0) {
            return new Plan.Ended(new Outcome.Fail<>("HTTP 416 (range not satisfiable) to Range: " + range.header(), new UnsizedRefusal()));
        }
        ByteRange.Exact asked = range.within(answered.size());
        return asked != null && asked.length() == 0
                ? new Plan.Ended(new Outcome.Done<>(new ValuePart(MemorySegment.NULL, answered.size())))
                : fail(pastTheEnd(answered.size()));
    }

    private static Plan fail(String reason) {
        return new Plan.Ended(new Outcome.Fail<>(reason));
    }

    private String pastTheEnd(long size) {
        return "the range " + range.header() + " lies past the end of the value of " + size + " bytes";
    }
}
