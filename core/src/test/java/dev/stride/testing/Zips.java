package dev.stride.testing;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Predicate;
import java.util.stream.Stream;
import java.util.zip.CRC32;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

/**
 * Zip files as the JDK's {@link ZipOutputStream} writes them, an independent writer for the zip store's tests:
 * deflated entries with their sizes after the data (a data descriptor), stored ones with sizes up front.
 */
public final class Zips {
    private Zips() {
    }

    /** The bytes of a zip holding {@code entries} (name to value), in name order. */
    public static byte[] of(Map<String, byte[]> entries, boolean deflate) {
        return of(entries, name -> deflate);
    }

    /** As {@link #of(Map, boolean)}, deflating the entries {@code deflated} names. */
    public static byte[] of(Map<String, byte[]> entries, Predicate<String> deflated) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        write(out, entries, deflated);
        return out.toByteArray();
    }

    /** Zips every file below {@code folder}, each named {@code prefix} + its path there, into {@code zip}. */
    public static void ofFolder(Path folder, String prefix, Path zip, boolean deflate) {
        Map<String, byte[]> entries = new TreeMap<>();
        try (Stream<Path> all = Files.walk(folder)) {
            for (Path p : all.filter(Files::isRegularFile).toList()) {
                entries.put(prefix + folder.relativize(p).toString().replace('\\', '/'), Files.readAllBytes(p));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        try (OutputStream out = Files.newOutputStream(zip)) {
            write(out, entries, name -> deflate);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void write(OutputStream to, Map<String, byte[]> entries, Predicate<String> deflated) {
        try (ZipOutputStream zip = new ZipOutputStream(to)) {
            for (var e : new TreeMap<>(entries).entrySet()) {
                ZipEntry entry = new ZipEntry(e.getKey());
                if (!deflated.test(e.getKey())) {
                    CRC32 crc = new CRC32();
                    crc.update(e.getValue());
                    entry.setMethod(ZipEntry.STORED);
                    entry.setSize(e.getValue().length);
                    entry.setCompressedSize(e.getValue().length);
                    entry.setCrc(crc.getValue());
                }
                zip.putNextEntry(entry);
                zip.write(e.getValue());
                zip.closeEntry();
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
