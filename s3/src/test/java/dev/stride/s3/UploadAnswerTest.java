package dev.stride.s3;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The answers of a multipart upload, as laid out in S3's API reference. */
class UploadAnswerTest {

    private static UploadAnswer parse(String xml) {
        return UploadAnswer.parse(xml.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void theUploadIdOfAnInitiateResult() {
        UploadAnswer answer = parse("""
                <?xml version="1.0" encoding="UTF-8"?>
                <InitiateMultipartUploadResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">
                  <Bucket>example-bucket</Bucket>
                  <Key>example-object</Key>
                  <UploadId>VXBsb2FkIElEIGZvciA2aWWpbmcncyBteS1tb3ZpZS5tMnRzIHVwbG9hZA</UploadId>
                </InitiateMultipartUploadResult>""");
        assertEquals("VXBsb2FkIElEIGZvciA2aWWpbmcncyBteS1tb3ZpZS5tMnRzIHVwbG9hZA", answer.require("InitiateMultipartUploadResult", "UploadId"));
        var e = assertThrows(IllegalArgumentException.class, () -> answer.require("InitiateMultipartUploadResult", "Nonsense"));
        assertEquals("the <InitiateMultipartUploadResult> has no <Nonsense>", e.getMessage());
    }

    @Test
    void aCompletionAnswerMayBeAnErrorAfterTheBlanksThatKeptTheConnectionOpen() {
        UploadAnswer done = parse("""
                <?xml version="1.0" encoding="UTF-8"?>
                <CompleteMultipartUploadResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">
                  <Location>http://Example-Bucket.s3.amazonaws.com/Example-Object</Location>
                  <Bucket>Example-Bucket</Bucket>
                  <Key>Example-Object</Key>
                  <ETag>"3858f62230ac3c915f300c664312c11f-9"</ETag>
                </CompleteMultipartUploadResult>""");
        assertEquals("CompleteMultipartUploadResult", done.root());
        assertEquals("", done.describeError());

        UploadAnswer failed = parse("        \n     " + """
                <?xml version="1.0" encoding="UTF-8"?>
                <Error>
                  <Code>InternalError</Code>
                  <Message>We encountered an internal error. Please try again.</Message>
                  <RequestId>656c76696e6727732072657175657374</RequestId>
                </Error>""");
        assertTrue(failed.worthRetrying());
        assertEquals(" (InternalError: We encountered an internal error. Please try again.)", failed.describeError());
        var e = assertThrows(IllegalArgumentException.class, () -> failed.require("InitiateMultipartUploadResult", "UploadId"));
        assertEquals("the answer is a <Error> (InternalError: We encountered an internal error. Please try again.), not a <InitiateMultipartUploadResult>",
                e.getMessage());

        assertFalse(parse("<Error><Code>EntityTooSmall</Code><Nested><Code>SlowDown</Code></Nested></Error>").worthRetrying(),
                "only the error's own code counts");
        assertThrows(IllegalArgumentException.class, () -> parse("<CompleteMultipartUploadResult><Bucket>b"));
    }
}
