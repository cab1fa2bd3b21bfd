package icn.launcher.cli;

import java.util.List;
import picocli.CommandLine;

/** What a mistyped command line gets told: the option that is none of the command's, the stray words, the closest name. */
public final class Suggestions {

    private Suggestions() {
    }

    /** The first word of {@code args} that looks like an option (--name or --name=value) and is none of the command's. */
    static String unknownOption(CommandLine.Model.CommandSpec spec, String[] args) {
        for (String a : args) {
            if (a.equals("--")) {
                return null;
            }
            if (a.startsWith("--") && a.length() > 2) {
                String name = a.contains("=") ? a.substring(0, a.indexOf('=')) : a;
                if (spec.findOption(name) == null) {
                    return name;
                }
            }
        }
        return null;
    }

    /** " (did you mean 'topology'?)": the closest of {@code candidates} if it is within two edits of {@code word}; else nothing. */
    public static String meant(String word, java.util.Collection<String> candidates) {
        String best = null;
        int bestDistance = 3;
        for (String candidate : candidates) {
            int d = editDistance(word, candidate);
            if (d < bestDistance) {
                best = candidate;
                bestDistance = d;
            }
        }
        return best == null || best.equals(word) ? "" : " (did you mean '" + best + "'?)";
    }

    /** Levenshtein distance: insertions, deletions and substitutions of one character. */
    public static int editDistance(String a, String b) {
        int[] previous = new int[b.length() + 1];
        int[] current = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            previous[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            current[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int substitution = previous[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
                current[j] = Math.min(substitution, Math.min(previous[j], current[j - 1]) + 1);
            }
            int[] t = previous;
            previous = current;
            current = t;
        }
        return previous[b.length()];
    }

    /** The words of {@code args} that are neither the command's names, its options, their values, nor positional parameters. */
    static List<String> stray(CommandLine.Model.CommandSpec spec, String[] args) {
        List<String> names = new java.util.ArrayList<>(List.of(spec.qualifiedName(" ").split(" ")));
        names.remove(0); // "icn"
        List<String> stray = new java.util.ArrayList<>();
        boolean positionals = !spec.positionalParameters().isEmpty();
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            if (!names.isEmpty() && a.equals(names.get(0))) {
                names.remove(0);
                continue;
            }
            if (a.startsWith("-")) {
                String name = a.contains("=") ? a.substring(0, a.indexOf('=')) : a;
                CommandLine.Model.OptionSpec o = spec.findOption(name);
                if (o != null && !a.contains("=") && o.arity().max() > 0 && !o.typeInfo().isBoolean()) {
                    i++; // its value
                }
                continue;
            }
            if (!positionals) {
                stray.add(a);
            }
        }
        return stray;
    }
}
