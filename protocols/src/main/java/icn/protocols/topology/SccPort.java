package icn.protocols.topology;

import icn.protocols.LinkClass;

/**
 * The three ports of an SCC_n node (001 §3, §5.2). Ring positions 2..n ascend counterclockwise; {@code RIGHT} leads to the next
 * position (n wraps to 2), {@code LEFT} to the previous one (2 wraps to n), {@code LATERAL} to the node of the same position in the
 * supernode whose permutation has its first and i-th symbols exchanged.
 */
public enum SccPort {
    LATERAL,
    LEFT,
    RIGHT;

    private static final SccPort[] VALUES = values();

    public int index() {
        return ordinal();
    }

    public static SccPort of(int index) {
        return VALUES[index];
    }

    public LinkClass linkClass() {
        return this == LATERAL ? LinkClass.LATERAL : LinkClass.LOCAL;
    }

    /** The port through which a message sent on this port arrives at the neighbour. */
    public SccPort reverse() {
        switch (this) {
            case LEFT:
                return RIGHT;
            case RIGHT:
                return LEFT;
            default:
                return LATERAL;
        }
    }
}
