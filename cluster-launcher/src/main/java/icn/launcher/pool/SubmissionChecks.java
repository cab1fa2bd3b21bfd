package icn.launcher.pool;

import icn.protocols.InvalidInputException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * What the head checks of a submission before anything of it is kept (issue 36): the command (an experiment), its arguments'
 * number and length, its files' names, number and bytes, and that it names no path of the head's but the files it sent. Each
 * refusal is one line naming nothing of the head's.
 */
final class SubmissionChecks {

    private SubmissionChecks() {
    }

    /**
     * The commands a submission may run: the experiments. Starting, stopping and joining clusters ({@code cluster}, {@code worker},
     * {@code coordinator}) is the operator's, on the head's machine, and so are {@code bench} (it starts JVMs of its own and times
     * this machine) and help (a submitter's own {@code icn} prints it): none is a submitted run (issue 36).
     */
    static final Set<String> SUBMITTABLE = Set.of("run", "broadcast", "route", "compare", "faults", "traffic", "reproduce", "topology",
            "claims");

    /** The most arguments a submission may have, and the longest one (characters). */
    static final int MAX_ARGS = 1000;
    static final int MAX_ARG_CHARS = 64 * 1024;
    /** All of a submission's arguments together: what the head keeps and shows of it in every listing. */
    static final int MAX_ARGS_CHARS = 256 * 1024;

    /** The most files a submission may send, and their most bytes in all. */
    static final int MAX_FILES = 256;
    static final long MAX_FILE_BYTES = 64L << 20;
    /** The longest file name a sent file may have: as long as common file systems hold (in bytes, for ASCII). */
    static final int MAX_NAME = 255;

