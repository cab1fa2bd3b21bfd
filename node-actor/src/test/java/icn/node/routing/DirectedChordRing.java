package icn.node.routing;

import icn.protocols.InvalidInputException;
import icn.protocols.LinkClass;
import icn.protocols.Topology;

/**
 * A small directed test graph: a directed cycle v → v+1 (mod n) on out-port 0, and a chord v → v+c (mod n) on out-port 1 at even
 * nodes only (odd nodes' port 1 leads to {@link Topology#NONE}). In-port 0 receives cycle arcs, in-port 1 chords. Not a Cayley
 * graph and not symmetric, so BFS along the arcs and against them differ.
 */
public final class DirectedChordRing implements Topology {

    private final int n;
    private final int chord;

    public DirectedChordRing(int n, int chord) {
        this.n = n;
        this.chord = chord;
    }

    @Override
    public String name() {
        return "chord-ring:" + n + "," + chord;
    }

    @Override
    public int nodeCount() {
        return n;
    }

    @Override
    public int portCount() {
        return 2;
    }

    @Override
    public boolean directed() {
        return true;
    }

    @Override
    public String portName(int port) {
        return port == 0 ? "NEXT" : "CHORD";
    }

    @Override
    public String inPortName(int port) {
        return port == 0 ? "FROM-PREVIOUS" : "FROM-CHORD";
    }

    @Override
    public int neighbour(int node, int port) {
        if (port == 0) {
            return (node + 1) % n;
        }
        return node % 2 == 0 ? (node + chord) % n : NONE;
    }

    @Override
    public int arrivalPort(int node, int port) {
        return port;
    }

    @Override
    public LinkClass linkClass(int port) {
        return port == 0 ? LinkClass.F : LinkClass.G;
    }

    @Override
    public String label(int node) {
        return Integer.toString(node);
    }

    @Override
    public int parseLabel(String text) {
        try {
            int v = Integer.parseInt(text.strip());
            if (v >= 0 && v < n) {
                return v;
            }
        } catch (NumberFormatException e) {
            // falls through to the one-line error
        }
        throw new InvalidInputException("bad label '" + text + "'");
    }
}
