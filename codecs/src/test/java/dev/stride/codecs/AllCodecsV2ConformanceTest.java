package dev.stride.codecs;

import dev.stride.conformance.V2ConformanceTest;

/** The whole Zarr v2 manifest and zip files with every numcodecs codec on the class path: no case is skipped for a missing codec. */
class AllCodecsV2ConformanceTest extends V2ConformanceTest {
}
