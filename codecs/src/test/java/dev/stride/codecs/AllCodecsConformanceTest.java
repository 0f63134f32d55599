package dev.stride.codecs;

import dev.stride.conformance.ConformanceTest;

/** The whole conformance manifest with zstd and blosc on the class path: no case is skipped for a missing codec. */
class AllCodecsConformanceTest extends ConformanceTest {
}
