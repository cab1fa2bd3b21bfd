package icn.protocols;

/**
 * The one way a name that came from outside (a scenario's name, a network's, a panel's, a file a submitter sent) becomes a file or
 * directory name (issue 36): a scenario named {@code ../../elsewhere/x} made a directory outside the results directory. Every such
 * name goes through {@link #safe}, so that what it allows is decided once.
 */
public final class FileNames {

    private FileNames() {
    }

    /**
     * {@code text} as one file name that stays where it is put: every character but letters, digits, '.', '_' and '-' as '_' (the
     * ':' of scc:6, every '/'), a leading '.' as '_' (never "." or "..", nor a hidden file), and "_" for an empty text.
     */
    public static String safe(String text) {
        String safe = text.replaceAll("[^A-Za-z0-9._-]", "_");
        if (safe.startsWith(".")) {
            safe = "_" + safe.substring(1);
        }
        return safe.isEmpty() ? "_" : safe;
    }
}
