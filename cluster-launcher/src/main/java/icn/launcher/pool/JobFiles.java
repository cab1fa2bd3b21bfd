package icn.launcher.pool;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import icn.protocols.FileNames;
import icn.protocols.FileTrees;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * A job's files as the head reads them: its stdout (kept as its first and last bytes) and its stderr (followed line by line as
 * the job's events), the files it is given (its inputs, its manifest) and what its check said, the reason a failed job gives, the results directory it made, and the removal of a forgotten job's directory.
 */
final class JobFiles {

    private JobFiles() {
    }

    /**
     * Writes a submission's files in {@code work}, each in a directory of its own under {@code in} and by its checked name, and
     * points the arguments that named them at them. On the head's own trouble (a full disk) nothing is kept, and the one line
     * names none of its paths, which are nothing to the submitter.
     */
    static List<Submission.Input> writeInputs(Path work, List<Upload> uploads, List<String> names, List<String> args) {
        List<Submission.Input> inputs = new ArrayList<>();
        try {
            Files.createDirectories(work);
            for (int k = 0; k < uploads.size(); k++) {
                Upload u = uploads.get(k);
                Path at = Files.createDirectories(work.resolve("in").resolve(Integer.toString(k))).resolve(FileNames.safe(names.get(k)));
                Files.write(at, u.content());
                inputs.add(new Submission.Input(at.toString(), u.given()));
                SubmitArgs.replace(args, u.given(), at.toString());
            }
        } catch (IOException e) {
            FileTrees.deleteQuietly(work);
            throw new UncheckedIOException("cannot keep the submission's files on the head (" + e.getClass().getSimpleName() + ")", e);
        }
        return inputs;
    }

    /** Writes what a job's process reads: its command line, the names it shows (its --out, its files) and the cluster it runs on. */
    static void writeManifest(Submission s, String shownOut, ObjectNode cluster) {
        try {
            Files.write(s.work().resolve(JobProcess.COMMAND_FILE), Submission.JSON.writeValueAsBytes(s.args()));
            ObjectNode names = Submission.JSON.createObjectNode();
            names.put("out", s.out().toString());
            names.put("shownOut", shownOut);
            ArrayNode files = names.putArray("inputs");
            s.inputs().forEach(in -> files.addObject().put("path", in.path()).put("given", in.given()));
            Files.write(s.work().resolve(JobProcess.NAMES_FILE), Submission.JSON.writeValueAsBytes(names));
            Files.write(s.work().resolve(JobProcess.CLUSTER_FILE), Submission.JSON.writeValueAsBytes(cluster));
        } catch (IOException e) {
            FileTrees.deleteQuietly(s.work());
            throw new UncheckedIOException("cannot keep the submission's files on the head (" + e.getClass().getSimpleName() + ")", e);
        }
    }

    /** The last line a job's check said as bad input ("icn: ..."), or null; what the check printed is removed, not the job's. */
    static String checkLine(Path work) {
        Path err = work.resolve(JobProcess.CHECK_ERR);
        String line = null;
        try {
            if (Files.exists(err)) {
                for (String l : Files.readAllLines(err, StandardCharsets.UTF_8)) {
                    if (l.startsWith("icn: ")) {
                        line = l.substring("icn: ".length());
                    }
                }
            }
            Files.deleteIfExists(err);
            Files.deleteIfExists(work.resolve(JobProcess.CHECK_OUT));
        } catch (IOException | UncheckedIOException e) {
            // a file left is harmless
        }
        return line;
    }

    /** A job's stdout and stderr, in its directory. */
    static final String STDOUT = "stdout";
    static final String STDERR = "stderr";

    /** A job that prints more than this on stdout is cancelled (its results are files; stdout is what it says of them). */
    static final long MAX_STDOUT_BYTES = 64L << 20;

    /** The stderr lines kept as a submission's events, and the length of one. */
    static final int MAX_STDERR_LINES = 10_000;
    static final int MAX_LINE_CHARS = 4096;

    /** The bytes of a command's stdout kept from its start, and as many from its end: the cut between them is marked. */
    static final int STDOUT_KEPT_EACH = 512 * 1024;

    /** Why a job's process failed, in one line: what it said last, or how it ended. */
    static String reason(int code, String lastLine) {
        String how = code > 128 && code < 160 ? "its process was killed (signal " + (code - 128) + ")" : "exit code " + code;
        if (lastLine == null || lastLine.isBlank()) {
            return how;
        }
        String said = lastLine.length() > 300 ? lastLine.substring(0, 300) + "…" : lastLine;
        return said.contains("OutOfMemoryError") || said.toLowerCase(java.util.Locale.ROOT).contains("out of memory")
                || said.toLowerCase(java.util.Locale.ROOT).contains("heap") ? "out of memory: " + said : said + " (" + how + ")";
    }

