package dev.stride.cli;

import dev.stride.Zarr;
import dev.stride.ZarrArray;
import dev.stride.model.GroupMetadata;
import dev.stride.internal.file.RealPath;
import dev.stride.internal.text.IoText;
import dev.stride.model.ZarrException;
import dev.stride.spi.StoreDescriptor;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentHashMap;

/** What the commands on a node share: the PATH argument, the output streams, and failures located under PATH. */
abstract class NodeCommand implements Callable<Integer>, Failures.Located {
    /** Children named when a group is given where an array is needed. */
    private static final int NAMES_SHOWN = 8;

    /** PATH as given: a directory or a URI. */
    String location;
    /**
     * The directory PATH names (a {@code file:} URI's too), or null for a store of another scheme or a path into a zip
     * file (which is read as a store, with no directory to check).
     */
    Path path;
    /** The zip file PATH leads into (data.zarr.zip/points), or null: an output there would overwrite what is read. */
    private Path zipFile;

    @Spec
    CommandSpec spec;

    /** Failures at an output (several threads may fail at once), by exception, with the output they are located under. */
    private final Map<ZarrException, String> outputFailures = new ConcurrentHashMap<>();

    @Option(names = "--no-sign-request", description = "Read (and write) s3://, az:// and abfs(s):// stores anonymously, without credentials, as the aws command line does.")
    boolean noSignRequest;

    PrintWriter out() {
        return spec.commandLine().getOut();
    }

    PrintWriter err() {
        return spec.commandLine().getErr();
    }

    @Parameters(index = "0", paramLabel = "PATH",
            description = "A node: a hierarchy's root, or a group or array inside it; its directory, a path into a zip file (data.zarr.zip/group), or a URI (file:///dir, file:///dir?io=read).")
    void location(String given) {
        location = given;
        Path local = localOrUsage(given);
        zipFile = local == null ? null : zipFileOf(local);
        path = zipFile != null ? null : local;
    }

