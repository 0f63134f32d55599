package dev.stride.codecs;

/**
 * Picks how blosc runs, once per JVM. System property {@code stride.blosc}: {@code auto} (the default: the system's
 * libblosc when it loads, else blosc-java), {@code native} (libblosc or fail) or {@code java} (blosc-java only).
 * {@code stride.blosc.library} names the libblosc file to load instead of searching for it.
 */
final class BloscEngines {
    static final String PROPERTY = "stride.blosc";

    private BloscEngines() {
    }

    /** The engine in use; an {@link IllegalStateException} says why there is none. */
    static BloscEngine selected() {
        return Holder.SELECTED.get();
    }

    private static final class Holder {
        private static final Choice SELECTED = Choice.of(System.getProperty(PROPERTY, "auto"));
    }

    private record Choice(BloscEngine engine, String failure) {
        static Choice of(String mode) {
            try {
                return new Choice(choose(mode), null);
            } catch (IllegalStateException e) {
                return new Choice(null, "blosc is not available: " + e.getMessage());
            }
        }

        BloscEngine get() {
            if (engine == null) {
                throw new IllegalStateException(failure);
            }
            return engine;
        }
    }

    /** The engine for a value of {@code stride.blosc}; an {@link IllegalStateException} says why there is none. */
    static BloscEngine choose(String mode) {
        return switch (mode) {
            case "native" -> NativeBlosc.load();
            case "java" -> JavaBlosc.load();
            case "auto" -> auto();
            default -> throw new IllegalStateException("system property " + PROPERTY + "=" + mode + " is not auto, native or java");
        };
    }

    private static BloscEngine auto() {
        try {
            return NativeBlosc.load();
        } catch (IllegalStateException nativeFailure) {
            try {
                return JavaBlosc.load();
            } catch (IllegalStateException javaFailure) {
                throw new IllegalStateException(nativeFailure.getMessage() + "; " + javaFailure.getMessage());
            }
        }
    }
}
