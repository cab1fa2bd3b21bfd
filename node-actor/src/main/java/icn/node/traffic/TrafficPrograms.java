package icn.node.traffic;

import icn.node.engine.FaultModel;
import icn.node.program.NodeProgram;
import icn.node.program.ProgramFactory;
import icn.protocols.Topology;
import icn.protocols.fault.FaultPlan;
import icn.protocols.traffic.TrafficMix;
import icn.protocols.traffic.TrafficSpec;

/**
 * The routers of a traffic run ({@link WormholeRouter}), built alike by every host from the run's {@link TrafficSpec}: the routing
 * with its tables, the pattern and the link faults are made once per JVM and shared (they are immutable). Links take one step each
 * (plus a fault plan's extra delay): one network cycle per flit hop, 002 §5.
 */
public final class TrafficPrograms implements ProgramFactory {

    /** Routings with tables are built once per JVM for a network, size of virtual channels and key (their tables take seconds). */
    private final Topology topology;
    private final TrafficSpec spec;
    private final TrafficRouting routing;
    private final TrafficMix mix;
    private final TrafficPattern[] patterns; // of every class of the mix
    private final LinkFaults faults;
    private final boolean retryFilter;
    private final icn.protocols.traffic.RouterTiming timing;

    /**
     * The routers of a traffic run with the faults of {@code plan}, steering by {@code routing} (the one {@code spec} names, as the
     * kind table gives it; tests also pass a deliberately cyclic one, to see the deadlock watchdog fire).
     */
    public TrafficPrograms(Topology topology, TrafficSpec spec, FaultPlan plan, TrafficRouting routing) {
        this(topology, spec, new LinkFaults(topology, FaultModel.of(plan, topology)), routing, true);
    }

    private TrafficPrograms(Topology topology, TrafficSpec spec, LinkFaults faults, TrafficRouting routing, boolean retryFilter) {
        this.topology = topology;
        this.spec = spec;
        this.mix = spec.mixture();
        this.patterns = new TrafficPattern[mix.classes().size()];
        for (int c = 0; c < patterns.length; c++) {
            patterns[c] = TrafficPattern.parse(mix.classes().get(c).pattern(), topology, spec.seed());
        }
        this.faults = faults;
        this.routing = routing;
        this.retryFilter = retryFilter;
        this.timing = spec.routerTiming();
    }

    /**
     * The same routers, except that a waiting head asks its routing again and tries every step (tests: the retry filter, which skips
     * heads none of whose ports freed a channel, must change nothing).
     */
    TrafficPrograms retryingEveryStep() {
        return new TrafficPrograms(topology, spec, faults, routing, false);
    }

    boolean retryFilter() {
        return retryFilter;
    }

    Topology topology() {
        return topology;
    }

    TrafficSpec spec() {
        return spec;
    }

    TrafficRouting routing() {
        return routing;
    }

    /** The routers' pipeline and the links' latencies (issue 39). */
    icn.protocols.traffic.RouterTiming timing() {
        return timing;
    }

    /** The pattern of traffic class {@code c}. */
    TrafficPattern pattern(int c) {
        return patterns[c];
    }

    TrafficMix mix() {
        return mix;
    }

    /** Whether {@code node} generates messages of some class (nodes a class's pattern maps to themselves generate none of it). */
    boolean generates(int node) {
        for (TrafficPattern p : patterns) {
            if (p.generates(node)) {
                return true;
            }
        }
        return false;
    }

    LinkFaults faults() {
        return faults;
    }

    @Override
    public NodeProgram create(int node) {
        return new WormholeRouter(this, node);
    }

    @Override
    public int messages() {
        return 1;
    }

    @Override
    public boolean wantsFinalStates() {
        return true;
    }
}
