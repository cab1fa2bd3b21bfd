package icn.node.routing;

import icn.protocols.InvalidInputException;
import icn.protocols.Topology;
import java.util.Arrays;
import java.util.BitSet;
import java.util.function.IntUnaryOperator;

/**
 * {@code dfs}, routing around faults on any undirected network (issue 6; not from the papers; called {@code adaptive} before
 * issue 39 gave that key to the wormhole routings alone): a depth-first search that the packet
 * carries. The packet records its walk (every node it entered, {@link icn.protocols.Packet#path()}); from it any node recovers
 * the nodes already visited and the search stack (a move to an already visited node is always a step back to the node below on the
 * stack). At each node:
 * <ol>
 * <li>among the out-ports the node does not know to be dead and whose neighbour the packet has not visited, take the one whose
 * neighbour is nearest the destination in the fault-free network ({@link Distances}, exact), ties to the lowest port;</li>
 * <li>if there is none, go back to the node the packet came from on the stack (backtracking);</li>
 * <li>back at the source with nothing left, give up ({@link #GIVE_UP}).</li>
 * </ol>
 * A node learns that a port is dead from its own failed sends (the link layer's {@link icn.node.program.SendFailed} notice: the
 * neighbour crashed, or the link is cut); it keeps the port dead for every later packet and decides again for the packet that came
 * back. A node that learns its neighbour crashed and finds that neighbour is a packet's destination gives the packet up at once.
 * Since no node is entered twice and each step back retraces a link of the search tree, a packet takes at most 2(N − 1) hops
 * before it is delivered or given up, and it reaches its destination whenever the network without the dead nodes and links connects
 * the two: the search explores the whole component of the source. A hop limit ({@link #HOP_LIMIT}) cuts off packets that would take
 * more hops; by default it is 2(N − 1) up to 65,536 ({@link #defaultHopLimit}).
 *
 * <p>The walk of a packet depends only on the faults, its source and its destination, not on what other packets taught the nodes:
 * a port a node already knows dead is skipped, one it does not is tried, fails, and is skipped on the retry, and either way the next
 * link the packet crosses is the same (the failed try costs a step, not a hop).
 *
 * <p>Without faults the walk is a shortest path: every step goes to a neighbour one link nearer, which cannot have been visited.
 *
 * <p>Limits: a node learns only from its own failed sends, not from neighbours' notices, so every node the packet reaches next to a
 * fault pays one failed send (one step) to learn it; and a lost-in-transit message gives no notice, so a lost packet is gone. A step
 * back over a link that has failed since the packet crossed it gives up.
 */
public final class DfsRouting implements Router {

    public static final String KEY = "dfs";

    /** {@link #decide} found no port: the search is exhausted (back at the source), or the way back is dead. */
    public static final int GIVE_UP = -1;

    /** {@link #decide}: the packet has taken as many hops as the limit allows and is not at its destination. */
    public static final int HOP_LIMIT = -2;

    /** The one line refusing source routing. */
    public static final String NO_SOURCE_ROUTE = "dfs decides hop by hop at every node it reaches and has no route computed"
            + " at the source: use --mode distributed (its default)";

    private final Topology topology;
    private final int hopLimit;

    /** The depth-first routing on {@code topology} with a hop limit ({@code 0}: {@link #defaultHopLimit}). */
    public DfsRouting(Topology topology, int hopLimit) {
        if (topology.directed()) {
            throw new InvalidInputException(refusal(topology));
        }
        if (hopLimit < 0) {
            throw new InvalidInputException("the hop limit must be positive, not " + hopLimit);
        }
        this.topology = topology;
        this.hopLimit = hopLimit == 0 ? defaultHopLimit(topology) : hopLimit;
    }

    public DfsRouting(Topology topology) {
        this(topology, 0);
    }

    /** The one line refusing dfs on a directed network. */
    public static String refusal(Topology topology) {
        return "dfs steps back over the links it came by and needs an undirected network; " + topology.name()
                + "'s links are one-way arcs: use --algorithm fault-tolerant (003 §3.2, computed at the source from the crashed nodes)";
    }

    /** The default hop limit's ceiling: it bounds a packet's recorded walk (4 bytes a hop) on the largest networks. */
    public static final int MAX_DEFAULT_HOP_LIMIT = 1 << 16;

