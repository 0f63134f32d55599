/**
 * The {@code stride} command line, on the public API of {@code dev.stride}, the internal packages core exports to it
 * alone (JSON text, terminal text, regions, whole-file writes), and {@code dev.stride.arrow} for export: an automatic
 * module (by its manifest's stable name), as Parquet's jars, which split packages, cannot be modules.
 */
@SuppressWarnings("requires-automatic")
module dev.stride.cli {
    requires dev.stride;
    requires dev.stride.arrow;
    requires info.picocli;

    // picocli sets the annotated option fields and reads the version resource reflectively
    opens dev.stride.cli to info.picocli;
}
