package dev.stride.s3;

import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;

/**
 * An answer to a request of a multipart upload, read from its XML: the root element's name and the text of its
 * children that hold text ({@code <UploadId>}, {@code <Code>}), the others skipped.
 *
 * @param root the root element's local name ({@code InitiateMultipartUploadResult}, {@code Error})
 * @param texts the text of each child element without children of its own, by local name
 */
record UploadAnswer(String root, Map<String, String> texts) {
    /** S3's codes of failures that another attempt may not meet (those {@code dev.stride.http} retries too). */
    private static final Set<String> CODES_WORTH_RETRYING = Set.of("SlowDown", "InternalError", "RequestTimeout", "ServiceUnavailable");

    UploadAnswer {
        texts = Map.copyOf(texts);
    }

    /**
     * Reads an answer.
     *
     * @throws IllegalArgumentException when it is not well-formed XML
     */
    static UploadAnswer parse(byte[] xml) {
        try {
            XMLStreamReader r = S3Xml.open(xml);
            try {
                String root = r.getLocalName();
                Map<String, String> texts = new HashMap<>();
                while (r.nextTag() == XMLStreamConstants.START_ELEMENT) {
                    String name = r.getLocalName();
                    String text = text(r);
                    if (text != null) {
                        texts.put(name, text);
                    }
                }
                return new UploadAnswer(root, texts);
            } finally {
                r.close();
            }
        } catch (XMLStreamException e) {
            throw new IllegalArgumentException("the answer is not well-formed XML: " + e.getMessage(), e);
        }
    }

    /** The text of the current element, or null (and the element skipped) when it has elements inside. */
    private static String text(XMLStreamReader r) throws XMLStreamException {
        StringBuilder text = new StringBuilder();
        for (int event = r.next(); event != XMLStreamConstants.END_ELEMENT; event = r.next()) {
            if (event == XMLStreamConstants.START_ELEMENT) {
                S3Xml.skip(r);
                S3Xml.skip(r);
                return null;
            }
            if (event == XMLStreamConstants.CHARACTERS || event == XMLStreamConstants.CDATA) {
                text.append(r.getText());
            }
        }
        return text.toString();
    }

    /**
     * The text of child {@code name} of root {@code expected}.
     *
     * @throws IllegalArgumentException when the root is another element or has no such child
     */
    String require(String expected, String name) {
        if (!root.equals(expected)) {
            throw new IllegalArgumentException("the answer is a <" + root + ">" + describeError() + ", not a <" + expected + ">");
        }
        String value = texts.get(name);
        if (value == null || value.isBlank()) {
            throw new IllegalArgumentException("the <" + expected + "> has no <" + name + ">");
        }
        return value;
    }

    /** Whether the answer is an {@code <Error>} whose code another attempt may not meet. */
    boolean worthRetrying() {
        return root.equals("Error") && CODES_WORTH_RETRYING.contains(texts.getOrDefault("Code", ""));
    }

    /** {@code " (InternalError: We encountered an internal error.)"} for an error, else nothing. */
    String describeError() {
        if (!root.equals("Error")) {
            return "";
        }
        String message = texts.getOrDefault("Message", "");
        return " (" + texts.getOrDefault("Code", "no code") + (message.isBlank() ? "" : ": " + message) + ")";
    }
}
