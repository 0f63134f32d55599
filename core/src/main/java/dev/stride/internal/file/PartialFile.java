package dev.stride.internal.file;

import java.io.IOException;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The hidden file beside a destination that a whole-file write fills before renaming it onto the destination:
 * {@code .NAME.HOST.PID-STARTMILLIS.RANDOM.partial}, naming the process that made it. A process killed before its
 * rename leaves it behind; the next write to the same destination removes those whose process is gone (no process of
 * that pid, or one started at another time: the pid was reused). Files of another host are left alone, since its
 * processes cannot be seen from here.
 */
final class PartialFile {
    /** What follows {@code .NAME.h-}: the host, the pid and start of the process, a random part. */
    private static final Pattern MAKER = Pattern.compile("(.*)\\.p-([0-9]{1,18})-([0-9]{1,18})\\.[0-9a-z]+\\.partial");
    private static final String HOST = hostName();
    private static final String SELF = "p-" + ProcessHandle.current().pid() + "-"
            + startMillis(ProcessHandle.current()).orElse(0L);

    private PartialFile() {
    }

    /** A new name for a partial file of {@code destination}, beside it; nothing is created. */
    static Path beside(Path destination) {
        Path target = destination.toAbsolutePath();
        return target.resolveSibling("." + target.getFileName() + ".h-" + HOST + "." + SELF + "."
                + Long.toUnsignedString(ThreadLocalRandom.current().nextLong(), 36) + ".partial");
    }

    /**
     * Deletes the partial files of {@code destination} left by processes of this host that are gone; those of live
     * processes, of other hosts and of other destinations stay.
     *
     * @throws IOException when the folder cannot be listed or a stale file cannot be deleted
     */
    static void removeAbandoned(Path destination) throws IOException {
        Path target = destination.toAbsolutePath();
        Path folder = target.getParent();
        if (!Files.isDirectory(folder)) {
            return;
        }
        String prefix = "." + target.getFileName() + ".h-";
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(folder, entry -> entry.getFileName().toString().startsWith(prefix))) {
            for (Path entry : entries) {
                Matcher m = MAKER.matcher(entry.getFileName().toString().substring(prefix.length()));
                if (m.matches() && m.group(1).equals(HOST) && gone(Long.parseLong(m.group(2)), Long.parseLong(m.group(3)))) {
                    Files.deleteIfExists(entry);
                }
            }
        }
    }

    /** True when no process {@code pid} started at {@code startMillis} runs; a process whose start is unknown counts as running. */
    private static boolean gone(long pid, long startMillis) {
        Optional<ProcessHandle> process = ProcessHandle.of(pid);
        if (process.isEmpty()) {
            return true;
        }
        return startMillis(process.get()).map(started -> started != startMillis).orElse(false);
    }

    private static Optional<Long> startMillis(ProcessHandle process) {
        return process.info().startInstant().map(Instant::toEpochMilli);
    }

    /** The host's name as a file name can hold it: the kernel's on Linux, as a name lookup can stall for seconds. */
    private static String hostName() {
        String name;
        try {
            name = Files.readString(Path.of("/proc/sys/kernel/hostname")).strip();
        } catch (IOException notLinux) {
            try {
                name = InetAddress.getLocalHost().getHostName();
            } catch (UnknownHostException e) {
                name = "localhost";
            }
        }
        return name.replaceAll("[^A-Za-z0-9.-]", "_");
    }
}
