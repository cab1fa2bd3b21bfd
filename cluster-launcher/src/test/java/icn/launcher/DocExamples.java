package icn.launcher;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The fenced code blocks of Markdown files, so that tests can run the documentation's examples as written. A block opens with a line
 * of three or more backticks and a language ({@code ```hocon}), possibly indented, and closes with a line of as many backticks; its
 * text loses the opening line's indentation. Files that do not exist are skipped, so a list may name documents yet to be written.
 */
final class DocExamples {

    /** One block: the file, the line of its opening fence (1-based), its language and its text. */
    record Example(Path file, int line, String language, String text) {
        /** {@code README.md:94}, for test names and failure messages. */
        String where() {
            return file.getFileName() + ":" + line;
        }
    }

    private static final Pattern OPEN = Pattern.compile("^(\\s*)(`{3,})\\s*([A-Za-z0-9_+-]*)\\s*$");

    private DocExamples() {
    }

    /** Every block of {@code language} in {@code files}, in order; files that do not exist are skipped. */
    static List<Example> of(String language, List<Path> files) throws IOException {
        List<Example> out = new ArrayList<>();
        for (Path file : files) {
            if (Files.isRegularFile(file)) {
                out.addAll(of(language, file, Files.readAllLines(file)));
            }
        }
        return out;
    }

    static List<Example> of(String language, Path file, List<String> lines) {
        List<Example> out = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            Matcher open = OPEN.matcher(lines.get(i));
            if (!open.matches()) {
                continue;
            }
            String indent = open.group(1);
            String fence = open.group(2);
            StringBuilder text = new StringBuilder();
            int j = i + 1;
            while (j < lines.size() && !lines.get(j).strip().equals(fence)) {
                String line = lines.get(j);
                text.append(line.startsWith(indent) ? line.substring(indent.length()) : line.stripLeading()).append('\n');
                j++;
            }
            if (j == lines.size()) {
                throw new IllegalArgumentException(file + ":" + (i + 1) + ": a fenced block that never closes");
            }
            if (open.group(3).equalsIgnoreCase(language)) {
                out.add(new Example(file, i + 1, open.group(3), text.toString()));
            }
            i = j; // the closing fence
        }
        return out;
    }
}
