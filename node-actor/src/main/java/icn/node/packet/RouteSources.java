package icn.node.packet;

import icn.protocols.InvalidInputException;
import icn.protocols.Scc;
import icn.protocols.wire.RoutingSpec;

/** The route source a routing spec names. */
public final class RouteSources {

    private RouteSources() {
    }

    public static RouteSource of(Scc scc, RoutingSpec spec) {
        throw new InvalidInputException("routing algorithm '" + spec.algorithm() + "' is not available in this build yet");
    }
}
