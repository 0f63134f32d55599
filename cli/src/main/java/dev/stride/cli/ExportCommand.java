package dev.stride.cli;

import dev.stride.Zarr;
import dev.stride.ZarrArray;
import dev.stride.arrow.Export;
import dev.stride.arrow.ParquetExport;
import dev.stride.model.Region;
import dev.stride.model.ScanOptions;
import dev.stride.internal.file.WholeFile;
import dev.stride.internal.text.IoText;
import dev.stride.model.ZarrException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.BufferedWriter;
import java.io.FilterOutputStream;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.channels.Channels;
import java.nio.channels.WritableByteChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

@Command(name = "export",
        description = {"Writes an array's fields as a table: a row per element in C order, a",
                "column per field (the whole record unless --fields chooses).",
                "",
                "arrow and arrow-stream: Arrow IPC (file or streaming format), every",
                "  type kept: unsigned integers, float16, complex as struct<re, im>,",
                "  r<N> as fixed-size binary, datetime64 and timedelta64 as timestamps",
                "  and durations (NaT as null), nested structs as structs; each field's",
                "  Zarr type, the attributes and dimension names in the metadata.",
                "parquet: the same columns, compressed with --compression.",
                "csv and jsonl: as cat prints them.",
                "DST - writes to stdout (arrow-stream, csv, jsonl); a file is written",
                "  whole or not at all."})
final class ExportCommand extends NodeCommand {
    @Parameters(index = "1", paramLabel = "DST", description = "The file to write (its extension may say the format), or - for stdout.")
    String destination;

    @Mixin
    TableChoice choice;

    @Option(names = "--format", paramLabel = "FORMAT", converter = ExportFormat.Converter.class,
            description = "arrow, arrow-stream, parquet, csv or jsonl; by default what DST's extension says (.arrow, .arrows, .parquet, .csv, .jsonl).")
    ExportFormat format;

    @Option(names = "--compression", paramLabel = "CODEC", description = "Parquet's codec: zstd (the default), snappy or none.")
    ParquetExport.Codec compression;

    @Override
    public Integer call() {
        ExportFormat as = chosenFormat();
        boolean toStdout = destination.equals("-");
        if (toStdout && as == ExportFormat.ARROW) {
            throw usageError("the arrow file format needs a file it can seek in; write arrow-stream to stdout");
        }
        if (!toStdout) {
            refuseOutputInside(destination, Path.of(destination), "exported");
            requireFileOutput(Path.of(destination));
        }
        try (Zarr zarr = openHierarchy()) {
            ZarrArray array = openArray(zarr);
            Region box = choice.box(array);
            ProgressBar progress = new ProgressBar(err(), "export " + location, "rows", Terminal::stderrIsTerminal);
            try {
                if (toStdout) {
                    // the file descriptor itself: Arrow's buffers go to the pipe with no copy on the heap
                    write(as, array, box, new FileOutputStream(FileDescriptor.out).getChannel(), progress);
                } else {
                    writeWhole(as, array, box, Path.of(destination), progress);
                }
            } catch (IOException e) {
                throw atOutput(toStdout ? "stdout" : destination, new ZarrException.StoreFailure(null, "cannot write: " + IoText.reason(e), e));
            }
            progress.clear();
        }
        return 0;
    }

    private ParquetExport.Codec codec() {
        return compression == null ? ParquetExport.Codec.ZSTD : compression;
    }

    private ExportFormat chosenFormat() {
        if (format == null && destination.equals("-")) {
            throw usageError("writing to stdout (-) needs --format: arrow-stream, csv or jsonl");
        }
        ExportFormat as = format != null ? format : ExportFormat.ofFileName(destination);
        if (as == null) {
            throw usageError("say --format: '" + destination + "' ends in none of .arrow, .arrows, .parquet, .csv, .jsonl");
        }
        if (compression != null && as != ExportFormat.PARQUET) {
            throw usageError("--compression is Parquet's; " + as + " is written uncompressed");
        }
        return as;
    }

    /** Writes DST whole or not at all ({@link WholeFile}), so DST is never a half export. */
    private void writeWhole(ExportFormat as, ZarrArray array, Region box, Path dst, ProgressBar progress) throws IOException {
        if (as.columns() != null) {
            Export.write(as.columns(), array, choice.fields, box, dst, codec(), progress);
        } else {
            WholeFile.write(dst, out -> {
                write(as, array, box, out, progress);
                return null;
            });
        }
    }

    private void write(ExportFormat as, ZarrArray array, Region box, WritableByteChannel out, ScanOptions.Progress progress) throws IOException {
        if (as.columns() != null) {
            Export.write(as.columns(), array, choice.fields, box, out, codec(), progress);
            return;
        }
        FirstFailure sink = new FirstFailure(Channels.newOutputStream(out));
        PrintWriter text = new PrintWriter(new BufferedWriter(new OutputStreamWriter(sink, StandardCharsets.UTF_8), 1 << 16));
        CatFormat cat = as == ExportFormat.CSV ? CatFormat.CSV : CatFormat.JSONL;
        ElementWriter writer = cat.writer(Projection.of(array, choice.fields), box, text);
        Elements.print(array, box, box.size(), writer, text, progress);
        text.flush();
        if (text.checkError()) {
            throw sink.failure != null ? sink.failure : new IOException("the output was closed before the export finished");
        }
    }

    /**
     * Keeps the first failure of the stream under a {@link PrintWriter}, which only says that one happened: a full
     * disk should be named as such.
     */
    private static final class FirstFailure extends FilterOutputStream {
        IOException failure;

        FirstFailure(OutputStream out) {
            super(out);
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            try {
                out.write(b, off, len);
            } catch (IOException e) {
                throw kept(e);
            }
        }

        @Override
        public void flush() throws IOException {
            try {
                out.flush();
            } catch (IOException e) {
                throw kept(e);
            }
        }

        private IOException kept(IOException e) {
            if (failure == null) {
                failure = e;
            }
            return e;
        }
    }
}
