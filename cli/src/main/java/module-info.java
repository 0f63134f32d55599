/** The {@code stride} command line, on the public API of {@code dev.stride} (and {@code dev.stride.arrow} for export). */
module dev.stride.cli {
    requires dev.stride;
    requires dev.stride.arrow;
    requires info.picocli;

    // picocli sets the annotated option fields and reads the version resource reflectively
    opens dev.stride.cli to info.picocli;
}
