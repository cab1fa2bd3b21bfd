package icn.launcher;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import icn.launcher.cli.Icn;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;

/**
 * Runs {@code icn} in this JVM through {@link Icn#execute(String...)} with System.out and System.err swapped for buffers. picocli
 * creates its writers from System.out/System.err lazily, on first use by a new CommandLine, so the swap also catches usage and
 * error text. A test JVM of this module runs one test at a time (forkCount in the poms: JVMs side by side, never two tests in one),
 * which the global swap relies on.
 */
final class Cli {

    /** Strict: exactly one JSON value, trailing content is an error. */
    static final ObjectMapper JSON = new ObjectMapper().enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);

    private Cli() {
    }

    record Result(int exit, String out, String err) {

        /** stderr as lines, blank lines left out. */
        List<String> errLines() {
            return lines(err);
        }

        /** stderr without the line that says where the results are ({@code Results: DIR}, which every --json run ends with). */
        List<String> errBesidesResults() {
            return lines(err).stream().filter(l -> !l.startsWith("Results: ")).toList();
        }

        List<String> outLines() {
            return lines(out);
        }

        /** stdout parsed as exactly one JSON object. */
        JsonNode json() {
            try {
                JsonNode node = JSON.readTree(out);
                if (node == null || !node.isObject()) {
                    throw new AssertionError("stdout is not one JSON object: " + out);
                }
                return node;
            } catch (IOException e) {
                throw new UncheckedIOException("stdout is not one JSON object: " + out, e);
            }
        }

        @Override
        public String toString() {
            return "exit " + exit + "\n--- stdout ---\n" + out + "\n--- stderr ---\n" + err;
        }
    }

    /** The one results directory a command made under {@code out} (its --out). */
    static java.nio.file.Path resultsDir(java.nio.file.Path out) throws java.io.IOException {
        try (java.util.stream.Stream<java.nio.file.Path> s = java.nio.file.Files.list(out)) {
            List<java.nio.file.Path> dirs = s.filter(java.nio.file.Files::isDirectory).filter(d -> !d.getFileName().toString().startsWith("."))
                    .toList();
            if (dirs.size() != 1) {
                throw new AssertionError("expected one results directory under " + out + ", found " + dirs);
            }
            return dirs.get(0);
        }
    }

    static List<String> lines(String text) {
        return Arrays.stream(text.split("\\R")).filter(l -> !l.isBlank()).toList();
    }

    static synchronized Result run(String... args) {
        PrintStream oldOut = System.out;
        PrintStream oldErr = System.err;
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int exit;
        try (PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8);
                PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8)) {
            System.setOut(o);
            System.setErr(e);
            try {
                exit = Icn.execute(args); // its context writes to System.out and System.err as they are now: these buffers
            } finally {
                System.out.flush();
                System.err.flush();
                System.setOut(oldOut);
                System.setErr(oldErr);
            }
        }
        return new Result(exit, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }
}