    /**
     * The most hops a depth-first search of the network can take, 2(N − 1) (at least 1), up to {@value #MAX_DEFAULT_HOP_LIMIT}: below
     * 32,770 nodes the default never cuts a search short; above, only a search that has already crossed 65,536 links is cut off.
     */
    public static int defaultHopLimit(Topology topology) {
        return (int) Math.max(1, Math.min(MAX_DEFAULT_HOP_LIMIT, 2L * (topology.nodeCount() - 1)));
    }

    public int hopLimit() {
        return hopLimit;
    }

    public Topology topology() {
        return topology;
    }

    @Override
    public String key() {
        return KEY;
    }

    /**
     * The port the node at the end of {@code walk} sends a packet for {@code destination} on, knowing the ports in {@code deadPorts}
     * dead and, of those, the ones in {@code crashedPorts} dead because the neighbour crashed; or {@link #GIVE_UP} or
     * {@link #HOP_LIMIT}. {@code walk} is the packet's path, the source first and this node last; the node is not the destination.
     * A node that knows the destination itself crashed gives the packet up at once.
     */
    public int decide(int[] walk, int destination, BitSet deadPorts, BitSet crashedPorts) {
        int node = walk[walk.length - 1];
        if (walk.length - 1 >= hopLimit) {
            return HOP_LIMIT;
        }
        for (int p = crashedPorts.nextSetBit(0); p >= 0; p = crashedPorts.nextSetBit(p + 1)) {
            if (topology.neighbour(node, p) == destination) {
                return GIVE_UP; // the destination crashed: no search can reach it
            }
        }
        IntUnaryOperator distance = Distances.toward(topology, destination);
        int best = GIVE_UP;
        int bestDistance = Integer.MAX_VALUE;
        for (int p = 0; p < topology.portCount(); p++) {
            int w = topology.neighbour(node, p);
            if (w == Topology.NONE || deadPorts.get(p) || visited(walk, w)) {
                continue;
            }
            int d = distance.applyAsInt(w);
            if (d < bestDistance) {
                best = p;
                bestDistance = d;
            }
        }
        if (best != GIVE_UP) {
            return best;
        }
        int parent = parent(walk);
        if (parent < 0) {
            return GIVE_UP; // the search is back at the source with every port tried
        }
        for (int p = 0; p < topology.portCount(); p++) {
            if (topology.neighbour(node, p) == parent && !deadPorts.get(p)) {
                return p; // backtrack
            }
        }
        return GIVE_UP; // the way back is dead
    }

    /** Whether the walk entered {@code node}: a scan, a few comparisons per node of the walk (cheaper than building a set per hop). */
    private static boolean visited(int[] walk, int node) {
        for (int x : walk) {
            if (x == node) {
                return true;
            }
        }
        return false;
    }

    /**
     * The node below the current one on the search stack that {@code walk} leaves (−1 at the source). A move to a node already on the
     * walk is always a step back, so replaying the walk with push on a new node and pop on a return rebuilds the stack.
     */
    static int parent(int[] walk) {
        int[] stack = new int[walk.length];
        int top = 0;
        for (int x : walk) {
            if (top >= 2 && stack[top - 2] == x) {
                top--;
            } else {
                stack[top++] = x;
            }
        }
        return top >= 2 ? stack[top - 2] : -1;
    }

    /** The fault-free walk: a shortest path (each hop one link nearer). */
    @Override
    public int[] ports(int source, int destination) {
        if (source < 0 || source >= topology.nodeCount() || destination < 0 || destination >= topology.nodeCount()) {
            throw new IllegalArgumentException(source + " or " + destination + " is not a node of " + topology.name());
        }
        IntSequence ports = new IntSequence();
        int[] walk = {source};
        BitSet none = new BitSet();
        while (walk[walk.length - 1] != destination) {
            int p = decide(walk, destination, none, none);
            if (p < 0) {
                throw new IllegalStateException("dfs found no way " + topology.label(source) + " -> " + topology.label(destination)
                        + " in the fault-free " + topology.name());
            }
            ports.add(p);
            walk = Arrays.copyOf(walk, walk.length + 1);
            walk[walk.length - 1] = topology.neighbour(walk[walk.length - 2], p);
        }
        return ports.toArray();
    }

}
