package dev.stride.s3;

import dev.stride.http.testing.RefusingPort;
import dev.stride.model.ZarrException;
import dev.stride.spi.StoreDescriptor;
import dev.stride.spi.WritableStore;
import org.junit.jupiter.api.Test;

import java.lang.foreign.MemorySegment;
import java.util.List;
import java.util.function.Consumer;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** An endpoint that refuses connections fails every request at its first attempt, with the default ten retries. */
class S3UnreachableTest {

    @Test
    void aRefusedEndpointFailsAtTheFirstAttempt() {
        try (RefusingPort refusing = new RefusingPort(0);
             WritableStore store = new S3StoreProvider().openWritable(StoreDescriptor.parse(
                     "s3://bucket/data.zarr?endpoint=http://127.0.0.1:" + refusing.port() + "&anonymous=true"))) {
            int port = refusing.port();
            String endpoint = "http://127.0.0.1:" + port;
            for (Consumer<WritableStore> request : List.<Consumer<WritableStore>>of(
                    s -> s.readBytes("zarr.json"),
                    s -> s.list(""),
                    s -> s.write("zarr.json", MemorySegment.ofArray(new byte[] {'{', '}'})))) {
                var e = assertThrows(ZarrException.StoreFailure.class, () -> request.accept(store));
                assertTrue(e.getMessage().contains(endpoint + "/bucket/") && e.getMessage().contains("after 1 attempt")
                        && e.getMessage().contains("cannot connect to 127.0.0.1:" + port), e.getMessage());
            }
        }
    }
}
