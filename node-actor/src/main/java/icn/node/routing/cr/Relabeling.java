package icn.node.routing.cr;

import icn.protocols.topology.CompleteRotationGraph;

/**
 * The renaming of symbols that maps a destination to the identity (003 §3): routing from x to y in a Cayley graph is routing from
 * y⁻¹·x to I (003 §3.2, after Akers and Krishnamurthy [13]).
 *
 * <p>Read a node as a map from positions to signed symbols. The generators act on positions (f_k rotates them, g rotates them and
 * flips the sign at the last one), renaming acts on symbols, and the two commute: renaming every symbol by y⁻¹ (symbol t_s becomes
 * t_p where p is the position of t_s in y, complemented iff its complement in x differs from that in y) keeps every arc and its
 * port, takes y to I and x to y⁻¹·x. In the ids of {@link CompleteRotationGraph}: if x = (r, m) and y = (r_y, m_y), then
 * y⁻¹·x = ((r − r_y) mod n, (m xor m_y) rotated right by r_y).
 */
public final class Relabeling {

    private Relabeling() {
    }

    /** y⁻¹·x: the node {@code source} becomes when the symbols are renamed so that {@code destination} is I. */
    public static int towardIdentity(CompleteRotationGraph cr, int source, int destination) {
        checkNode(cr, source);
        checkNode(cr, destination);
        int n = cr.n();
        int ry = cr.rotation(destination);
        int r = cr.rotation(source) - ry;
        int x = cr.complements(source) ^ cr.complements(destination);
        // t_s goes to t_{(s − r_y) mod n}: bit s of x becomes bit (s − r_y) mod n
        int m = ((x >>> ry) | (x << (n - ry))) & ((1 << n) - 1);
        return cr.id(r < 0 ? r + n : r, m);
    }

    /**
     * y·z, the inverse of {@link #towardIdentity}: the node that becomes {@code relative} when the symbols are renamed so that
     * {@code destination} is I. Used to carry a set of nodes given by their real ids (faulty nodes) into the renamed graph.
     */
    public static int fromIdentity(CompleteRotationGraph cr, int relative, int destination) {
        checkNode(cr, relative);
        checkNode(cr, destination);
        int n = cr.n();
        int ry = cr.rotation(destination);
        int r = cr.rotation(relative) + ry;
        int z = cr.complements(relative);
        // bit p of the renamed mask came from bit (p + r_y) mod n of x xor m_y
        int x = ((z << ry) | (z >>> (n - ry))) & ((1 << n) - 1);
        return cr.id(r >= n ? r - n : r, x ^ cr.complements(destination));
    }

    static void checkNode(CompleteRotationGraph cr, int node) {
        if (node < 0 || node >= cr.nodeCount()) {
            throw new IllegalArgumentException("node " + node + " is not a node of " + cr.name() + " (0.." + (cr.nodeCount() - 1) + ")");
        }
    }
}
