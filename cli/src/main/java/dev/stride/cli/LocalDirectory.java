package dev.stride.cli;

import dev.stride.model.ZarrException;
import dev.stride.spi.StoreDescriptor;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

import java.nio.file.Path;

/**
 * A directory the command writes, given as a path or a {@code file:} URI: writing goes through a staging directory
 * beside it, so it must be local.
 */
final class LocalDirectory implements ITypeConverter<Path> {
    @Override
    public Path convert(String given) {
        try {
            Path local = of(given);
            if (local == null) {
                throw new TypeConversionException(given + " is not a local directory; only a path or file:///... can be written here");
            }
            return local;
        } catch (ZarrException e) {
            throw new TypeConversionException(e.getMessage());
        }
    }

    /**
     * The directory a path or URI names: a path as given (so messages show it so), a {@code file:} URI's path, or null
     * for a URI of another scheme.
     *
     * @throws ZarrException.BadRequest when it is neither a path nor a URI
     */
    static Path of(String given) {
        Path local = StoreDescriptor.parse(given).localPath();
        return local == null || given.regionMatches(true, 0, "file:", 0, 5) ? local : Path.of(given);
    }
}
