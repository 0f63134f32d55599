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
 * value when it is small (a server that ignores {@code Range}), sliced here; a 416 that leaves nothing to read (a
 * prefix of an empty value), or else says the range lies past the end.
 */
record RangeAnswer(ByteRange range, LongFunction<MemorySegment> memory, long wasteAllowed) implements HttpTransport.Answer<ValuePart> {

    @Override
    public BodySubscriber<Outcome<ValuePart>> read(ResponseInfo info, Attempt attempt) {
        long announced = HttpTransport.contentLength(info);
        String contentRange = info.headers().firstValue("Content-Range").orElse(null);
        return switch (info.statusCode()) {
            case 206 -> partial(attempt, ContentRange.parse(contentRange), contentRange, announced);
            case 200 -> whole(attempt, announced);
            case 416 -> unsatisfiable(ContentRange.parse(contentRange));
            default -> null;
        };
    }

    private BodySubscriber<Outcome<ValuePart>> partial(Attempt attempt, ContentRange answered, String header, long announced) {
        if (answered == null || answered.first() < 0) {
            return HttpTransport.failing("a 206 without a valid Content-Range" + (header == null ? "" : " (" + header + ")")
                    + " to Range: " + range.header());
        }
        ByteRange.Exact asked = range.within(answered.size());
        if (asked == null) {
            return HttpTransport.failing(pastTheEnd(answered.size()));
        }
        if (!answered.answers(asked)) {
            return HttpTransport.failing("the answer Content-Range: " + header + " does not match Range: " + range.header());
        }
        if (announced >= 0 && announced != asked.length()) {
            return BodySubscribers.replacing(new Outcome.Retry<>("Content-Length " + announced + " disagrees with Content-Range: " + header));
        }
        return body(attempt, asked.length(), 0, asked.length(), answered.size());
    }

    private BodySubscriber<Outcome<ValuePart>> whole(Attempt attempt, long size) {
        if (size < 0) {
            return HttpTransport.failing("a 200 without a Content-Length");
        }
        ByteRange.Exact asked = range.within(size);
        if (asked == null) {
            return HttpTransport.failing(pastTheEnd(size));
        }
        if (range.header() != null && size - asked.length() > wasteAllowed) {
            return HttpTransport.failing("the server ignored Range: " + range.header() + " and answered with the whole value of "
                    + size + " bytes");
        }
        return body(attempt, size, asked.offset(), asked.length(), size);
    }

    private BodySubscriber<Outcome<ValuePart>> unsatisfiable(ContentRange answered) {
        if (answered == null || answered.first() >= 0) {
            return HttpTransport.failing("HTTP 416 (range not satisfiable) to Range: " + range.header());
        }
        ByteRange.Exact asked = range.within(answered.size());
        return asked != null && asked.length() == 0
                ? BodySubscribers.replacing(new Outcome.Done<>(new ValuePart(MemorySegment.NULL, answered.size())))
                : HttpTransport.failing(pastTheEnd(answered.size()));
    }

    private String pastTheEnd(long size) {
        return "the range " + range.header() + " lies past the end of the value of " + size + " bytes";
    }

    private BodySubscriber<Outcome<ValuePart>> body(Attempt attempt, long bodyLength, long keepFrom, long keepLength, long size) {
        return BodySubscribers.mapping(new SegmentSubscriber(attempt, memory, bodyLength, keepFrom, keepLength),
                outcome -> outcome.map(bytes -> new ValuePart(bytes, size)));
    }
}
