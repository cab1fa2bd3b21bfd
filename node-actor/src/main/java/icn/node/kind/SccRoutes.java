package icn.node.kind;

import icn.node.packet.RouteSource;
import icn.node.routing.DistributedRouting;
import icn.node.routing.RoutingAlgorithm;
import icn.node.routing.SccRouting;
import icn.protocols.InvalidInputException;
import icn.protocols.Packet;
import icn.protocols.topology.Scc;
import icn.protocols.topology.SccPort;
import icn.protocols.wire.RoutingSpec;
import java.util.Optional;
import java.util.SplittableRandom;

/**
 * SCC_n's route sources: the pure routing algorithms of 000 and 001 ({@link SccRouting}) for source routing, and their distributed
 * forms ({@link DistributedRouting}) for distributed routing, where the header carries the ring position the packet walks to and the
 * algorithm's state between decisions.
 */
final class SccRoutes {

    private SccRoutes() {
    }

    /** The source of {@code spec}'s routes, for the papers' algorithms; empty for the others (dfs). */
    static Optional<RouteSource> of(Scc scc, RoutingSpec spec) {
        RoutingAlgorithm algorithm = RoutingAlgorithm.parse(spec.algorithm());
        if (!algorithm.fromPapers()) {
            return Optional.empty();
        }
        if (!spec.sourceRouting() && !DistributedRouting.distributes(algorithm)) {
            throw new InvalidInputException(DistributedRouting.noDistributedForm(algorithm));
        }
        return Optional.of(new RouteSource() {
            @Override
            public int[] ports(int source, int destination, long packetSeed) {
                return SccRouting.route(scc, algorithm, source, destination, new SplittableRandom(packetSeed)).ports();
            }

            @Override
            public long initialState(long packetSeed) {
                return DistributedRouting.initialState(algorithm, packetSeed);
            }

            @Override
            public Hop next(int node, Packet packet, long packetSeed) {
                Packet p = packet;
                if (p.target() == 0) {
                    DistributedRouting.Decision d = DistributedRouting.decide(scc, algorithm, node, p.destination(), p.state());
                    p = p.withHeader(d.target(), d.state());
                }
                int port = DistributedRouting.port(scc, algorithm, node, p.target());
                if (port == SccPort.LATERAL.index()) {
                    p = p.withHeader(0, p.state()); // the next supernode decides again
                }
                return new Hop(port, p);
            }
        });
    }
}
