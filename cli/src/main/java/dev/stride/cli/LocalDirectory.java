package dev.stride.cli;

import dev.stride.model.ZarrException;
import dev.stride.spi.StoreDescriptor;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

import java.nio.file.Path;

/**
 * A directory the command writes, given as a path or a {@code file:} URI: writing goes through a staging directory
 * beside it, so it must be local. Paths are kept as given, so messages show them so.
 */
final class LocalDirectory implements ITypeConverter<Path> {
    @Override
    public Path convert(String given) {
        try {
            StoreDescriptor where = StoreDescriptor.parse(given);
            Path local = where.localPath();
            if (local == null) {
                throw new TypeConversionException(given + " is not a local directory; only a path or file:///... can be written here");
            }
            return given.regionMatches(true, 0, "file:", 0, 5) ? local : Path.of(given);
        } catch (ZarrException e) {
            throw new TypeConversionException(e.getMessage());
        }
    }
}
