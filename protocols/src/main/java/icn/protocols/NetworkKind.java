package icn.protocols;

import java.util.Arrays;
import java.util.List;

/**
 * The kinds of network this build knows, each declared once, with the prefix of its names ({@code scc}), the form of its
 * parameters as help texts show it ({@code scc:N}), a small example and its parser. Everything else that depends on the kind is in
 * one class per layer, registered once as a service provider and found by this constant: the routers, traffic routings and
 * broadcasts in a {@code KindPrograms} (node-actor), the papers' claims and formulas in a {@code KindPapers} (scenarios); a kind
 * without one has none. So a network is added in three files: its topology class, its programs class and its constant here
 * (CONTRIBUTING.md).
 *
 * <p>{@link #GRAPH} is a network known only by its links (no name, no formulas): what {@link Topology#kind()} answers for a topology
 * that is not one of the papers' families.
 */
public enum NetworkKind {
    /** Star-connected cycles SCC_n (000, 001). */
    SCC("scc", "scc:N", "scc:4", "Scc::parse"),
    /** Complete-rotation graphs CR_n (003). */
    CR("cr", "cr:N", "cr:4", "CompleteRotationGraph::parse"),
    /** Star graphs S_n (001 §2). */
    STAR("star", "star:N", "star:4", "Star::parse"),
    /** Binary hypercubes Q_n. */
    HYPERCUBE("hypercube", "hypercube:N", "hypercube:3", "Hypercube::parse"),
    /** k-ary n-dimensional tori. */
    TORUS("torus", "torus:K,N", "torus:4,2", "Torus::parse"),
    /** Cube-connected cycles CCC_n (001 §12). */
    CCC("ccc", "ccc:N", "ccc:3", "CubeConnectedCycles::parse"),
    /** Regular necklace hypercubes, the (n,k)-RNH of 002 (an irregular one whose necklaces are all alike is one too). */
    RNH("rnh", "rnh:N,K", "rnh:2,3", "NecklaceHypercube::parseRegular"),
    /** Irregular necklace hypercubes (INH, 002): every dimension's necklace of its own length. */
    INH("inh", "inh:N:K1,K2,...", "inh:2:1,3,2,1", "NecklaceHypercube::parseIrregular"),
    /** Complete n:k cubes (004; an incomplete one with nothing missing is one too). */
    KCUBE("kcube", "kcube:N,K", "kcube:2,3", "KaryCube::parseComplete"),
    /** Incomplete n:k cubes Q_{n,k}((k−1)^β) (004 Def. 4.3). */
    ICUBE("icube", "icube:N,K,BETA", "icube:3,3,2", "KaryCube::parseIncomplete"),
    /** K-ary N-dimensional meshes: tori without their wrap-around links. */
    MESH("mesh", "mesh:K,N", "mesh:4,2", "Mesh::parse"),
    /** K-ary N-trees, the fat-trees of BookSim's {@code fattree}: K^N terminals under N levels of K^(N−1) switches. */
    FATTREE("fattree", "fattree:K,N", "fattree:2,2", "FatTree::parse"),
    /** Dragonflies (Kim, Dally, Scott and Abts, ISCA 2008): P terminals per router, A routers per group, H global links per router. */
    DRAGONFLY("dragonfly", "dragonfly:P,A,H", "dragonfly:1,2,1", "Dragonfly::parse"),
    /** A network known only by its links. */
    GRAPH(null, null, null, null);

    private final String prefix;
    private final String form;
    private final String example;
    private final String parser;

    NetworkKind(String prefix, String form, String example, String parser) {
        this.prefix = prefix;
        this.form = form;
        this.example = example;
        this.parser = parser;
    }

    /**
     * The parser of the kind's parameters, as {@code Class::method} in {@code icn.protocols.topology}: a public static method that
     * takes the text after the colon and returns the topology ({@code Mesh::parse}); null for {@link #GRAPH}. Named here rather than
     * referenced, since the topology classes depend on this one; {@code Topologies} resolves every one when it is first used.
     */
    public String parser() {
        return parser;
    }

    /** A small network of this kind ({@code torus:4,2}), for help texts that list what each kind offers; null for {@link #GRAPH}. */
    public String example() {
        return example;
    }

    /** The prefix of the kind's names ({@code scc}); null for {@link #GRAPH}. */
    public String prefix() {
        return prefix;
    }

    /** The form of a name of this kind, as help texts show it ({@code torus:K,N}); null for {@link #GRAPH}. */
    public String form() {
        return form;
    }

    /** Whether networks of this kind are named on the command line and in scenarios ({@code KIND:PARAMS}). */
    public boolean named() {
        return prefix != null;
    }

    /** The kinds that are named, in the order help texts list them. */
    public static List<NetworkKind> namedKinds() {
        return Arrays.stream(values()).filter(NetworkKind::named).toList();
    }

    /** The named kind whose prefix is {@code prefix}, or null. */
    public static NetworkKind ofPrefix(String prefix) {
        return Arrays.stream(values()).filter(k -> k.named() && k.prefix.equals(prefix)).findFirst().orElse(null);
    }
}
