package icn.node.broadcast;

import icn.node.program.Inbox;
import icn.node.program.NodeProgram;
import icn.node.program.Outbox;
import icn.node.program.ProgramFactory;
import icn.protocols.InvalidInputException;
import icn.protocols.topology.Star;

/**
 * One-port broadcasting in the n-star by its recursive decomposition. <b>This algorithm is ours, not that of Mendia and Sarkar</b>
 * (001 [15], "Optimal Broadcasting on the Star Graph", IEEE TPDS 3(4), 1992), whose description we could not obtain; 001 §7 quotes
 * its cost as Σ_{i=2}^{n} (⌈log i⌉ + 1) steps.
 *
 * <p>S_k, the nodes that agree on symbol positions k+1..n, splits into k sub-stars S_{k−1} by the symbol at position k. The
 * broadcast runs levels k = n, n−1, …, 2; at the start of level k every S_k holds one <em>leader</em> that has the message (the source
 * at level n), and level k gives every S_{k−1} of it one:
 * <ol>
 * <li>⌈log2(k−1)⌉ doubling rounds inside the leader x's own S_{k−1}: helper t (0 ≤ t ≤ k−2, the leader is t = 0) is x with the
 * symbol x_{t+1} brought to the front. In round r every helper t &lt; 2^{r−1} with t + 2^{r−1} ≤ k−2 sends on g_{t+2^{r−1}+1}, which
 * creates helper t + 2^{r−1} (the chain of swaps that made helper t never touched that position).</li>
 * <li>One step in which every helper t sends on g_k: the receiver has x_{t+1} at position k, so the k−1 receivers lie in the k−1
 * other sub-stars S_{k−1}, and become their leaders; x stays the leader of its own.</li>
 * </ol>
 * Level k takes ⌈log2(k−1)⌉ + 1 steps, so the broadcast takes Σ_{k=2}^{n} (⌈log2(k−1)⌉ + 1) steps (6, 9, 13, 17, 21 for n = 4..8),
 * within about n of the one-port lower bound ⌈log2 n!⌉. Every node sends at most once per step (one port), and acts only on the step
 * number and the port the message arrived on: the role a message gives is the level and round of the step it was sent in, and for a
 * helper the generator it came by.
 */
public final class StarOnePortBroadcast implements ProgramFactory {

    private static final Integer MESSAGE = 0;

    private final Star star;
    private final int source;
    private final int[] levelStart; // [k]: the first step of level k, 2 ≤ k ≤ n
    private final int[] rounds; // [k]: doubling rounds of level k, ⌈log2(k−1)⌉
    private final int[] levelOfStep; // [s]: the level step s belongs to, 1 ≤ s ≤ steps
    private final int steps;

    public StarOnePortBroadcast(Star star, int source) {
        if (source < 0 || source >= star.nodeCount()) {
            throw new InvalidInputException("source node " + source + " is not a node of " + star.name());
        }
        this.star = star;
        this.source = source;
        int n = star.n();
        levelStart = new int[n + 1];
        rounds = new int[n + 1];
        int s = 1;
        for (int k = n; k >= 2; k--) {
            levelStart[k] = s;
            rounds[k] = ceilLog2(k - 1);
            s += rounds[k] + 1;
        }
        steps = s - 1;
        levelOfStep = new int[steps + 1];
        for (int k = n; k >= 2; k--) {
            for (int t = levelStart[k]; t <= levelStart[k] + rounds[k]; t++) {
                levelOfStep[t] = k;
            }
        }
    }

    /** The steps the broadcast takes on S_n: Σ_{k=2}^{n} (⌈log2(k−1)⌉ + 1). */
    public static int steps(int n) {
        int total = 0;
        for (int k = 2; k <= n; k++) {
            total += ceilLog2(k - 1) + 1;
        }
        return total;
    }

    static int ceilLog2(int x) {
        return x <= 1 ? 0 : 32 - Integer.numberOfLeadingZeros(x - 1);
    }

    public int steps() {
        return steps;
    }

    @Override
    public int messages() {
        return 1;
    }

    @Override
    public NodeProgram create(int node) {
        return new Node(node == source);
    }

    private final class Node implements NodeProgram {
        private final boolean source;
        private boolean informed;
        private int leaderDownFrom; // the node leads its sub-star S_k at every level k ≤ this; 0: it leads none
        private int helperLevel; // the level at which the node is helper helperIndex ≥ 1; 0: none
        private int helperIndex;

        Node(boolean source) {
            this.source = source;
        }

        @Override
        public long initialWake() {
            return source ? 1 : NO_WAKE;
        }

        @Override
        public long step(long step, Inbox inbox, Outbox out) {
            if (source && step == 1) {
                leaderDownFrom = star.n();
            }
            for (int e = 0; e < inbox.size(); e++) {
                takeRole(step - 1, inbox.port(e));
            }
            if (!informed) {
                informed = true;
                out.informed(0, step - 1);
            }
            if (step > steps) {
                return NO_WAKE;
            }
            int k = levelOfStep[(int) step];
            boolean leads = leaderDownFrom >= k;
            boolean helps = helperLevel == k;
            if (leads && helps) {
                throw new IllegalStateException("a node both leads and helps at level " + k + " of " + star.name());
            }
            if (leads || helps) {
                send(k, (int) step - levelStart[k], leads ? 0 : helperIndex, out);
            }
            boolean more = leaderDownFrom >= 2 || (helps && step < levelStart[k] + rounds[k]);
            return more && step < steps ? step + 1 : NO_WAKE;
        }

        /** What a message sent in {@code sentAt} and arriving on {@code port} makes this node. */
        private void takeRole(long sentAt, int port) {
            int k = levelOfStep[(int) sentAt];
            if (sentAt - levelStart[k] < rounds[k]) {
                helperLevel = k; // doubling round: helper t = i − 1 for generator g_i
                helperIndex = Star.generator(port) - 1;
            } else {
                leaderDownFrom = Math.max(leaderDownFrom, k - 1); // the g_k step: leader of the S_{k−1} it entered
            }
        }

        /** Helper t in step {@code offset} (0-based) of level k. */
        private void send(int k, int offset, int t, Outbox out) {
            if (offset == rounds[k]) {
                out.send(Star.port(k), MESSAGE);
                return;
            }
            int half = 1 << offset; // round r = offset + 1 creates helpers 2^{r−1} .. 2^r − 1
            if (t < half && t + half <= k - 2) {
                out.send(Star.port(t + half + 1), MESSAGE);
            }
        }
    }
}
