/** The {@code stride} command line, on the public API of {@code dev.stride} alone. */
module dev.stride.cli {
    requires dev.stride;
    requires info.picocli;

    // picocli sets the annotated option fields and reads the version resource reflectively
    opens dev.stride.cli to info.picocli;
}