    /** How many workers a job holds: K for {@code --jvms K} (one run spread over K JVMs), else one. */
    static int workersWanted(List<String> args) {
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            if (a.equals("--")) {
                break;
            }
            String value = a.equals("--jvms") && i + 1 < args.size() ? args.get(i + 1) : a.startsWith("--jvms=") ? a.substring(7) : null;
            if (value != null) {
                try {
                    return Math.max(1, Integer.parseInt(value.strip()));
                } catch (NumberFormatException e) {
                    return 1; // the command's parser has refused it already
                }
            }
        }
        return 1;
    }

    /** The longest {@code out} a submission may name its results under. */
    static final int MAX_OUT_CHARS = 4096;

    /**
     * The {@code --out} a submitter typed, used only to name its job's results in what the job prints and records: one line of at
     * most {@value #MAX_OUT_CHARS} characters, without control characters.
     */
    static String checkShownOut(String out) {
        if (out == null || out.isBlank()) {
            return Submissions.DEFAULT_OUT;
        }
        if (out.length() > MAX_OUT_CHARS || out.chars().anyMatch(Character::isISOControl)) {
            throw new InvalidInputException("\"out\" must be one line of at most " + MAX_OUT_CHARS + " characters without control"
                    + " characters: the --out the results are named under");
        }
        return out;
    }

    static List<String> checkArgs(List<String> args) {
        if (args.size() > MAX_ARGS) {
            throw new InvalidInputException("a submission has at most " + MAX_ARGS + " arguments; this one has " + args.size());
        }
        for (int i = 0; i < args.size(); i++) {
            if (args.get(i) == null) {
                throw new InvalidInputException("argument " + (i + 1) + " is not a string");
            }
            if (args.get(i).length() > MAX_ARG_CHARS) {
                throw new InvalidInputException("argument " + (i + 1) + " is longer than " + MAX_ARG_CHARS + " characters");
            }
        }
        long total = args.stream().mapToLong(String::length).sum();
        if (total > MAX_ARGS_CHARS) {
            throw new InvalidInputException("a submission's arguments have at most " + MAX_ARGS_CHARS + " characters in all; these have " + total);
        }
        return args;
    }

    static void checkCommand(List<String> args) {
        if (args.isEmpty()) {
            throw new InvalidInputException("no command: send the words after 'icn', e.g. [\"broadcast\", \"--topology\", \"scc:6\"]");
        }
        if (!SUBMITTABLE.contains(args.get(0))) {
            throw new InvalidInputException("'" + quoted(args.get(0)) + "' cannot be submitted: a standing cluster runs the experiments ("
                    + String.join(", ", new java.util.TreeSet<>(SUBMITTABLE)) + "); starting and stopping clusters, bench and help are"
                    + " run on a machine itself");
        }
    }

    /**
     * The file name each upload is kept under (its path's last name, as the submitter gave it), refusing what no file has: an
     * empty path, "/", "." or "..", a path with a NUL, a name longer than a file system holds ({@value #MAX_NAME} characters);
     * and more files or bytes than a submission may send.
     */
    static List<String> checkUploads(List<Upload> uploads) {
        if (uploads.size() > MAX_FILES) {
            throw new InvalidInputException("a submission sends at most " + MAX_FILES + " files; this one sends " + uploads.size());
        }
        long bytes = 0;
        List<String> names = new ArrayList<>();
        for (Upload u : uploads) {
            String given = u.given();
            Path name;
            try {
                name = given == null || given.isBlank() || given.length() > MAX_ARG_CHARS ? null : Path.of(given).getFileName();
            } catch (java.nio.file.InvalidPathException e) {
                name = null;
            }
            if (name == null || name.toString().equals(".") || name.toString().equals("..") || name.toString().length() > MAX_NAME) {
                throw new InvalidInputException("file '" + quoted(given) + "': not the path of a file (send each file by the path its"
                        + " command line names)");
            }
            if (u.content() == null) {
                throw new InvalidInputException("file '" + quoted(given) + "': no content");
            }
            bytes += u.content().length;
            if (bytes > MAX_FILE_BYTES) {
                throw new InvalidInputException("a submission sends at most " + (MAX_FILE_BYTES >> 20) + " MiB of files");
            }
            names.add(name.toString());
        }
        return names;
    }

    /**
     * Refuses a path on the command line that is none of the files the submission sent (issue 36: "a submission names only what
     * it sent"): a {@code file:PATH} network, an absolute path or one that climbs with "..", and any word that names a file or
     * directory where the head runs. Each would be the head's file read for the submitter. Networks and absolute or climbing paths
     * are refused whether or not they exist, so that the refusal tells nothing of the head's files; only a relative word is looked
     * up, in the head's working directory, as the command would look it up. The launcher has no short option that takes a path, so
     * {@code --option=value} and the word alone are all the forms a path can take.
     */
    static void checkNamesOnlyWhatItSent(List<String> args, List<Upload> uploads) {
        Set<String> sent = new HashSet<>();
        uploads.forEach(u -> sent.add(u.given()));
        for (String a : args.subList(1, args.size())) {
            List<String> words = SubmitArgs.named(a);
            for (String network : words.subList(1, words.size())) {
                if (!sent.contains(network)) {
                    throw new InvalidInputException("file:" + quoted(network) + ": a submitted command reads a network only from a file"
                            + " sent with it, and this one sent none by that name");
                }
            }
            String word = words.get(0);
            if (!sent.contains(word) && namesAPath(word)) {
                throw new InvalidInputException("'" + quoted(word) + "' names a file that was not sent with the submission: a submitted"
                        + " command reads only the files sent with it");
            }
        }
    }

    /** Whether {@code word} would be read as a path of the head's: absolute, climbing with "..", or naming what is there. */
    static boolean namesAPath(String word) {
        if (word.isEmpty()) {
            return false;
        }
        try {
            Path p = Path.of(word);
            for (Path part : p) {
                if (part.toString().equals("..")) {
                    return true;
                }
            }
            return p.isAbsolute() || Files.exists(p, java.nio.file.LinkOption.NOFOLLOW_LINKS);
        } catch (java.nio.file.InvalidPathException e) {
            return false; // no path: a NUL, which no command reads as a file either
        }
    }

    /** {@code text} fit to be quoted in a one-line answer: control characters as '?', and at most 200 characters. */
    static String quoted(String text) {
        String t = String.valueOf(text).replaceAll("\\p{Cntrl}", "?");
        return t.length() > 200 ? t.substring(0, 200) + "…" : t;
    }
}
