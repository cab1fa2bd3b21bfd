package icn.node.traffic;

import icn.protocols.InvalidInputException;
import icn.protocols.Topology;
import icn.protocols.topology.Hypercube;
import icn.protocols.topology.KaryCube;
import icn.protocols.topology.NecklaceHypercube;
import icn.protocols.topology.Torus;
import java.util.ArrayList;
import java.util.List;

/**
 * The wormhole routings each network offers to traffic runs, the default first: 002 §3's {@code adaptive} and its deterministic
 * {@code three-phase} on necklace hypercubes; Duato's {@code adaptive} and {@code e-cube} on the hypercube; {@code adaptive} and
 * {@code dimension-order} on complete n:k cubes; dateline {@code dimension-order} on tori; and on every undirected network
 * {@code updown} (the default of SCC_n, the star, CCC_n and the incomplete n:k cubes), on every network {@code hop-class} (the
 * default of the directed CR_n).
 */
public final class TrafficRoutings {

    private TrafficRoutings() {
    }

    /** The keys of the routings of {@code t}, the default first. */
    public static List<String> keys(Topology t) {
        List<String> keys = new ArrayList<>();
        if (t instanceof NecklaceHypercube) {
            keys.add(NecklaceRouting.ADAPTIVE);
            keys.add(NecklaceRouting.THREE_PHASE);
        } else if (t instanceof Hypercube) {
            keys.add(HypercubeRouting.ADAPTIVE);
            keys.add(HypercubeRouting.E_CUBE);
        } else if (t instanceof KaryCube k && k.isComplete()) {
            keys.add(KaryCubeRouting.ADAPTIVE);
            keys.add(KaryCubeRouting.DIMENSION_ORDER);
        } else if (t instanceof Torus) {
            keys.add(TorusRouting.KEY);
        }
        if (!t.directed()) {
            keys.add(UpDownRouting.KEY);
        }
        keys.add(HopClassRouting.KEY);
        return keys;
    }

    /** The default routing of {@code t}. */
    public static String defaultKey(Topology t) {
        return keys(t).get(0);
    }

    /** The routing {@code key} on {@code t} with {@code vcs} virtual channels; one line naming the problem otherwise. */
    public static TrafficRouting of(Topology t, String key, int vcs) {
        String k = key.strip();
        if (!keys(t).contains(k)) {
            throw new InvalidInputException("unknown routing '" + k + "' for traffic on " + t.name() + ": it has " + String.join(", ", keys(t)));
        }
        if (t instanceof NecklaceHypercube nh && (k.equals(NecklaceRouting.ADAPTIVE) || k.equals(NecklaceRouting.THREE_PHASE))) {
            return new NecklaceRouting(nh, vcs, k.equals(NecklaceRouting.ADAPTIVE));
        }
        if (t instanceof Hypercube cube && (k.equals(HypercubeRouting.ADAPTIVE) || k.equals(HypercubeRouting.E_CUBE))) {
            return new HypercubeRouting(cube, vcs, k.equals(HypercubeRouting.ADAPTIVE));
        }
        if (t instanceof KaryCube cube && (k.equals(KaryCubeRouting.ADAPTIVE) || k.equals(KaryCubeRouting.DIMENSION_ORDER))) {
            return new KaryCubeRouting(cube, vcs, k.equals(KaryCubeRouting.ADAPTIVE));
        }
        if (t instanceof Torus torus && k.equals(TorusRouting.KEY)) {
            return new TorusRouting(torus, vcs);
        }
        if (k.equals(UpDownRouting.KEY)) {
            return new UpDownRouting(t, vcs);
        }
        return new HopClassRouting(t, vcs);
    }
}
