package dev.stride.internal.text;

import dev.stride.model.ZarrException;
import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;

/**
 * An I/O failure in the words of the operating system, without the path (the message names it once, elsewhere): the
 * wording of {@link ZarrException.StoreFailure} reasons, so the stores and the command line say it alike.
 */
public final class IoText {
    private IoText() {
    }

    public static String reason(IOException e) {
        return switch (e) {
            case AccessDeniedException denied -> "permission denied";
            case NoSuchFileException missing -> "no such file or directory";
            case FileSystemException fs when fs.getReason() != null -> fs.getReason();
            default -> e.getMessage() != null ? e.getMessage() : e.getClass().getSimpleName();
        };
    }
}
