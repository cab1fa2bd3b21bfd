package icn.scenarios;

import icn.protocols.Topology;

/** Diameter claims of the networks of papers 002 and 004 (necklace hypercubes, n:k cubes). */
final class NetworkClaims {

    private NetworkClaims() {
    }

    static NetworkReport.Claim claim(Topology t) {
        return null;
    }
}
