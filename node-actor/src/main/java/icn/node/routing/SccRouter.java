package icn.node.routing;

import icn.protocols.topology.Scc;
import java.util.Optional;
import java.util.SplittableRandom;

/**
 * One of the papers' routing algorithms on SCC_n (000 §4, 001 §5; {@link RoutingAlgorithm#papers()}) as a {@link Router}: its routes
 * come from {@link SccRouting} with their cost split of 000 §3. Random routing draws from the packet's seed (seed 0 where none is
 * given); the others ignore it.
 */
public final class SccRouter implements Router {

    private final Scc scc;
    private final RoutingAlgorithm algorithm;

    public SccRouter(Scc scc, RoutingAlgorithm algorithm) {
        if (!algorithm.fromPapers()) {
            throw new IllegalArgumentException(algorithm.key() + " is not one of the papers' routings of SCC_n");
        }
        this.scc = scc;
        this.algorithm = algorithm;
    }

    public RoutingAlgorithm algorithm() {
        return algorithm;
    }

    @Override
    public String key() {
        return algorithm.key();
    }

    @Override
    public int[] ports(int source, int destination) {
        return ports(source, destination, 0);
    }

    @Override
    public int[] ports(int source, int destination, long packetSeed) {
        return route(source, destination, packetSeed).ports();
    }

    @Override
    public Optional<Route> split(int source, int destination, long packetSeed) {
        return Optional.of(route(source, destination, packetSeed));
    }

    @Override
    public boolean splits() {
        return true;
    }

    @Override
    public boolean distributes() {
        return DistributedRouting.distributes(algorithm);
    }

    private Route route(int source, int destination, long packetSeed) {
        return SccRouting.route(scc, algorithm, source, destination, new SplittableRandom(packetSeed));
    }
}
