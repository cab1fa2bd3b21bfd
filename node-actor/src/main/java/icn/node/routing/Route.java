package icn.node.routing;

import java.util.Arrays;

/**
 * A route from {@code source} to {@code destination} (node ids of an {@link icn.protocols.topology.Scc}): the lateral links taken in order
 * (their dimensions ℓ1..ℓf, 000 §4.1), the port taken at every hop ({@link icn.protocols.topology.SccPort} indices), and the cost split of
 * 000 §3: {@code lateral} links, {@code miLocal} move-in local links (Eq. 8, summed over the r-cycles of π_ds) and {@code mbLocal}
 * move-between local links (the walk's other local links).
 */
public record Route(int source, int destination, int[] lateralLinks, int[] ports, int lateral, int miLocal, int mbLocal) {

    public Route {
        lateralLinks = lateralLinks.clone();
        ports = ports.clone();
        if (lateralLinks.length != lateral) {
            throw new IllegalArgumentException(lateralLinks.length + " lateral links but lateral = " + lateral);
        }
        if (ports.length != lateral + miLocal + mbLocal) {
            throw new IllegalArgumentException(ports.length + " hops but lateral + miLocal + mbLocal = " + (lateral + miLocal + mbLocal));
        }
    }

    /** A copy of the lateral links ℓ1..ℓf. */
    @Override
    public int[] lateralLinks() {
        return lateralLinks.clone();
    }

    /** A copy of the port sequence, one entry per hop. */
    @Override
    public int[] ports() {
        return ports.clone();
    }

    /** The cost |P(ℓ1 ↦ ℓf)| of Eq. 15: lat + MI(loc) + MB(loc). */
    public int total() {
        return lateral + miLocal + mbLocal;
    }

    /** The number of hops of the walk (equal to {@link #total()}). */
    public int hops() {
        return ports.length;
    }

    /** Local links of the walk, MI(loc) + MB(loc). */
    public int local() {
        return miLocal + mbLocal;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Route r && r.source == source && r.destination == destination && Arrays.equals(r.lateralLinks, lateralLinks)
                && Arrays.equals(r.ports, ports) && r.lateral == lateral && r.miLocal == miLocal && r.mbLocal == mbLocal;
    }

    @Override
    public int hashCode() {
        return 31 * (31 * (31 * source + destination) + Arrays.hashCode(lateralLinks)) + Arrays.hashCode(ports);
    }

    @Override
    public String toString() {
        return "Route[source=" + source + ", destination=" + destination + ", lateralLinks=" + Arrays.toString(lateralLinks) + ", ports="
                + Arrays.toString(ports) + ", lateral=" + lateral + ", miLocal=" + miLocal + ", mbLocal=" + mbLocal + "]";
    }
}
