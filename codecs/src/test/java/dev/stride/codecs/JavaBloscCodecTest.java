package dev.stride.codecs;

/** The blosc contract on blosc-java, the fallback. */
class JavaBloscCodecTest extends BloscCodecContract {

    @Override
    BloscEngine engine() {
        return Engines.javaBlosc();
    }
}
