package icn.node.traffic;

import icn.node.engine.FaultModel;
import icn.node.program.NodeProgram;
import icn.node.program.ProgramFactory;
import icn.protocols.Topology;
import icn.protocols.fault.FaultPlan;
import icn.protocols.traffic.TrafficSpec;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The routers of a traffic run ({@link WormholeRouter}), built alike by every host from the run's {@link TrafficSpec}: the routing
 * with its tables, the pattern and the link faults are made once per JVM and shared (they are immutable). Links take one step each
 * (plus a fault plan's extra delay): one network cycle per flit hop, 002 §5.
 */
public final class TrafficPrograms implements ProgramFactory {

    /** Routings with tables are built once per JVM for a network, size of virtual channels and key (their tables take seconds). */
    private static final Map<String, TrafficRouting> ROUTINGS = new ConcurrentHashMap<>();

    private final Topology topology;
    private final TrafficSpec spec;
    private final TrafficRouting routing;
    private final TrafficPattern pattern;
    private final LinkFaults faults;
    private final boolean retryFilter;

    public TrafficPrograms(Topology topology, TrafficSpec spec, FaultPlan plan) {
        this(topology, spec, plan, routing(topology, spec.routing(), spec.vcs()));
    }

    /** With a routing of the caller's (tests: a deliberately cyclic one, to see the deadlock watchdog fire). */
    TrafficPrograms(Topology topology, TrafficSpec spec, FaultPlan plan, TrafficRouting routing) {
        this(topology, spec, new LinkFaults(topology, FaultModel.of(plan, topology)), routing, true);
    }

    private TrafficPrograms(Topology topology, TrafficSpec spec, LinkFaults faults, TrafficRouting routing, boolean retryFilter) {
        this.topology = topology;
        this.spec = spec;
        this.pattern = TrafficPattern.parse(spec.pattern(), topology, spec.seed());
        this.faults = faults;
        this.routing = routing;
        this.retryFilter = retryFilter;
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

    /** The routing {@code key} on {@code t} with {@code vcs} virtual channels, from this JVM's cache. */
    public static TrafficRouting routing(Topology t, String key, int vcs) {
        String cacheKey = t.name() + "|" + key.strip() + "|" + vcs;
        TrafficRouting cached = ROUTINGS.get(cacheKey);
        if (cached != null) {
            return cached;
        }
        TrafficRouting made = TrafficRoutings.of(t, key, vcs);
        if (ROUTINGS.size() >= 4) {
            ROUTINGS.clear(); // a routing's tables can take 200 MB: keep a few at most
        }
        ROUTINGS.put(cacheKey, made);
        return made;
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

    TrafficPattern pattern() {
        return pattern;
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
