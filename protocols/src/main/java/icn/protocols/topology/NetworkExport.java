package icn.protocols.topology;

import icn.protocols.InvalidInputException;
import icn.protocols.Topology;

/**
 * A network's links written as a file {@link FileNetwork} reads back ({@code icn topology --export}): an edge list or GraphML,
 * each link once, with its latency where the network gives one.
 */
public final class NetworkExport {

    private NetworkExport() {
    }

    /** The file {@code icn topology --export FORMAT} writes for {@code t}: its name with every character not in a file name as _. */
    public static String exportName(Topology t, String format) {
        return icn.protocols.FileNames.safe(t.name()) + (format.equals("graphml") ? ".graphml" : ".txt");
    }

    /** {@code t}'s links as an edge list this class reads back: a link per line, each once, in the order of the nodes and ports. */
    public static String edgeList(Topology t) {
        String[] names = exportNames(t);
        StringBuilder sb = new StringBuilder("# ").append(t.name()).append(": ").append(t.nodeCount()).append(" nodes, a link per line\n");
        forEachLink(t, (u, p) -> {
            int v = t.neighbour(u, p);
            sb.append(names[u]).append(' ').append(names[v]);
            if (t.linkLatency(u, p) > 0) {
                sb.append(' ').append(t.linkLatency(u, p));
            }
            sb.append('\n');
        });
        return sb.toString();
    }

    /** {@code t}'s links as GraphML this class reads back. */
    public static String graphMl(Topology t) {
        String[] names = exportNames(t);
        StringBuilder sb = new StringBuilder("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!-- ").append(t.name())
                .append(" -->\n<graphml xmlns=\"http://graphml.graphdrawing.org/xmlns\">\n<graph id=\"G\" edgedefault=\"undirected\">\n");
        for (String name : names) {
            sb.append("<node id=\"").append(name).append("\"/>\n");
        }
        forEachLink(t, (u, p) -> sb.append("<edge source=\"").append(names[u]).append("\" target=\"").append(names[t.neighbour(u, p)])
                .append(t.linkLatency(u, p) > 0 ? "\" latency=\"" + t.linkLatency(u, p) : "").append("\"/>\n"));
        return sb.append("</graph>\n</graphml>\n").toString();
    }

    /**
     * Each link of the undirected network {@code t} once, as (node, port) from the lower id, in the order of the ports; refused in one line where two
     * ports of a node lead to the same neighbour (scc:3's ring of two), which a file of links cannot hold.
     */
    private static void forEachLink(Topology t, java.util.function.BiConsumer<Integer, Integer> link) {
        for (int u = 0; u < t.nodeCount(); u++) {
            for (int p = 0; p < t.portCount(); p++) {
                int v = t.neighbour(u, p);
                for (int q = 0; q < p && v != Topology.NONE; q++) {
                    if (t.neighbour(u, q) == v) {
                        throw new InvalidInputException(t.name() + " has parallel links (ports " + t.portName(q) + " and " + t.portName(p)
                                + " of " + t.label(u) + " both lead to " + t.label(v) + "), which a file of links cannot hold");
                    }
                }
                if (v != Topology.NONE && u < v) {
                    link.accept(u, p);
                }
            }
        }
    }

    /** Node names a file can hold: the labels with every other character as '.', '<' and '>' dropped; v0, v1, … if two would meet. */
    private static String[] exportNames(Topology t) {
        String[] names = new String[t.nodeCount()];
        java.util.Set<String> used = new java.util.HashSet<>();
        for (int v = 0; v < names.length; v++) {
            names[v] = t.label(v).replaceAll("[<>⟨⟩()\\[\\]]", "").replaceAll("[^A-Za-z0-9_.\\-:/+@]", ".");
            if (names[v].isEmpty() || !used.add(names[v])) {
                for (int w = 0; w < names.length; w++) {
                    names[w] = "v" + w;
                }
                return names;
            }
        }
        return names;
    }
}
