package dev.stride.cli;

import dev.stride.arrow.Export;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

import java.util.Locale;

/** The formats of export, each with the file name extension that implies it and, for columns, the library's format. */
enum ExportFormat {
    ARROW("arrow", ".arrow", Export.Format.ARROW),
    ARROW_STREAM("arrow-stream", ".arrows", Export.Format.ARROW_STREAM),
    PARQUET("parquet", ".parquet", Export.Format.PARQUET),
    CSV("csv", ".csv", null),
    JSONL("jsonl", ".jsonl", null);

    private final String name;
    private final String extension;
    private final Export.Format columns;

    ExportFormat(String name, String extension, Export.Format columns) {
        this.name = name;
        this.extension = extension;
        this.columns = columns;
    }

    /** The library's format of a columnar export, or null for the text formats (cat's). */
    Export.Format columns() {
        return columns;
    }

    /** The format a file name's extension implies, or null. */
    static ExportFormat ofFileName(String file) {
        String lower = file.toLowerCase(Locale.ROOT);
        for (ExportFormat f : values()) {
            if (lower.endsWith(f.extension)) {
                return f;
            }
        }
        return null;
    }

    /** The names users type, for picocli: arrow-stream is no Java name. */
    static final class Converter implements ITypeConverter<ExportFormat> {
        @Override
        public ExportFormat convert(String text) {
            for (ExportFormat f : values()) {
                if (f.name.equalsIgnoreCase(text.trim())) {
                    return f;
                }
            }
            throw new TypeConversionException("'" + text + "' is no format: arrow, arrow-stream, parquet, csv or jsonl");
        }
    }

    @Override
    public String toString() {
        return name;
    }
}
