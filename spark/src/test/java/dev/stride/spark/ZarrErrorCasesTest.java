package dev.stride.spark;

import dev.stride.Zarr;
import dev.stride.ZarrArray;
import dev.stride.conformance.ConformanceTest;
import dev.stride.conformance.Corpus;
import dev.stride.model.ZarrException;
import org.apache.spark.SparkException;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * Every array the corpus expects refused fails the query with the error Stride itself gives for it: a metadata error
 * from the driver as that very exception, a chunk error from a task inside Spark's SparkException, with Stride's
 * message in the top message and the exception in the cause chain.
 */
class ZarrErrorCasesTest {

    /** Stride's own refusal of an array, and whether opening the array (metadata, on the driver) gave it. */
    private record Refusal(ZarrException error, boolean atOpen) {
    }

    @TestFactory
    Stream<DynamicTest> everyRefusedArrayFailsTheQueryWithStridesMessage() {
        List<Corpus.Case> errors = Corpus.cases().stream().filter(c -> c.expect().equals("error")).toList();
        assertEquals(8, errors.size(), "error cases in the manifest");
        return errors.stream().map(c -> DynamicTest.dynamicTest(c.path(), () -> check(c)));
    }

    private static void check(Corpus.Case c) {
        Refusal stride = strideRefusal(c.dir());
        ConformanceTest.Refusal reason = ConformanceTest.REFUSALS.get(c.reason());
        assertNotNull(reason, c.reason());
        assertInstanceOf(reason.type(), stride.error());
        assertTrue(stride.error().getMessage().contains(reason.fragment()), stride.error().getMessage());

        Throwable thrown = assertThrows(Throwable.class,
                () -> Sessions.spark().read().format("zarr").load(c.dir().toString()).collectAsList());
        if (stride.atOpen()) {
            // planning reads the metadata on the driver: the query fails with Stride's exception as it is
            assertSame(stride.error().getClass(), thrown.getClass(), () -> "thrown: " + thrown);
            assertEquals(stride.error().getMessage(), thrown.getMessage());
        } else {
            assertInstanceOf(SparkException.class, thrown);
            assertTrue(thrown.getMessage().contains(stride.error().getMessage()),
                    () -> "'" + stride.error().getMessage() + "' not in: " + thrown.getMessage());
            ZarrException cause = zarrCause(thrown);
            assertSame(stride.error().getClass(), cause.getClass());
            assertEquals(stride.error().getMessage(), cause.getMessage());
        }
    }

    /** What Stride says when the array is opened and all its records read. */
    private static Refusal strideRefusal(Path dir) {
        ZarrArray array;
        Zarr zarr = Zarr.open(dir);
        try {
            array = zarr.array("/");
        } catch (ZarrException e) {
            zarr.close();
            return new Refusal(e, true);
        }
        try (zarr; array) {
            array.forEachRecord(null, (index, records, i) -> {
            });
        } catch (ZarrException e) {
            return new Refusal(e, false);
        }
        return fail("Stride reads " + dir + " without an error");
    }

    private static ZarrException zarrCause(Throwable t) {
        for (Throwable c = t; c != null; c = c.getCause()) {
            if (c instanceof ZarrException z) {
                return z;
            }
        }
        return fail("no ZarrException in the causes of " + t);
    }
}
