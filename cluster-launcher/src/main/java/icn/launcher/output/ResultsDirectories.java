package icn.launcher.output;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import icn.protocols.InvalidInputException;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Locale;
import java.util.Properties;

/** Where a results directory goes and what its manifest records of where the run came from: its name, its scenario, the commit. */
final class ResultsDirectories {

    private ResultsDirectories() {
    }

    /** The manifest's {@code scenario}: the file as given and its text (a built-in one's as shipped in the jar). */
    static ObjectNode scenario(Session session, String scenarioFile) {
        ObjectNode s = new ObjectMapper().createObjectNode();
        s.put("file", session.shown(scenarioFile));
        Path p = Path.of(scenarioFile);
        if (!scenarioFile.startsWith("builtin:") && Files.isRegularFile(p)) {
            try {
                s.put("text", Files.readString(p, StandardCharsets.UTF_8));
            } catch (IOException e) {
                s.putNull("text");
            }
        } else if (scenarioFile.startsWith("builtin:")) {
            String builtin = scenarioFile.substring("builtin:".length());
            try (InputStream in = Results.class.getResourceAsStream("/scenarios/" + (builtin.endsWith(".conf") ? builtin : builtin + ".conf"))) {
                if (in == null) {
                    s.putNull("text");
                } else {
                    s.put("text", new String(in.readAllBytes(), StandardCharsets.UTF_8));
                }
            } catch (IOException e) {
                s.putNull("text");
            }
        } else {
            s.putNull("text");
        }
        return s;
    }

    /** {@code <out>/<name>-<time>}, with -2, -3 ... when two runs start in the same second. */
    static Path newDirectory(Path out, String name) {
        String problem = Results.outProblem(out);
        if (problem != null) {
            throw new InvalidInputException(problem);
        }
        // a scenario's name is the submitter's text: made one file name, so that the directory is made under out and nowhere else
        String base = icn.protocols.FileNames.safe(name) + "-" + LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss", Locale.ROOT));
        try {
            Files.createDirectories(out);
            for (int k = 1; ; k++) {
                Path dir = out.resolve(k == 1 ? base : base + "-" + k);
                try {
                    return Files.createDirectory(dir);
                } catch (FileAlreadyExistsException taken) {
                    // next suffix
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot make a results directory under " + out + ": " + e.getMessage(), e);
        }
    }

    /** The commit of the emulator this jar was built from, "unknown" outside a git clone; "+dirty" with uncommitted changes. */
    static String gitCommit() {
        try (InputStream in = Results.class.getResourceAsStream("/icn-git.properties")) {
            if (in == null) {
                return "unknown";
            }
            Properties p = new Properties();
            p.load(in);
            String id = p.getProperty("git.commit.id", "unknown");
            return "true".equals(p.getProperty("git.dirty")) ? id + "+dirty" : id;
        } catch (IOException e) {
            return "unknown";
        }
    }
}
