package dev.stride.codecs;

/** The blosc contract on the system's libblosc through FFM. */
class NativeBloscCodecTest extends BloscCodecContract {

    @Override
    BloscEngine engine() {
        return Engines.nativeBlosc();
    }
}
