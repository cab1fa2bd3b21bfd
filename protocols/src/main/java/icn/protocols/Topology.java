package icn.protocols;

/**
 * An emulated network: dense node ids {@code 0 .. nodeCount()-1}, labels in the papers' text form, numbered ports and the link class
 * of each port. Pure data: no actors, no I/O.
 */
public interface Topology {

    /** Returned by {@link #neighbour(int, int)} where a port leads nowhere. */
    int NONE = -1;

    /** The kind of network this is: the table entries of every layer are looked up by it. */
    default NetworkKind kind() {
        return NetworkKind.GRAPH;
    }

    /**
     * The hop distance of every node to {@code destination} as a function of the node, in closed form from the labels (the Hamming
     * distance on the hypercube); empty where the network has no such form.
     */
    default java.util.Optional<java.util.function.IntUnaryOperator> labelDistances(int destination) {
        return java.util.Optional.empty();
    }

    /**
     * The BFS distance of every node to {@code destination} as a function of the node, answered from a few BFS tables by the network's
     * symmetry (SCC_n: one BFS per ring position, 000 §4.1), so that all pairs cost no more than those; empty where no symmetry is
     * used.
     */
    default java.util.Optional<java.util.function.IntUnaryOperator> symmetricDistances(int destination) {
        return java.util.Optional.empty();
    }

    /**
     * The hop distance from any node to any other (over the arcs, for a directed network) computed from the two labels, a closed form
     * or one BFS table of a byte per node and the network's automorphisms, with nothing kept per pair; empty where the network has
     * none. Offered by vertex-transitive networks only (Cayley graphs all), so that the largest distance to node 0 is the diameter.
     */
    default java.util.Optional<java.util.function.IntBinaryOperator> pairDistances() {
        return java.util.Optional.empty();
    }

    /**
     * The node ids as numbers of {@code digits} digits in base {@code radix} (a hypercube's bits, a torus's or complete n:k cube's
     * coordinates), for traffic patterns that permute addresses; empty for a network whose ids are no such numbers.
     */
    default java.util.Optional<Address> address() {
        return java.util.Optional.empty();
    }

    /** Ids written as {@code digits} digits in base {@code radix}, the least significant first; {@code unit} names a digit ("bit"). */
    record Address(int digits, int radix, String unit) {
    }

    /** The topology's name as the command line and reports write it, e.g. {@code scc:6}. */
    String name();

    int nodeCount();

    /** Out-ports per node; ports are numbered {@code 0 .. portCount()-1}. Ports that lead nowhere at a node give {@link #NONE}. */
    int portCount();

    /**
     * In-ports per node: the values {@link #arrivalPort} returns. Equal to {@link #portCount()} for undirected topologies, whose
     * links are the same port at both ends' numbering; a directed topology (CR_n, 003) has in-ports distinct from its out-ports.
     */
    default int inPortCount() {
        return portCount();
    }

    /** Whether links are arcs (a message crosses them one way only); BFS and routing then follow the arcs. */
    default boolean directed() {
        return false;
    }

    /** The name of an in-port; for undirected topologies the same as {@link #portName}. */
    default String inPortName(int port) {
        return portName(port);
    }

    /**
     * How many consecutive ids form a group that a {@link Partition.Kind#SUPERNODE} partition keeps on one host (the supernode of
     * SCC_n, the ring of CCC_n); 1 where the topology has no such groups.
     */
    default int groupSize() {
        return 1;
    }

    /**
     * Whether {@code node} is a terminal: a processor that sends and receives traffic. True of every node but the switches of
     * networks whose switches are not processors (a fat-tree's, a dragonfly's routers), which only forward.
     */
    default boolean terminal(int node) {
        return true;
    }

    /** How many nodes are {@linkplain #terminal terminals}. */
    default int terminalCount() {
        return nodeCount();
    }

    /**
     * The latency in cycles of the link on {@code port} of {@code node}, where the network gives one per link (a file's third
     * column or GraphML's {@code latency} attribute, issue 39); 0 where it does not, and the link takes its class's.
     */
    default int linkLatency(int node, int port) {
        return 0;
    }

    /** Whether some link has a latency of its own ({@link #linkLatency}). */
    default boolean hasLinkLatencies() {
        return false;
    }

    /** The port's name in the papers' words ({@code LATERAL}, {@code LEFT}, {@code RIGHT}). */
    String portName(int port);

    /** The node reached from {@code node} through {@code port}, or {@link #NONE}. */
    int neighbour(int node, int port);

    /** The port at {@code neighbour(node, port)} through which a message sent on {@code port} arrives. */
    int arrivalPort(int node, int port);

    LinkClass linkClass(int port);

    /**
     * The node at the other end of the link by which a message arrives on in-port {@code inPort} of {@code node} (the sender of what
     * arrives there), or {@link #NONE} where that in-port has no link. On an undirected topology a link is the same pair of ports
     * both ways, so this is {@link #neighbour}; a directed topology must say (a wormhole router returns credits to it).
     */
    default int predecessor(int node, int inPort) {
        if (directed()) {
            throw new UnsupportedOperationException(name() + " is directed and does not name the tails of its arcs");
        }
        return neighbour(node, inPort);
    }

    /** The out-port at {@link #predecessor}{@code (node, inPort)} whose arc arrives on {@code inPort} of {@code node}. */
    default int departurePort(int node, int inPort) {
        if (directed()) {
            throw new UnsupportedOperationException(name() + " is directed and does not name the tails of its arcs");
        }
        return arrivalPort(node, inPort);
    }

    /** The label of a node in the papers' text form. */
    String label(int node);

    /** The id of a label in the papers' text form; throws {@link InvalidInputException} with one line naming the problem. */
    int parseLabel(String text);
}
