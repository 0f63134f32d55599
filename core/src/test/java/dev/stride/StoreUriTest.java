package dev.stride;

import dev.stride.internal.store.LocalStore;
import dev.stride.internal.store.MemoryStore;
import dev.stride.model.ArraySpec;
import dev.stride.model.CoreType;
import dev.stride.model.IoMode;
import dev.stride.model.Region;
import dev.stride.model.ZarrException;
import dev.stride.spi.StoreDescriptor;
import dev.stride.testing.Doc;
import dev.stride.testing.Enc;
import dev.stride.testing.Tree;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.net.URI;
import java.nio.file.Path;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** Hierarchies opened by path or URI through the store providers, and descriptors that reopen them elsewhere. */
class StoreUriTest {
    @TempDir
    Path dir;

    private Path array() {
        return Tree.array(Doc.array("'int32'", "[4]", "[2]", "-1", Doc.BYTES_LE)).put("c/0", Enc.le().i32(1).i32(2).bytes()).writeTo(dir);
    }

    private static int[] read(Zarr z) {
        return z.array("/").read("", null).asInts().values();
    }

    private static IoMode mode(Zarr z) {
        return ((LocalStore) z.store()).mode();
    }

    @Test
    void aPathARelativePathAndAFileUriOpenTheSameHierarchy() {
        Path root = array();
        String relative = Path.of("").toAbsolutePath().relativize(root.toAbsolutePath()).toString();
        for (String where : new String[] {root.toString(), relative, root.toUri().toString(), "FILE://" + root.toUri().getRawPath()}) {
            try (Zarr z = Zarr.open(where)) {
                assertArrayEquals(new int[] {1, 2, -1, -1}, read(z), where);
                assertEquals(IoMode.AUTO, mode(z));
            }
        }
        try (Zarr z = Zarr.open(root.toUri())) {
            assertArrayEquals(new int[] {1, 2, -1, -1}, read(z));
        }
    }

    @Test
    void optionsTravelInTheQuery() {
        Path root = array();
        try (Zarr z = Zarr.open(root.toUri() + "?io=map")) {
            assertEquals(IoMode.MAP, mode(z));
            assertEquals(new StoreDescriptor(root.toUri(), Map.of("io", "map")), z.descriptor());
            assertEquals(URI.create(root.toUri() + "?io=map"), z.descriptor().toUri());
        }
        var unknown = assertThrows(ZarrException.BadRequest.class, () -> Zarr.open(root.toUri() + "?io=read&cache=1"));
        assertEquals("unknown option [cache] for a file store " + root.toUri() + "; it knows only 'io'", unknown.getMessage());
        var bad = assertThrows(ZarrException.BadRequest.class, () -> Zarr.open(root.toUri() + "?io=mmap"));
        assertEquals("the option io=mmap of " + root.toUri() + " is none of auto, map, read", bad.getMessage());
        var twice = assertThrows(ZarrException.BadRequest.class, () -> Zarr.open(root.toUri() + "?io=map&io=read"));
        assertEquals("the option 'io' is given twice in " + root.toUri() + "?io=map&io=read", twice.getMessage());
    }

    @Test
    void anUnknownSchemeNamesItAndTheSchemesThereAre() {
        var e = assertThrows(ZarrException.Unsupported.class, () -> Zarr.open("s3://bucket/x.zarr"));
        assertEquals("no store for the URI scheme 's3'; the schemes available are file (others come from jars that provide "
                + "dev.stride.spi.StoreProvider)", e.getMessage());
        assertThrows(ZarrException.Unsupported.class, () -> ZarrWriter.open(URI.create("https://example.org/x.zarr")));
        var host = assertThrows(ZarrException.BadRequest.class, () -> Zarr.open("file://server/x.zarr"));
        assertEquals("the file URI file://server/x.zarr names the host 'server'; only files of this machine can be opened (file:///path)",
                host.getMessage());
        var missing = assertThrows(ZarrException.StoreFailure.class, () -> Zarr.open(dir.resolve("nothing").toUri()));
        assertEquals("key " + dir.resolve("nothing") + ": no such directory", missing.getMessage());
    }

    @Test
    void aDescriptorSentAsBytesReopensTheHierarchy() throws Exception {
        Path root = array();
        byte[] sent;
        StoreDescriptor original;
        try (Zarr z = Zarr.open(root.toUri() + "?io=read")) {
            original = z.descriptor();
            sent = serialize(original);
        }
        StoreDescriptor received = (StoreDescriptor) new ObjectInputStream(new ByteArrayInputStream(sent)).readObject();
        assertEquals(original, received);
        try (Zarr z = Zarr.open(received)) {
            assertEquals(IoMode.READ, mode(z));
            assertArrayEquals(new int[] {1, 2, -1, -1}, read(z));
        }
        try (Zarr memory = Zarr.open(new MemoryStore())) {
            var e = assertThrows(ZarrException.Unsupported.class, memory::descriptor);
            assertEquals("the store MemoryStore cannot be opened elsewhere", e.getMessage());
        }
    }

    @Test
    void aWriterOpensByPathOrUriAndReadsAsReadUnlessTold() {
        Path root = dir.resolve("new.zarr");
        try (ZarrWriter out = ZarrWriter.open(root.toString())) {
            assertEquals(IoMode.READ, ((LocalStore) out.store()).mode());
            out.createArray("/a", ArraySpec.of(CoreType.INT16, 3)).write(Region.all(new long[] {3}), Map.of("", new short[] {7, 8, 9}));
        }
        try (ZarrWriter out = ZarrWriter.open(root.toUri() + "?io=map")) {
            assertEquals(IoMode.MAP, ((LocalStore) out.store()).mode());
        }
        try (Zarr z = Zarr.open(root.toUri())) {
            assertArrayEquals(new short[] {7, 8, 9}, z.array("/a").read("", null).asShorts().values());
        }
    }

    private static byte[] serialize(Object o) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(o);
        }
        return bytes.toByteArray();
    }
}
