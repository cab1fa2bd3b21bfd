package icn.scenarios.report;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * A command line of {@code icn} that a report, note or help text prints, built from the names the CLI declares its options with:
 * the launcher's picocli options use these constants, so a line built here names options the parser knows, and a test parses every
 * line the reports print with the CLI's own parser. Reports never write a command line as free text.
 */
public final class IcnLine {

    public static final String TOPOLOGY = "--topology";
    public static final String ALGORITHM = "--algorithm";
    public static final String THEOREM11 = "--theorem11";
    public static final String PROFILE = "--profile";
    public static final String ONLY = "--only";
    public static final String SEED = "--seed";
    public static final String VCS = "--vcs";
    public static final String FLITS = "--flits";
    public static final String ROUTING = "--routing";
    public static final String SWEEP = "--sweep";
    public static final String FROM = "--from";
    public static final String TO = "--to";
    public static final String KIND = "--kind";
    public static final String RATES = "--rates";
    public static final String PATTERN = "--pattern";
    public static final String INJECTION = "--injection";
    public static final String SIZES = "--sizes";
    public static final String CLASS = "--class";

    private static final Pattern PLAIN = Pattern.compile("[A-Za-z0-9_.,:/=+@%-]+");

    private final List<String> words = new ArrayList<>();

    private IcnLine(String... command) {
        words.addAll(List.of(command));
    }

    /** {@code icn} with its command and subcommand words ({@code of("faults", "coverage")}). */
    public static IcnLine of(String... command) {
        return new IcnLine(command);
    }

    /** {@code --name value}. */
    public IcnLine option(String name, Object value) {
        words.add(name);
        words.add(String.valueOf(value));
        return this;
    }

    /** {@code --name}, an option without a value. */
    public IcnLine flag(String name) {
        words.add(name);
        return this;
    }

    /** A positional parameter (a scenario's name). */
    public IcnLine positional(String value) {
        words.add(value);
        return this;
    }

    /** The arguments after {@code icn}, as the parser receives them. */
    public List<String> args() {
        return List.copyOf(words);
    }

    /** The line as a shell takes it: {@code icn} and the words, quoted where a shell would split or expand them. */
    public String text() {
        StringBuilder sb = new StringBuilder("icn");
        for (String w : words) {
            sb.append(' ').append(PLAIN.matcher(w).matches() ? w : "'" + w.replace("'", "'\\''") + "'");
        }
        return sb.toString();
    }

    @Override
    public String toString() {
        return text();
    }
}