    /** What a job printed on stdout, as the head shows it: its first and last {@value #STDOUT_KEPT_EACH} bytes. */
    static String stdoutOf(Path work) {
        Path file = work.resolve(STDOUT);
        if (!Files.isRegularFile(file)) {
            return "";
        }
        HeadAndTail kept = new HeadAndTail(STDOUT_KEPT_EACH);
        try (java.io.InputStream in = Files.newInputStream(file)) {
            in.transferTo(kept);
        } catch (IOException e) {
            // what was read is shown
        }
        return kept.text();
    }

    /** The one directory the command made under its {@code --out}, or null (bad input makes none). */
    static String resultsDirectory(Path out) {
        if (!Files.isDirectory(out)) {
            return null;
        }
        try (Stream<Path> dirs = Files.list(out)) {
            return dirs.filter(Files::isDirectory).map(p -> p.getFileName().toString()).sorted().findFirst().orElse(null);
        } catch (IOException e) {
            return null;
        }
    }

    /**
     * A file another process writes, read as it grows: each whole line is handed to {@code sink} (the job's stderr, as its
     * events), the last one kept for the job's reason.
     */
    static final class Tail implements AutoCloseable {
        private final Path file;
        private final Lines lines;
        private final java.util.concurrent.atomic.AtomicReference<String> last = new java.util.concurrent.atomic.AtomicReference<>();
        private long read;

        Tail(Path file, java.util.function.Consumer<String> sink) {
            this.file = file;
            this.lines = new Lines(line -> {
                last.set(line);
                sink.accept(line);
            });
        }

        void poll() throws IOException {
            if (!Files.exists(file)) {
                return;
            }
            try (java.nio.channels.FileChannel in = java.nio.channels.FileChannel.open(file, java.nio.file.StandardOpenOption.READ)) {
                java.nio.ByteBuffer buffer = java.nio.ByteBuffer.allocate(64 * 1024);
                int n;
                while ((n = in.read(buffer, read)) > 0) {
                    read += n;
                    lines.write(buffer.array(), 0, n);
                    buffer.clear();
                }
            }
        }

        String last() {
            return last.get();
        }

        @Override
        public void close() {
            lines.close();
        }
    }


    /**
     * A command's stdout as the head keeps it: its first and its last {@code each} bytes, and a line saying how many between them
     * were cut, so that a command printing without end cannot fill the head's heap (its results are in files, which stay whole).
     */
    static final class HeadAndTail extends OutputStream {
        private final int each;
        private final ByteArrayOutputStream head = new ByteArrayOutputStream();
        private final byte[] tail;
        private int tailStart;
        private int tailSize;
        private long cut;

        HeadAndTail(int each) {
            this.each = each;
            this.tail = new byte[each];
        }

        @Override
        public synchronized void write(int b) {
            if (head.size() < each) {
                head.write(b);
            } else if (tailSize < each) {
                tail[(tailStart + tailSize++) % each] = (byte) b;
            } else {
                tail[tailStart] = (byte) b; // the oldest byte of the tail is cut
                tailStart = (tailStart + 1) % each;
                cut++;
            }
        }

        @Override
        public synchronized void write(byte[] b, int off, int len) {
            for (int i = off; i < off + len; i++) {
                write(b[i]);
            }
        }

        /** What was kept, as text, with the cut marked where it was. */
        synchronized String text() {
            ByteArrayOutputStream all = new ByteArrayOutputStream(head.size() + tailSize + 100);
            all.writeBytes(head.toByteArray());
            if (cut > 0) {
                all.writeBytes(("\n[icn: " + cut + " bytes of stdout cut here; the head keeps the first and the last " + each
                        + " bytes]\n").getBytes(StandardCharsets.UTF_8));
            }
            for (int i = 0; i < tailSize; i++) {
                all.write(tail[(tailStart + i) % each]);
            }
            return all.toString(StandardCharsets.UTF_8);
        }
    }

    /** An output stream that hands each line written to it to {@code sink} (the command's stderr, as events). */
    static final class Lines extends OutputStream {
        private final java.util.function.Consumer<String> sink;
        private final ByteArrayOutputStream line = new ByteArrayOutputStream();

        Lines(java.util.function.Consumer<String> sink) {
            this.sink = sink;
        }

        @Override
        public synchronized void write(int b) {
            if (b == '\n' || b == '\r') {
                emit();
            } else {
                line.write(b);
            }
        }

        @Override
        public synchronized void write(byte[] b, int off, int len) {
            for (int i = off; i < off + len; i++) {
                write(b[i]);
            }
        }

        @Override
        public synchronized void close() {
            emit();
        }

        private void emit() {
            if (line.size() > 0) {
                String text = line.toString(StandardCharsets.UTF_8);
                line.reset();
                // a terminal's progress line would start with an erase sequence; the submitter shows lines as they come
                sink.accept(text.replace("\033[K", ""));
            }
        }
    }
}
