package icn.protocols;

/**
 * How the link messages of a run ended: each one sent is exactly one of delivered, dropped (node crashed, link cut, lost in transit)
 * or lost with a member. {@link #balanced()} is the check every report shows: sent = delivered + dropped + lost.
 */
public record Accounting(long sent, long delivered, long nodeCrashed, long linkCut, long lostInTransit, long lostWithMember) {

    public long dropped() {
        return nodeCrashed + linkCut + lostInTransit;
    }

    /** Whether sent = delivered + dropped + lost with member. */
    public boolean balanced() {
        return sent == delivered + dropped() + lostWithMember;
    }

    /** One line: {@code sent 1,234 = delivered 1,200 + dropped 30 (node-crashed 20, link-cut 10, lost-in-transit 0) + lost 4: balanced}. */
    public String describe() {
        return String.format("sent %,d %s delivered %,d + dropped %,d (node-crashed %,d, link-cut %,d, lost-in-transit %,d) + lost with member %,d%s",
                sent, balanced() ? "=" : "≠", delivered, dropped(), nodeCrashed, linkCut, lostInTransit, lostWithMember,
                balanced() ? "" : "  (UNBALANCED: " + (sent - delivered - dropped() - lostWithMember) + " unaccounted)");
    }
}
