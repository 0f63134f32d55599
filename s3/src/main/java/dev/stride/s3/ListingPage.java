package dev.stride.s3;

import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;
import java.util.ArrayList;
import java.util.List;

/**
 * One page of a ListObjectsV2 answer ({@code ListBucketResult}): the object keys and the common prefixes it lists,
 * and the token of the next page when the listing goes on.
 *
 * @param keys the {@code Contents/Key} values, whole object keys
 * @param prefixes the {@code CommonPrefixes/Prefix} values, each ending in the delimiter
 * @param nextToken {@code NextContinuationToken} when {@code IsTruncated} is true, else null
 */
record ListingPage(List<String> keys, List<String> prefixes, String nextToken) {
    ListingPage {
        keys = List.copyOf(keys);
        prefixes = List.copyOf(prefixes);
    }

    /**
     * Reads a page from the XML of a response body.
     *
     * @throws IllegalArgumentException when it is not a well-formed {@code ListBucketResult}, or says it is truncated
     *         without a token to go on with
     */
    static ListingPage parse(byte[] xml) {
        List<String> keys = new ArrayList<>();
        List<String> prefixes = new ArrayList<>();
        String token = null;
        boolean truncated = false;
        try {
            XMLStreamReader r = S3Xml.open(xml);
            try {
                if (!r.getLocalName().equals("ListBucketResult")) {
                    throw new IllegalArgumentException("the answer is a <" + r.getLocalName() + ">, not a <ListBucketResult>");
                }
                while (r.nextTag() == XMLStreamConstants.START_ELEMENT) {
                    switch (r.getLocalName()) {
                        case "Contents" -> keys.add(child(r, "Key"));
                        case "CommonPrefixes" -> prefixes.add(child(r, "Prefix"));
                        case "IsTruncated" -> truncated = Boolean.parseBoolean(r.getElementText().strip());
                        case "NextContinuationToken" -> token = r.getElementText();
                        default -> S3Xml.skip(r);
                    }
                }
            } finally {
                r.close();
            }
        } catch (XMLStreamException e) {
            throw new IllegalArgumentException("the answer is not well-formed XML: " + e.getMessage(), e);
        }
        if (truncated && (token == null || token.isEmpty())) {
            throw new IllegalArgumentException("the answer is truncated but has no NextContinuationToken");
        }
        return new ListingPage(keys, prefixes, truncated ? token : null);
    }

    /** The text of the one child named {@code name} of the current element, the others skipped. */
    private static String child(XMLStreamReader r, String name) throws XMLStreamException {
        String value = null;
        while (r.nextTag() == XMLStreamConstants.START_ELEMENT) {
            if (r.getLocalName().equals(name)) {
                value = r.getElementText();
            } else {
                S3Xml.skip(r);
            }
        }
        if (value == null) {
            throw new IllegalArgumentException("an entry of the listing has no <" + name + ">");
        }
        return value;
    }
}
