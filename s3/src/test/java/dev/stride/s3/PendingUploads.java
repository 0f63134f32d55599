package dev.stride.s3;

import dev.stride.http.HttpSettings;
import dev.stride.http.HttpTransport;
import dev.stride.s3.testing.S3TestServer;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;

import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;
import java.io.UncheckedIOException;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** ListMultipartUploads of a bucket of the test server: the keys of the uploads started and neither completed nor aborted. */
final class PendingUploads {

    private PendingUploads() {
    }

    static List<String> of(S3TestServer server, String bucket) {
        SigV4Signer signer = new SigV4Signer(StaticCredentialsProvider.create(
                AwsBasicCredentials.create(S3TestServer.accessKeyId(), S3TestServer.secretAccessKey())), "us-east-1");
        URI uri = URI.create(server.endpoint() + "/" + bucket + "?uploads");
        try (HttpTransport transport = new HttpTransport(HttpSettings.DEFAULTS)) {
            byte[] xml = transport.getSmall(uri, "?uploads", Map.of(), signer, 1 << 20);
            List<String> keys = new ArrayList<>();
            XMLStreamReader r = S3Xml.open(xml);
            if (!r.getLocalName().equals("ListMultipartUploadsResult")) {
                throw new IllegalStateException("not a listing of uploads: " + new String(xml, java.nio.charset.StandardCharsets.UTF_8));
            }
            boolean inUpload = false;
            while (r.hasNext()) {
                int event = r.next();
                if (event == XMLStreamConstants.START_ELEMENT && r.getLocalName().equals("Upload")) {
                    inUpload = true;
                } else if (event == XMLStreamConstants.END_ELEMENT && r.getLocalName().equals("Upload")) {
                    inUpload = false;
                } else if (event == XMLStreamConstants.START_ELEMENT && inUpload && r.getLocalName().equals("Key")) {
                    keys.add(r.getElementText());
                }
            }
            return keys;
        } catch (XMLStreamException e) {
            throw new UncheckedIOException(new java.io.IOException(e));
        }
    }
}
