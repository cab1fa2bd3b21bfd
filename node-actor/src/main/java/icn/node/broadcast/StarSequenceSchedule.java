package icn.node.broadcast;

import icn.protocols.BroadcastAlgorithm;
import icn.protocols.InvalidInputException;
import icn.protocols.topology.Scc;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The step plan of a one-port broadcasting sequence of 001 §8.1–8.3 on SCC_n, shared by all nodes of a run. Steps are numbered
 * from 1.
 *
 * <p><b>σ^par_SCC(C)</b> ({@link BroadcastAlgorithm#CYCLIC_PAR}): d_star rounds of n − 1 steps, n − 2 local steps then one lateral
 * step ("the information is initially broadcasted inside the supernode and then all lateral links are used simultaneously"; "(n−2)
 * local link steps are required to accomplish the broadcasting inside each supernode, since the information flows in just one
 * direction"). Nothing follows the rounds.
 *
 * <p><b>Sequential sequences</b> (σ^seq_SCC(C), σ_SCC(T_n), σ_SCC(𝒯_n)): the star operations g_1 … g_m are executed one after the
 * other. In every informed supernode the message is held by a <i>carrier</i>, the node at the position of the last star operation
 * (at first the source): at the lateral step of g_k the node at ring position g_k sends on its lateral link, so a supernode reached
 * there holds the message at position g_k too and all carriers move in step; between two star operations local steps carry the
 * message along the ring from g_k to g_{k+1}, the shorter way round ("the local links transmissions that are required to move
 * between adjacent lateral link steps", §8.1; for σ^seq "a local link step between every two adjacent lateral link steps", §8.3). If
 * the source is not at g_1, the sequence starts with the local steps from the source to g_1 (the <i>prologue</i>; none from the
 * default source ⟨2, 12…n⟩ for σ^seq and σ_SCC(𝒯_n), whose first star operation is 2).
 *
 * <p>The sequence leaves informed only the nodes a carrier passed through: a supernode reached late holds the message on part of its
 * ring. 001's counts (Eq. 3, Theorem 7, §8.3) count the sequence alone, so a <i>ring-completion phase</i> of ⌊n/2⌋ local steps
 * follows it: the ring broadcasting of σ_SCC(C) (Algorithm 4's inner loop), started in every supernode by its carrier — "the node may
 * be assumed as the first informed node in a ring, and therefore proceeds with transmissions over different local links in the next
 * two steps. Each remaining node in the ring simply propagates the information using the same direction" (§8.3). Reports give the
 * sequence's steps (the paper's count) and, measured, the step after which every node is informed.
 */
public final class StarSequenceSchedule {

    private final BroadcastAlgorithm algorithm;
    private final int n;
    private final String network;
    private final int[] operations;
    private final int sequenceSteps;
    private final int lateralSteps;
    private final int prologueSteps;
    private final int completionSteps;
    private final int finalCarrierPosition;
    // sequential sequences: the acting position and its port in step s (index s, 1..sequenceSteps)
    private final byte[] actor;
    private final byte[] port;
    private final int[][] actionSteps; // [position] → ascending steps in which the carrier at that position sends

    private StarSequenceSchedule(BroadcastAlgorithm algorithm, int n, String network, int[] operations, int sourcePosition) {
        this.algorithm = algorithm;
        this.n = n;
        this.network = network;
        this.operations = operations;
        int dStar = StarSequences.starDiameter(n);
        if (algorithm == BroadcastAlgorithm.CYCLIC_PAR) {
            this.sequenceSteps = (n - 1) * dStar;
            this.lateralSteps = dStar;
            this.prologueSteps = 0;
            this.completionSteps = 0;
            this.finalCarrierPosition = 0;
            this.actor = null;
            this.port = null;
            this.actionSteps = null;
            return;
        }
        List<int[]> steps = new ArrayList<>(); // {position, port}
        int at = sourcePosition;
        int prologue = -1;
        for (int g : operations) {
            int right = Math.floorMod(g - at, n - 1);
            int dir = right <= (n - 1) - right ? BroadcastProgram.RIGHT_LOCAL_LINK : BroadcastProgram.LEFT_LOCAL_LINK;
            while (at != g) {
                steps.add(new int[] {at, dir});
                at = dir == BroadcastProgram.RIGHT_LOCAL_LINK ? (at == n ? 2 : at + 1) : (at == 2 ? n : at - 1);
            }
            if (prologue < 0) {
                prologue = steps.size();
            }
            steps.add(new int[] {g, BroadcastProgram.LATERAL_LINK});
        }
        this.sequenceSteps = steps.size();
        this.lateralSteps = operations.length;
        this.prologueSteps = Math.max(prologue, 0);
        this.completionSteps = n / 2; // 001 Algorithm 4: "for j := 1 to ⌊n/2⌋"
        this.finalCarrierPosition = at;
        this.actor = new byte[sequenceSteps + 1];
        this.port = new byte[sequenceSteps + 1];
        int[] perPosition = new int[n + 1];
        for (int s = 1; s <= sequenceSteps; s++) {
            actor[s] = (byte) steps.get(s - 1)[0];
            port[s] = (byte) steps.get(s - 1)[1];
            perPosition[actor[s]]++;
        }
        this.actionSteps = new int[n + 1][];
        for (int p = 2; p <= n; p++) {
            actionSteps[p] = new int[perPosition[p]];
        }
        int[] fill = new int[n + 1];
        for (int s = 1; s <= sequenceSteps; s++) {
            actionSteps[actor[s]][fill[actor[s]]++] = s;
        }
    }

    /** The plan of {@code algorithm} (one of {@link BroadcastAlgorithm#starSequence()}) on {@code scc} from a source at ring position {@code sourcePosition}. */
    public static StarSequenceSchedule of(Scc scc, BroadcastAlgorithm algorithm, int sourcePosition) {
        int n = scc.n();
        switch (algorithm) {
            case CYCLIC_SEQ:
                return new StarSequenceSchedule(algorithm, n, "σ_star(C) = (2 3 … n) × d_star (001 §8.3)", StarSequences.cyclic(n), sourcePosition);
            case CYCLIC_PAR:
                return new StarSequenceSchedule(algorithm, n, "σ_star(C) = (2 3 … n) × d_star, all lateral links at once (001 §8.3)",
                        StarSequences.cyclic(n), sourcePosition);
            case SWITCHING_NLOGN: {
                int bigN = Integer.highestOneBit(n) == n ? n : Integer.highestOneBit(n) * 2;
                int[] ops = StarSequences.starOperations(StarSequences.benesRestricted(n), n, sourcePosition);
                if (StarSequences.reachesEveryPermutation(scc.star(), ops)) {
                    return new StarSequenceSchedule(algorithm, n, bigN == n ? "T_" + n + " (001 §8.1, Fig. 6)"
                            : "T_" + bigN + " without the switches of digits above " + n + " (001 §8.1)", ops, sourcePosition);
                }
                // 001's rule fails here (n = 5 and 9 of 3..9): its star operations leave supernodes of S_n unreached
                ops = StarSequences.starOperations(StarSequences.benesArbitrarySize(n), n, sourcePosition);
                return new StarSequenceSchedule(algorithm, n, "arbitrary-size Beneš network on " + n + " digits (Chang–Melhem 1997), since T_"
                        + bigN + " without digits above " + n + " (001 §8.1) does not reach every supernode", ops, sourcePosition);
            }
            case SWITCHING_N2:
                return new StarSequenceSchedule(algorithm, n, n % 2 == 0 ? "𝒯_" + n + " (001 §8.2, Fig. 7)"
                        : "𝒯_" + (n + 1) + " without the switches of digit " + (n + 1) + " (odd–even transposition sort)",
                        StarSequences.starOperations(StarSequences.adjacentTranspositions(n), n, sourcePosition), sourcePosition);
            default:
                throw new InvalidInputException(algorithm.key() + " is not a broadcasting sequence of 001 §8.1–8.3");
        }
    }

    public BroadcastAlgorithm algorithm() {
        return algorithm;
    }

    public int n() {
        return n;
    }

    /** Which switching network or sequence the star operations come from, in words. */
    public String network() {
        return network;
    }

    /** The star operations (generators 2..n) in order. */
    public int[] operations() {
        return operations.clone();
    }

    /** Steps of the sequence (prologue included): lateral plus local link steps, what 001 counts. */
    public int sequenceSteps() {
        return sequenceSteps;
    }

    /** Lateral link steps of the sequence. */
    public int lateralSteps() {
        return lateralSteps;
    }

    /** Local link steps of the sequence, prologue included. */
    public int localSteps() {
        return sequenceSteps - lateralSteps;
    }

    /** Local steps that carry the source's message to the first star operation (0 if the source is at its position). */
    public int prologueSteps() {
        return prologueSteps;
    }

    /** Local steps of the ring-completion phase after the sequence (0 for σ^par_SCC(C)). */
    public int completionSteps() {
        return completionSteps;
    }

    /** The last step of the run's plan. */
    public int totalSteps() {
        return sequenceSteps + completionSteps;
    }

    // ---- σ^par_SCC(C) ----

    /** Whether step s is the lateral step of a round of σ^par_SCC(C). */
    boolean isRoundLateralStep(long s) {
        return s % (n - 1) == 0;
    }

    /** The local step of the round (1..n−2) of step s of σ^par_SCC(C); n − 1 for its lateral step. */
    int roundIndex(long s) {
        return (int) ((s - 1) % (n - 1)) + 1;
    }

    // ---- sequential sequences ----

    /** The ring position whose carrier sends in step s of the sequence. */
    int actor(long s) {
        return actor[(int) s];
    }

    /** The port it sends on. */
    int port(long s) {
        return port[(int) s];
    }

    /** Where the carriers are when the sequence ends. */
    int finalCarrierPosition() {
        return finalCarrierPosition;
    }

    /** The first step after {@code step} in which the carrier at {@code position} sends, or 0 if the sequence has none left. */
    long nextActionStep(int position, long step) {
        int[] at = actionSteps[position];
        int i = Arrays.binarySearch(at, (int) Math.min(step + 1, Integer.MAX_VALUE));
        if (i < 0) {
            i = -i - 1;
        }
        return i < at.length ? at[i] : 0;
    }
}
