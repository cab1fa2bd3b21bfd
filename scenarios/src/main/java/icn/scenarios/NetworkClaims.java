package icn.scenarios;

import icn.protocols.Topology;
import icn.protocols.topology.KaryCube;
import icn.protocols.topology.NecklaceHypercube;

/** Diameter claims of the networks of papers 002 and 004 (necklace hypercubes, n:k cubes). */
final class NetworkClaims {

    private NetworkClaims() {
    }

    static NetworkReport.Claim claim(Topology t) {
        if (t instanceof NecklaceHypercube nh && t.name().startsWith("rnh:")) {
            return new NetworkReport.Claim(nh.n() + nh.necklaceLength(0), "002 §2: n+k");
        }
        if (t instanceof KaryCube c) {
            return new NetworkReport.Claim(c.n(), t.name().startsWith("icube:") ? "004 Lemma 5.3: at most n" : "n (Hamming distance)");
        }
        return null;
    }
}
