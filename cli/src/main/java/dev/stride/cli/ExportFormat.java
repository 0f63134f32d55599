package dev.stride.cli;

import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

import java.util.Locale;

/** The formats of export, each with the file name extension that implies it. */
enum ExportFormat {
    ARROW("arrow", ".arrow"),
    ARROW_STREAM("arrow-stream", ".arrows"),
    PARQUET("parquet", ".parquet"),
    CSV("csv", ".csv"),
    JSONL("jsonl", ".jsonl");

    private final String name;
    private final String extension;

    ExportFormat(String name, String extension) {
        this.name = name;
        this.extension = extension;
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