    /** The zip file {@code p} is or lies inside (the library then opens the hierarchy inside it), or null. */
    private static Path zipFileOf(Path p) {
        for (Path at = p.toAbsolutePath(); at != null && at.getFileName() != null; at = at.getParent()) {
            if (at.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".zip") && Files.isRegularFile(at)) {
                return at;
            }
        }
        return null;
    }

    ParameterException usageError(String message) {
        return new ParameterException(spec.commandLine(), message);
    }

    /** Refuses a {@code --threads} below 1 as a usage error. */
    void requireThreads(int threads) {
        if (threads < 1) {
            throw usageError("--threads must be 1 or more, not " + threads);
        }
    }

    /**
     * Refuses an output at or below PATH, where writing would change the node being read (an export over its
     * {@code zarr.json}, a copy into itself, any output over the zip file PATH leads into): local paths compared with
     * their links resolved (an output not there yet by its deepest existing parent), store URIs of one scheme and
     * endpoint by their path.
     *
     * @param output the output as the user gave it
     * @param local the file or directory it names, or null for a store URI of another scheme
     * @param doing what the command does to PATH, "exported"
     */
    void refuseOutputInside(String output, Path local, String doing) {
        Path read = path != null ? path : zipFile;
        boolean inside;
        if (read != null && local != null) {
            inside = realPath(local).startsWith(realPath(read));
        } else if (read == null && local == null) {
            StoreDescriptor in = store(location);
            StoreDescriptor out = store(output);
            String from = in.uri().toString().replaceFirst("/+$", "");
            String to = out.uri().toString().replaceFirst("/+$", "");
            inside = in.scheme().equalsIgnoreCase(out.scheme()) && Objects.equals(in.option("endpoint", null), out.option("endpoint", null))
                    && (to.equals(from) || to.startsWith(from + "/"));
        } else {
            inside = false;
        }
        if (inside) {
            throw usageError(output + " lies inside " + location + ", which is being " + doing + "; write it elsewhere");
        }
    }

    /** The directory a path or URI names, or null for a store of another scheme; a usage error when it is neither. */
    Path localOrUsage(String given) {
        try {
            return LocalDirectory.of(given);
        } catch (ZarrException e) {
            throw usageError(e.getMessage());
        }
    }

    /** Where {@code p} is or would be, links resolved. */
    Path realPath(Path p) {
        try {
            return RealPath.of(p);
        } catch (IOException e) {
            throw usageError("cannot resolve " + p + ": " + IoText.reason(e));
        }
    }

    /** The hierarchy whose root node is PATH, opened through the store provider of its scheme. */
    Zarr openHierarchy() {
        if (path != null && !Files.isDirectory(path)) {
            throw new ZarrException.NodeNotFound(null, Files.exists(path) ? "not a directory" : "no such directory");
        }
        return Zarr.open(store(location));
    }

    /** Object stores whose option {@code anonymous=true} {@code --no-sign-request} sets. */
    private static final Set<String> ANONYMOUS_SCHEMES = Set.of("s3", "az", "abfs", "abfss");

    /** A path or URI the user gave as a store, anonymous for S3 and Azure when {@code --no-sign-request} says so. */
    StoreDescriptor store(String given) {
        StoreDescriptor where = StoreDescriptor.parse(given);
        if (!noSignRequest || !ANONYMOUS_SCHEMES.contains(where.scheme().toLowerCase(Locale.ROOT))) {
            return where;
        }
        Map<String, String> options = new TreeMap<>(where.options());
        options.put("anonymous", "true");
        return new StoreDescriptor(where.uri(), options);
    }

    /** The array at PATH; a group is refused with the names of its children, so the user sees what to give instead. */
    ZarrArray openArray(Zarr zarr) {
        if (zarr.metadata("/") instanceof GroupMetadata) {
            throw new ZarrException.BadRequest(null, "is a group, not an array; " + contents(zarr.children("/")));
        }
        return zarr.array("/");
    }

    /** "it holds a, b, c and 3 more": enough names for one line. */
    private static String contents(List<String> children) {
        if (children.isEmpty()) {
            return "it is empty";
        }
        String shown = String.join(", ", children.subList(0, Math.min(children.size(), NAMES_SHOWN)));
        int more = children.size() - NAMES_SHOWN;
        return "it holds " + shown + (more > 0 ? " and " + more + " more" : "");
    }

    /**
     * The directory a copy is to write a new hierarchy to, links followed, or null for a store URI. Refused unless
     * nothing is there yet or an empty directory that the finished copy can be renamed onto (not a mount point), and
     * not inside PATH, before anything is read.
     *
     * @param destination DST as the user gave it
     * @param doing what the command does to PATH, "copied"
     */
    Path newHierarchyDestination(String destination, String doing) {
        Path local = localOrUsage(destination);
        Path real = local == null ? null : realPath(local);
        if (real != null && !Directories.vacant(real)) {
            throw usageError(destination + " already exists and is not an empty directory; copy writes a new hierarchy");
        }
        if (real != null && Directories.mountPoint(real)) {
            throw usageError(destination + " is a mount point, which a finished copy cannot be renamed onto; give a new"
                    + " directory inside it");
        }
        refuseOutputInside(destination, real, doing);
        return real;
    }

    /**
     * Refuses an output file that is there as something else than a regular file (links followed): a directory, a
     * pipe, a device. A whole-file write renames a new file over what it names, which would put a file in its place.
     */
    void requireFileOutput(Path file) {
        if (Files.exists(file) && !Files.isRegularFile(file)) {
            throw usageError(file + " is not a regular file (a directory, a pipe or a device): give the path of a file to write");
        }
    }

    /**
     * {@code e}, to be reported under {@code output} (a copy's DST, an export's file) rather than under PATH.
     *
     * @return {@code e}, to throw
     */
    ZarrException atOutput(String output, ZarrException e) {
        outputFailures.put(e, output);
        return e;
    }

    @Override
    public String rootOf(ZarrException e) {
        String output = outputFailures.get(e);
        if (output != null) {
            return output;
        }
        // a failure of the zip file itself is keyed by its name in the directory, or store path, that holds it
        if (zipFile != null && e.chunkKey() != null && e.chunkKey().equals(zipFile.getFileName().toString())) {
            return zipFile.getParent().toString();
        }
        if (zipFile == null && path == null && e.chunkKey() != null && e.chunkKey().toLowerCase(Locale.ROOT).endsWith(".zip")) {
            return storePathBefore(location, e.chunkKey());
        }
        return location;
    }

    /** The URI {@code uri} less its path segment {@code segment} and what follows it, its query kept; itself without one. */
    private static String storePathBefore(String uri, String segment) {
        int query = uri.indexOf('?');
        String base = query < 0 ? uri : uri.substring(0, query);
        int at = base.indexOf("/" + segment + "/");
        if (at < 0 && base.endsWith("/" + segment)) {
            at = base.length() - segment.length() - 1;
        }
        return at < 0 ? uri : base.substring(0, at) + (query < 0 ? "" : uri.substring(query));
    }
}
