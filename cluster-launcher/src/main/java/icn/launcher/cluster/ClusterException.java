package icn.launcher.cluster;

/** A cluster that could not form or a run that lost a member: one line for the user, exit code 1. */
public final class ClusterException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public ClusterException(String message) {
        super(message);
    }
}
