package dev.stride.internal.store;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Which files a local store asks the page cache about before a read-ahead hint. */
class HintSamplingTest {

    /** Runs {@code files} files past the sampling, each found cached when asked; returns how many were asked about. */
    private static int askedAmong(HintSampling sampling, int files) {
        int asked = 0;
        for (int i = 0; i < files; i++) {
            if (sampling.shouldAsk()) {
                asked++;
                sampling.asked(false);
            }
        }
        return asked;
    }

    @Test
    void everyFileIsAskedAboutUntilARunOfCachedOnes() {
        HintSampling sampling = new HintSampling();
        assertEquals(HintSampling.RUN, askedAmong(sampling, HintSampling.RUN));
        assertTrue(sampling.shouldAsk(), "the first file after the run is asked about");
        sampling.asked(false);
        for (int i = 1; i < HintSampling.EVERY; i++) {
            assertFalse(sampling.shouldAsk(), "file " + i + " after it is taken as cached");
        }
        assertTrue(sampling.shouldAsk(), "then one in " + HintSampling.EVERY + " again");
    }

    @Test
    void aCachedArrayIsAskedAboutOnceInEveryFewFiles() {
        HintSampling sampling = new HintSampling();
        int files = HintSampling.RUN + 100 * HintSampling.EVERY;
        assertEquals(HintSampling.RUN + 100, askedAmong(sampling, files));
    }

    @Test
    void aFileThatNeededAHintSendsItBackToAskingAboutEach() {
        HintSampling sampling = new HintSampling();
        askedAmong(sampling, HintSampling.RUN + HintSampling.EVERY);
        assertTrue(sampling.shouldAsk());
        sampling.asked(true);
        assertEquals(HintSampling.RUN, askedAmong(sampling, HintSampling.RUN), "every file asked about again");
    }
}
