package dev.stride.s3;

import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;
import java.io.ByteArrayInputStream;

/** Reading the XML of S3's answers: a parser that trusts nothing in them, and walking their elements. */
final class S3Xml {

    private S3Xml() {
    }

    /**
     * A reader of {@code xml} on its root element. Blanks before the XML declaration are passed over: S3 sends them
     * while it completes a multipart upload, to keep the connection open. The reader reads no DTD and resolves no
     * external entity: the answer comes from a server we do not control.
     */
    static XMLStreamReader open(byte[] xml) throws XMLStreamException {
        // the JDK's own parser, whatever StAX implementation the class path brings; one per answer, since a factory is
        // not promised to be safe from many threads
        XMLInputFactory f = XMLInputFactory.newDefaultFactory();
        f.setProperty(XMLInputFactory.SUPPORT_DTD, false);
        f.setProperty(XMLInputFactory.IS_SUPPORTING_EXTERNAL_ENTITIES, false);
        f.setProperty(XMLInputFactory.IS_COALESCING, true);
        int start = 0;
        while (start < xml.length && Character.isWhitespace(xml[start])) {
            start++;
        }
        XMLStreamReader r = f.createXMLStreamReader(new ByteArrayInputStream(xml, start, xml.length - start));
        r.nextTag();
        return r;
    }

    /** Skips the current element with everything in it. */
    static void skip(XMLStreamReader r) throws XMLStreamException {
        int depth = 1;
        while (depth > 0) {
            int event = r.next();
            if (event == XMLStreamConstants.START_ELEMENT) {
                depth++;
            } else if (event == XMLStreamConstants.END_ELEMENT) {
                depth--;
            }
        }
    }
}
