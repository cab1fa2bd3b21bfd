package icn.protocols;

/**
 * An emulated network: dense node ids {@code 0 .. nodeCount()-1}, labels in the papers' text form, numbered ports and the link class
 * of each port. Pure data: no actors, no I/O.
 */
public interface Topology {

    /** Returned by {@link #neighbour(int, int)} where a port leads nowhere. */
    int NONE = -1;

    /** The topology's name as the command line and reports write it, e.g. {@code scc:6}. */
    String name();

    int nodeCount();

    /** Ports per node; ports are numbered {@code 0 .. portCount()-1}. */
    int portCount();

    /** The port's name in the papers' words ({@code LATERAL}, {@code LEFT}, {@code RIGHT}). */
    String portName(int port);

    /** The node reached from {@code node} through {@code port}, or {@link #NONE}. */
    int neighbour(int node, int port);

    /** The port at {@code neighbour(node, port)} through which a message sent on {@code port} arrives. */
    int arrivalPort(int node, int port);

    LinkClass linkClass(int port);

    /** The label of a node in the papers' text form. */
    String label(int node);

    /** The id of a label in the papers' text form; throws {@link InvalidInputException} with one line naming the problem. */
    int parseLabel(String text);
}
