package icn.launcher;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The JSON contract docs/output.md states, read back so tests can hold the commands to it. Under a heading {@code ### icn COMMAND}
 * a line {@code contract: `icn COMMAND ... --json`} names a quick command line, and the paragraph that starts with {@code fields:}
 * after it lists the field paths its object must have, comma-separated: {@code a} a key of the object, {@code a.b} a key of the
 * object under {@code a}, {@code a[].b} a key of every element of the (non-empty) array {@code a}. A key whose value is null is
 * present.
 */
final class OutputContract {

    static final Path DOCUMENT = Path.of("../docs/output.md");

    /** One contract: the section's command (words after icn), where it is, the command line to run, the field paths. */
    record Contract(String command, int line, String commandLine, List<String> fields) {
        String where() {
            return DOCUMENT.getFileName() + ":" + line;
        }
    }

    private OutputContract() {
    }

    static List<Contract> read() throws IOException {
        return read(Files.readAllLines(DOCUMENT));
    }

    static List<Contract> read(List<String> lines) {
        List<Contract> out = new ArrayList<>();
        String section = null;
        String commandLine = null;
        int commandLineAt = 0;
        for (int i = 0; i < lines.size(); i++) {
            String l = lines.get(i).strip();
            if (l.startsWith("#")) {
                section = l.startsWith("### icn ") ? l.substring("### icn ".length()).strip() : null;
                commandLine = null;
            } else if (l.startsWith("contract:")) {
                int open = l.indexOf('`');
                int close = l.lastIndexOf('`');
                if (section == null || open < 0 || close <= open) {
                    throw new IllegalArgumentException(DOCUMENT + ":" + (i + 1) + ": a contract line outside a '### icn' section, or"
                            + " without a `command`");
                }
                commandLine = l.substring(open + 1, close);
                commandLineAt = i + 1;
            } else if (l.startsWith("fields:")) {
                if (commandLine == null) {
                    throw new IllegalArgumentException(DOCUMENT + ":" + (i + 1) + ": a fields line without a contract line before it");
                }
                StringBuilder text = new StringBuilder(l.substring("fields:".length()));
                while (i + 1 < lines.size() && !lines.get(i + 1).isBlank()) {
                    text.append(' ').append(lines.get(++i).strip());
                }
                List<String> fields = new ArrayList<>();
                for (String f : text.toString().split(",")) {
                    String path = f.strip().replace("`", "");
                    if (!path.isEmpty()) {
                        fields.add(path);
                    }
                }
                out.add(new Contract(section, commandLineAt, commandLine, fields));
                commandLine = null;
            }
        }
        return out;
    }

    /** The contracts of {@code command} (e.g. {@code faults kill-jvm}), by their command line. */
    static Map<String, List<String>> of(String command) throws IOException {
        Map<String, List<String>> out = new LinkedHashMap<>();
        for (Contract c : read()) {
            if (c.command().equals(command)) {
                out.put(c.commandLine(), c.fields());
            }
        }
        return out;
    }

    /** The paths of {@code fields} that {@code json} lacks, each with the reason. */
    static List<String> missing(JsonNode json, List<String> fields) {
        List<String> missing = new ArrayList<>();
        for (String path : fields) {
            String why = missing(json, path.split("\\."), 0);
            if (why != null) {
                missing.add(path + " (" + why + ")");
            }
        }
        return missing;
    }

    private static String missing(JsonNode node, String[] segments, int at) {
        if (at == segments.length) {
            return null;
        }
        String segment = segments[at];
        boolean array = segment.endsWith("[]");
        String key = array ? segment.substring(0, segment.length() - 2) : segment;
        if (!node.isObject() || !node.has(key)) {
            return "no key '" + key + "'" + (node.isObject() ? "" : " in a " + node.getNodeType());
        }
        JsonNode value = node.get(key);
        if (!array) {
            return missing(value, segments, at + 1);
        }
        if (!value.isArray()) {
            return "'" + key + "' is not an array";
        }
        if (at + 1 < segments.length && value.isEmpty()) {
            return "'" + key + "' is empty: nothing to check";
        }
        for (int i = 0; i < value.size(); i++) {
            String why = missing(value.get(i), segments, at + 1);
            if (why != null) {
                return key + "[" + i + "]: " + why;
            }
        }
        return null;
    }
}
