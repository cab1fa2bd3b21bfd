package icn.node.routing;

import icn.protocols.topology.SccPort;

/**
 * Routing inside a supernode, the ring of positions 2..n that ascend counterclockwise ({@link SccPort#RIGHT} goes from i to i+1,
 * n wraps to 2).
 */
final class RingRouting {

    /** How a walk between two positions picks its direction; both take d(a, b) local links. */
    enum Direction {
        /**
         * The shorter way round; when both ways are equally long (n odd, |a−b| = (n−1)/2) the walk goes RIGHT, counterclockwise. Used by
         * the algorithms of 000, which leave the direction open.
         */
        SHORTER_RIGHT_ON_TIE,
        /**
         * 001 Algorithm 2: L = b − a, R = |b − a| div ⌊(n+1)/2⌋; counterclockwise (RIGHT) when (L > 0 and R = 0) or (L < 0 and R = 1),
         * clockwise (LEFT) otherwise. This is also the shorter way; on a tie it goes RIGHT when b > a and LEFT when b < a.
         */
        ALGORITHM_2_OF_001
    }

    private RingRouting() {
    }

    /** d(a, b) = min(|a − b|, n − 1 − |a − b|), the local links between positions a and b of one ring (000 Eq. 7, 001 Eq. 1). */
    static int distance(int n, int a, int b) {
        int d = Math.abs(a - b);
        return Math.min(d, n - 1 - d);
    }

    /** The port of every local link from position a to position b, appended to {@code ports}. */
    static void appendWalk(int n, int a, int b, Direction direction, IntSequence ports) {
        if (a == b) {
            return;
        }
        SccPort port = counterclockwise(n, a, b, direction) ? SccPort.RIGHT : SccPort.LEFT;
        int steps = distance(n, a, b);
        for (int k = 0; k < steps; k++) {
            ports.add(port.index());
        }
    }

    static boolean counterclockwise(int n, int a, int b, Direction direction) {
        if (direction == Direction.ALGORITHM_2_OF_001) {
            int l = b - a;
            int r = Math.abs(l) / ((n + 1) / 2);
            return (l > 0 && r == 0) || (l < 0 && r == 1);
        }
        int ring = n - 1;
        int up = Math.floorMod(b - a, ring);
        return up <= ring - up;
    }
}
