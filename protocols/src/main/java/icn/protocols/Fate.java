package icn.protocols;

/**
 * How a link message ends: every message a node sends ends as exactly one of these (ARCHITECTURE.md, Faults). The wire carries the
 * ordinal: append only.
 */
public enum Fate {
    /** Put into the receiving node's inbox (including messages the node had declared it would ignore: carried and counted). */
    DELIVERED("delivered"),
    /** Dropped because the receiving node had crashed by the step it would have arrived. */
    NODE_CRASHED("node-crashed"),
    /** Dropped because the link (in the direction sent) was cut in the step it was sent. */
    LINK_CUT("link-cut"),
    /** Dropped by a lossy link (seeded draw per message). */
    LOST_IN_TRANSIT("lost-in-transit"),
    /** Gone with a worker JVM that was lost: sent to or by its nodes and never acknowledged by it. */
    LOST_WITH_MEMBER("lost-with-member");

    private final String key;

    Fate(String key) {
        this.key = key;
    }

    /** The reason as reports write it. */
    public String key() {
        return key;
    }
}
