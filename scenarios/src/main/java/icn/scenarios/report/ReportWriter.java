package icn.scenarios.report;

import com.fasterxml.jackson.databind.JsonNode;
import icn.protocols.InvalidInputException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.stream.Stream;

/**
 * Writes the results directory of one experiment, {@code <resultsRoot>/<runName>/}, for every report writer. Nothing is
 * half-written: the files go to a hidden temporary sibling directory that is renamed into place in one atomic move, or deleted if
 * anything fails. An existing {@code <runName>} is never touched; the new directory then gets a suffix, {@code <runName>-2},
 * {@code <runName>-3}, ... unless it is the command's own reserved directory (its manifest, no result yet), which is filled. A
 * command interrupted (Ctrl-C) while its files are in the temporary directory leaves that to the launcher's shutdown hook, which
 * moves it into the reserved directory as {@code unfinished/} and marks the directory interrupted ({@code docs/output.md}).
 */
public final class ReportWriter {

    public static final String RESULT_JSON = "result.json";
    public static final String REPORT_MD = "report.md";

    private ReportWriter() {
    }

    /** What goes into a results directory. */
    @FunctionalInterface
    public interface DirectoryContent {
        void writeInto(Path dir) throws IOException;
    }

    /**
     * Writes a results directory whole or not at all: into a hidden temporary directory under {@code resultsRoot}, moved to
     * {@code resultsRoot/runName} (or {@code runName-2}, …) only when every file is written.
     */
    public static Path writeDirectory(Path resultsRoot, String runName, DirectoryContent content) throws IOException {
        checkRunName(runName);
        Files.createDirectories(resultsRoot);
        Path tmp = Files.createTempDirectory(resultsRoot, "." + runName + ".tmp-");
        try {
            content.writeInto(tmp);
            return moveIntoPlace(tmp, resultsRoot, runName);
        } catch (IOException | RuntimeException | Error e) {
            deleteQuietly(tmp, e);
            throw e;
        }
    }

    private static Path moveIntoPlace(Path tmp, Path root, String runName) throws IOException {
        Path reserved = root.resolve(runName);
        if (isReserved(reserved)) {
            return fillReserved(tmp, reserved);
        }
        for (int k = 1; ; k++) {
            Path target = root.resolve(k == 1 ? runName : runName + "-" + k);
            if (Files.exists(target)) {
                continue;
            }
            try {
                return Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE);
            } catch (FileAlreadyExistsException | DirectoryNotEmptyException e) {
                // another writer took this name between the check and the move: try the next
            }
        }
    }

    /** The file a command's results directory holds from its start: what made it. */
    public static final String MANIFEST_JSON = "manifest.json";

    /** Moves what {@code tmp} holds into the reserved results directory {@code dir} (the command's own, made with its manifest). */
    public static Path fillReserved(Path tmp, Path dir) throws IOException {
        try (Stream<Path> entries = Files.list(tmp)) {
            for (Path p : entries.toList()) {
                Files.move(p, dir.resolve(p.getFileName()), StandardCopyOption.REPLACE_EXISTING);
            }
        }
        Files.delete(tmp);
        return dir;
    }

    /** A results directory a command made before its run (its manifest, perhaps its log), not yet holding a result. */
    public static boolean isReserved(Path dir) {
        return Files.isDirectory(dir) && Files.exists(dir.resolve(MANIFEST_JSON)) && !Files.exists(dir.resolve(RESULT_JSON));
    }

    private static void checkRunName(String runName) {
        if (runName == null || runName.isBlank() || runName.startsWith(".") || !runName.equals(icn.protocols.FileNames.safe(runName))) {
            throw new InvalidInputException("run name '" + runName
                    + "' cannot name a results directory: use letters, digits, '.', '_' and '-', not starting with '.'");
        }
    }

    /** Writes {@code text} to {@code file} in UTF-8. */
    public static void writeText(Path file, String text) throws IOException {
        Files.writeString(file, text, StandardCharsets.UTF_8);
    }

    /** Writes {@code json} pretty-printed, with a final newline. */
    public static void writeJson(Path file, JsonNode json) throws IOException {
        writeText(file, json.toPrettyString() + "\n");
    }

    private static void deleteQuietly(Path dir, Throwable cause) {
        try {
            icn.protocols.FileTrees.delete(dir);
        } catch (IOException | RuntimeException e) {
            cause.addSuppressed(e);
        }
    }
}
