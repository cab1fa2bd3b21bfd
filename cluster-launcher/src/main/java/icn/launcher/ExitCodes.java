package icn.launcher;

/** How an {@code icn} command ends: its exit codes, shared by every room of the launcher. */
public final class ExitCodes {

    /** The command ran and its results are what they should be. */
    public static final int OK = 0;
    /** A run that could not finish, or whose results disagree with what they must be. */
    public static final int RUN_FAILED = 1;
    /** Bad input (unknown topology, bad label, bad scenario key...): one line, nothing written. */
    public static final int BAD_INPUT = 2;
    /** Interrupted (Ctrl-C), or cancelled on a standing cluster before it ended: as a shell reports a command ended by SIGINT. */
    public static final int CANCELLED = 130;
    /**
     * The standing cluster stopped ({@code icn cluster stop}) while the submitted job ran: what it measured so far is written here,
     * marked interrupted. EX_TEMPFAIL: the same command may succeed once a cluster serves again.
     */
    public static final int CLUSTER_STOPPED = 75;

    private ExitCodes() {
    }
}
