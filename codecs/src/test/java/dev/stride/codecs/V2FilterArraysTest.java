package dev.stride.codecs;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

/**
 * Each numcodecs filter case as the filter of a Zarr v2 array ({@code .zarray} laid out from the spec around the chunk
 * numcodecs encoded): the array reads what numcodecs decodes, to the byte, whatever type the filter stores.
 */
class V2FilterArraysTest {

    static List<NumcodecsCases> filters() {
        return NumcodecsCases.where(c -> !c.corrupt() && List.of("delta", "fixedscaleoffset", "bitround", "quantize", "astype", "shuffle")
                .contains(c.codecName().substring(NumcodecsCodecs.PREFIX.length())));
    }

    @ParameterizedTest
    @MethodSource("filters")
    void readsWhatNumcodecsDecodes(NumcodecsCases c) {
        V2Array array = V2Array.filtered(c);
        assertArrayEquals(c.decoded(), array.read(array.chunk()));
    }
}
