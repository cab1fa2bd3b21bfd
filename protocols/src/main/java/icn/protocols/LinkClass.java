package icn.protocols;

/**
 * The classes of links a topology has. SCC_n has lateral links (inherited from S_n) and local (ring) links (000 §2.2); CCC_n the
 * same two (cube links and ring links). The other networks of the papers add their own: the f-edges (rotations f_1 … f_{n−1}) and
 * g-edges of the complete-rotation graph (003), the necklace links of necklace hypercubes (002), and the dimension links of
 * hypercubes, tori and n:k cubes (004). The star graph's links are lateral links. New classes are only ever appended: the wire
 * carries the ordinal.
 */
public enum LinkClass {
    LATERAL("lateral"),
    LOCAL("local"),
    F("f"),
    G("g"),
    NECKLACE("necklace"),
    DIMENSION("dimension"),
    /** A link between a terminal and its router (fat-trees, dragonflies: networks whose switches are not processors). */
    TERMINAL("terminal"),
    /** A dragonfly's global link, between groups (Kim et al., ISCA 2008). */
    GLOBAL("global"),
    /** A link of a fat-tree, between levels (a K-ary N-tree's up and down links). */
    TREE("tree");

    private final String key;

    LinkClass(String key) {
        this.key = key;
    }

    /** The name used in reports and JSON ({@code linkMessages.lateral}). */
    public String key() {
        return key;
    }
}
