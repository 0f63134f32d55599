package dev.stride.cli;

import dev.stride.Compression;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/** Reads {@code --codec}; a bad spelling is a usage error that says what is wrong. */
final class CompressionConverter implements ITypeConverter<Compression> {
    @Override
    public Compression convert(String value) {
        try {
            return Compression.parse(value);
        } catch (IllegalArgumentException e) {
            throw new TypeConversionException(e.getMessage());
        }
    }
}
