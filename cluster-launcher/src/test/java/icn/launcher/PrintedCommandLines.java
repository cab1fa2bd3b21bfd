package icn.launcher;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The {@code icn} command lines a report or a help text prints: in reports (report.md, report.html, result.json and notes) between
 * backticks or in {@code <code>} elements, in help texts between single quotes. Each is split into words as a shell would
 * ({@link DocsCommandLinesTest#words}) and parsed by the CLI's own parser ({@link DocsCommandLinesTest#parseError}).
 */
final class PrintedCommandLines {

    private static final Pattern BACKTICKS = Pattern.compile("`((?:\\./)?icn [^`]+)`");
    private static final Pattern CODE = Pattern.compile("<code>((?:\\./)?icn [^<]+)</code>");
    private static final Pattern QUOTED = Pattern.compile("'((?:\\./)?icn [^']+)'");

    private PrintedCommandLines() {
    }

    /** The command lines of a report's text (Markdown, JSON strings, notes): between backticks. */
    static List<String> inReport(String text) {
        return all(BACKTICKS, text);
    }

    /** The command lines of an HTML report: in code elements, entities decoded. */
    static List<String> inHtml(String html) {
        List<String> lines = new ArrayList<>();
        for (String s : all(CODE, html)) {
            lines.add(s.replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", "\"").replace("&#39;", "'").replace("&amp;", "&"));
        }
        return lines;
    }

    /** The command lines of a help text: between single quotes. */
    static List<String> inHelp(String text) {
        return all(QUOTED, text.replaceAll("\\s+", " "));
    }

    private static List<String> all(Pattern p, String text) {
        List<String> lines = new ArrayList<>();
        Matcher m = p.matcher(text);
        while (m.find()) {
            lines.add(m.group(1).strip());
        }
        return lines;
    }

    /** Every line of {@code lines} that does not parse, with picocli's message. */
    static List<String> refused(List<String> lines) {
        List<String> refused = new ArrayList<>();
        for (String line : lines) {
            List<String> args = DocsCommandLinesTest.commandLine(line).orElse(null);
            if (args == null) {
                refused.add(line + ": not an icn command line");
                continue;
            }
            DocsCommandLinesTest.parseError(args).ifPresent(e -> refused.add(line + ": " + e));
        }
        return refused;
    }
}
