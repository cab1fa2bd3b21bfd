package icn.launcher.pool;

import icn.protocols.topology.FileNetwork;
import icn.protocols.topology.Topologies;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The command line of a submission, as the submitter and the head see it: {@code --cluster [ADDRESS]} and {@code --out DIR} stay
 * with the submitter (the head decides where a command's results go while it runs, and the submitter where they end up), and
 * the files it names travel with it.
 */
public final class SubmitArgs {

    /** What {@code --cluster} takes as an address: {@code HOST:PORT}, or an {@code http://} or {@code https://} URL. */
    private static final Pattern ADDRESS = Pattern.compile("(https?://)?[A-Za-z0-9_.\\-]+(:[0-9]{1,5})/?|https?://[A-Za-z0-9_.\\-]+/?");

    private SubmitArgs() {
    }

    /**
     * Whether a word after {@code --cluster} is its address (rather than the next argument, such as {@code icn run --cluster
     * my-run.conf}'s scenario).
     */
    public static boolean looksLikeAddress(String word) {
        return word != null && ADDRESS.matcher(word).matches();
    }

    /** {@code args} without {@code --cluster [ADDRESS]} and {@code --out DIR} (in either spelling, {@code --out=DIR} too). */
    public static List<String> withoutClusterAndOut(List<String> args) {
        List<String> kept = new ArrayList<>();
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            if (a.equals("--")) {
                kept.addAll(args.subList(i, args.size()));
                break;
            }
            if (a.startsWith("--cluster=") || a.startsWith("--out=")) {
                continue;
            }
            if (a.equals("--cluster")) {
                if (i + 1 < args.size() && looksLikeAddress(args.get(i + 1))) {
                    i++;
                }
                continue;
            }
            if (a.equals("--out")) {
                i++;
                continue;
            }
            kept.add(a);
        }
        return kept;
    }

    /** The {@code --out} of {@code args}, or {@code otherwise}. */
    public static String out(List<String> args, String otherwise) {
        String out = otherwise;
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            if (a.equals("--")) {
                break;
            }
            if (a.startsWith("--out=")) {
                out = a.substring("--out=".length());
            } else if (a.equals("--out") && i + 1 < args.size()) {
                out = args.get(++i);
            }
        }
        return out;
    }

    /**
     * The words of one argument that may name a file, which a submission sends with it: the argument (or the value of its
     * {@code --option=value}), and the path of each {@code file:PATH} network in it. The submitter sends the ones that are files
     * here, and the head reads no other (issue 36).
     */
    public static List<String> named(String arg) {
        String value = arg.startsWith("--") && arg.contains("=") ? arg.substring(arg.indexOf('=') + 1) : arg;
        List<String> words = new ArrayList<>();
        words.add(value);
        words.addAll(Topologies.files(value));
        return words;
    }

    /**
     * Points every argument that is {@code given} (alone, or as the value of {@code --option=given}), and every {@code file:given}
     * network in a list, at {@code now}.
     */
    static void replace(List<String> args, String given, String now) {
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            if (a.equals(given)) {
                args.set(i, now);
            } else if (a.startsWith("--") && a.endsWith("=" + given) && a.indexOf('=') == a.length() - given.length() - 1) {
                args.set(i, a.substring(0, a.indexOf('=') + 1) + now);
            } else {
                int at = a.startsWith("--") ? a.indexOf('=') + 1 : 0; // where the value starts: 0 for a word alone
                if (!Topologies.files(a.substring(at)).contains(given)) {
                    continue;
                }
                String option = a.substring(0, at);
                List<String> networks = new ArrayList<>();
                for (String n : a.substring(at).split(Topologies.LIST)) {
                    networks.add(Topologies.files(n).contains(given) ? FileNetwork.PREFIX + ":" + now : n);
                }
                args.set(i, option + String.join(",", networks));
            }
        }
    }
}
