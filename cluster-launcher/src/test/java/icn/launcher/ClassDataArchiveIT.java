package icn.launcher;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The class-data archive the package phase makes beside the jar (target/icn.jsa, see cluster-launcher/pom.xml), used as ./icn uses
 * it: it maps in the command's JVM and in the worker JVMs of a local cluster, and one that does not fit (another jar, a damaged or
 * missing file) changes nothing that a command prints.
 */
class ClassDataArchiveIT {

    /** The options ./icn gives java with the archive (checked against the script below). */
    static final List<String> QUIET = List.of("-Xshare:auto", "-Xlog:cds*=off", "-Xlog:class+path*=off");

    private static final long TIMEOUT_SECONDS = 90;

    private static Path jar;
    private static Path archive;

    @TempDir
    Path tmp;

    record Run(int exit, String out, List<String> errLines) {
        @Override
        public String toString() {
            return "exit " + exit + "\n--- stdout ---\n" + out + "\n--- stderr ---\n" + String.join("\n", errLines);
        }
    }

    @BeforeAll
    static void findJarAndArchive() {
        assumeFalse(Boolean.getBoolean("icn.cds.skipped"), "built with -Dexec.skip=true: no archive");
        String path = System.getProperty("icn.jar");
        assertNotNull(path, "system property icn.jar (set by failsafe's configuration in cluster-launcher/pom.xml)");
        jar = Path.of(path);
        archive = jar.resolveSibling("icn.jsa");
        assertTrue(Files.isRegularFile(archive), () -> archive + " exists (made by the package phase after the jar)");
    }

    @Test
    void theScriptGivesTheSameOptions() throws IOException {
        String script = Files.readString(jar.getParent().getParent().getParent().resolve("icn"), StandardCharsets.UTF_8);
        assertTrue(script.contains("\"-XX:SharedArchiveFile=${jar%.jar}.jsa\""), "./icn passes the archive beside the jar");
        QUIET.forEach(option -> assertTrue(script.contains('"' + option + '"'), () -> "./icn passes " + option));
    }

    @Test
    void mapsInTheCommandAndInItsWorkerJvm() throws Exception {
        // each JVM logs how its archive mapped to a file of its own (%p: its pid); LocalWorkers gives the worker the same -Xlog:cds
        Run r = java(archive, List.of("-Xlog:cds,cds+dynamic:file=" + tmp.resolve("cds-%p.log")),
                "broadcast", "--topology", "scc:4", "--algorithm", "one-port", "--jvms", "2", "--json");
        assertQuietJson(r, 2);
        List<Path> logs;
        try (Stream<Path> files = Files.list(tmp)) {
            logs = files.filter(p -> p.getFileName().toString().startsWith("cds-")).toList();
        }
        assertEquals(2, logs.size(), () -> "a log of the command's JVM and one of its worker's: " + logs);
        for (Path log : logs) {
            String text = Files.readString(log, StandardCharsets.UTF_8);
            assertAll(log.toString(),
                    () -> assertTrue(text.contains("Mapped dynamic region"), "the archive mapped:\n" + text),
                    () -> assertFalse(text.contains("Unable to use shared archive"), "and was used:\n" + text));
        }
    }

    @Test
    void anArchiveOfAnotherJarChangesNothingPrinted() throws Exception {
        // the archive names the jar it was made from: a copy elsewhere (a rebuilt jar is the same case) does not fit
        Path other = Files.createDirectories(tmp.resolve("other"));
        Path copy = Files.copy(jar, other.resolve("icn.jar"));
        assertQuietJson(java(copy, archive, List.of(), "broadcast", "--topology", "scc:4", "--algorithm", "one-port", "--json"), 1);
    }

    @Test
    void aDamagedOrMissingArchiveChangesNothingPrinted() throws Exception {
        Path damaged = Files.writeString(tmp.resolve("damaged.jsa"), "not an archive");
        assertQuietJson(java(damaged, List.of(), "broadcast", "--topology", "scc:4", "--algorithm", "one-port", "--json"), 1);
        Path missing = tmp.resolve("missing.jsa");
        assertQuietJson(java(missing, List.of(), "broadcast", "--topology", "scc:4", "--algorithm", "one-port", "--json"), 1);
    }

    private static void assertQuietJson(Run r, int jvms) throws IOException {
        assertEquals(0, r.exit(), r::toString);
        assertEquals(1, Cli.lines(r.out()).size(), () -> "one line on stdout: " + r);
        JsonNode j = Cli.JSON.readTree(r.out());
        assertAll(r.toString(),
                () -> assertEquals(jvms, j.get("jvms").asInt()),
                () -> assertEquals(72, j.get("informed").asLong()),
                () -> assertEquals(List.of("Results: " + j.get("resultsDirectory").asText()), r.errLines(),
                        "on stderr only where the results are"));
    }

    private Run java(Path sharedArchive, List<String> options, String... args) throws IOException, InterruptedException {
        return java(jar, sharedArchive, options, args);
    }

    /** java -Xmx512m -XX:SharedArchiveFile=ARCHIVE (./icn's other options) OPTIONS -jar JAR ARGS, with a time limit. */
    private Run java(Path jarFile, Path sharedArchive, List<String> options, String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.add("-XX:SharedArchiveFile=" + sharedArchive);
        command.addAll(QUIET);
        command.add("-Xmx512m");
        command.addAll(options);
        command.add("-jar");
        command.add(jarFile.toString());
        command.addAll(List.of(args));
        Path out = Files.createTempFile(tmp, "stdout", ".txt");
        Path err = Files.createTempFile(tmp, "stderr", ".txt");
        ProcessBuilder builder = new ProcessBuilder(command).directory(tmp.toFile()).redirectOutput(out.toFile())
                .redirectError(err.toFile()).redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")));
        builder.environment().remove("ICN_DEBUG");
        builder.environment().remove("ICN_LOG_LEVEL");
        builder.environment().remove("JAVA_TOOL_OPTIONS");
        Process process = builder.start();
        try {
            boolean finished = process.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS);
            assertTrue(finished, () -> "icn " + String.join(" ", args) + " finished within " + TIMEOUT_SECONDS + " s");
            List<String> errLines = Cli.lines(Files.readString(err, StandardCharsets.UTF_8)).stream()
                    .filter(line -> !line.startsWith("SLF4J:")).toList();
            return new Run(process.exitValue(), Files.readString(out, StandardCharsets.UTF_8), errLines);
        } finally {
            process.destroyForcibly();
            process.waitFor(10, TimeUnit.SECONDS);
        }
    }
}
