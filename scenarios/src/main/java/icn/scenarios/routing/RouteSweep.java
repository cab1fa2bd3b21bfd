package icn.scenarios.routing;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import icn.node.engine.Engine;
import icn.node.engine.RunResult;
import icn.node.engine.RunSettings;
import icn.node.kind.RouteSources;
import icn.node.kind.Routings;
import icn.node.packet.RoutingPrograms;
import icn.node.routing.Route;
import icn.node.routing.Router;
import icn.protocols.Bfs;
import icn.protocols.LinkLatency;
import icn.protocols.PacketLog;
import icn.protocols.Topology;
import icn.protocols.fault.FaultPlan;
import icn.protocols.wire.RoutingSpec;
import icn.scenarios.claims.RouteFormulas;
import icn.scenarios.report.AccountingJson;
import icn.scenarios.report.AppliedFaults;
import icn.scenarios.kind.NetworkPapers;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.function.IntUnaryOperator;
import java.util.stream.IntStream;

/**
 * A routing sweep: the sweep's packets travel hop by hop through the engine it is given (node actors or the sequential engine), and
 * the report sets what they measured beside the pure route computation of the same packets, the BFS distances of the graph and,
 * where the router splits a route's cost (SCC_n, 000 §3: lateral, move-in and move-between local links), 000's expressions
 * (Eqs. 6, 9, 12, 14).
 *
 * <p>JSON contract: {@code topology, algorithm, mode, sweep, routes, seed, engine, jvms, latency{lateral, local}, mean{total; and
 * lateral, miLocal, mbLocal where costs split}, max, histogram (routes of cost 0, 1, 2, ...), worst{source, destination, cost},
 * bfs{mean, max, shortestRoutes, belowBfs} (null where BFS is unaffordable), allDelivered, invalidHops, crossJvmLinkMessages,
 * matchesPureRoutes (every packet walked, node by node, the route the pure computation gives), deliveryStepsMatchLatency (every
 * packet arrived after lateral·L_lat + local·L_loc steps), accounting, wallSeconds}; where costs split also {@code meanDeliveryStep,
 * paper{lateral (Eq. 6), miLocal (Eq. 9), mbLocalRandom (Eq. 12), distanceBound (Eq. 14)}}; elsewhere {@code stretch{mean, max},
 * gaveUp, hopLimited}.
 *
 * <p>BFS distances come from the network's symmetric BFS tables where it has them ({@link Topology#symmetricDistances}: on SCC_n left multiplication by
 * π_d⁻¹ is an automorphism that keeps positions, 000 §4.1, so one BFS from each ⟨i, π_0⟩ answers all pairs), else from a BFS per
 * destination within a budget.
 */
public final class RouteSweep {

    private static final ObjectMapper JSON = new ObjectMapper();
    /** BFS tables (destinations × nodes) a sweep may compute to measure its distances, where the labels do not give them. */
    private static final long BFS_BUDGET = 400_000_000L;

    private RouteSweep() {
    }

    /** A sweep in the papers' synchronous model: every link takes one step. */
    public static ObjectNode run(Engine engine, Topology topology, RoutingSpec spec, RunSettings settings) {
        return run(engine, topology, spec, settings, LinkLatency.SYNCHRONOUS);
    }

    /**
     * A sweep on any topology: its packets run on {@code engine}, and the report sets what they measured beside the pure routes of
     * the same packets (a router's fault-free route; adaptive routing's is its fault-free walk), BFS distances and stretch; where the
     * router splits a route's cost (SCC_n's routings, 000 §3) the split's means and 000's expressions beside them.
     */
    public static ObjectNode run(Engine engine, Topology topology, RoutingSpec spec, RunSettings settings, LinkLatency latency) {
        Router router = Routings.router(topology, spec.algorithm());
        RoutingPrograms programs = new RoutingPrograms(topology, spec, RouteSources.of(topology, spec));
        long start = System.nanoTime();
        icn.node.engine.RunRequest request = settings.request(topology, spec, latency, FaultPlan.NONE);
        RunResult ran = engine.run(topology, programs, request);
        double wall = (System.nanoTime() - start) / 1e9;
        Walks walks = new Walks(topology, router, programs, ran.metrics().packets(), latency);
        ObjectNode o = JSON.createObjectNode();
        o.put("topology", topology.name());
        o.put("algorithm", spec.algorithm());
        o.put("mode", spec.mode());
        o.put("sweep", spec.sweep());
        o.put("routes", programs.packets());
        o.put("seed", spec.seed());
        o.put("engine", ran.engine().key());
        o.put("jvms", ran.jvms());
        o.putObject("latency").put("lateral", latency.lateral()).put("local", latency.local());
        ObjectNode mean = o.putObject("mean");
        if (router.splits()) {
            mean.put("lateral", walks.sumLateral / (double) walks.delivered());
            mean.put("miLocal", walks.sumMi / (double) walks.delivered());
            mean.put("mbLocal", walks.sumMb / (double) walks.delivered());
        }
        mean.put("total", walks.sumHops / (double) walks.delivered());
        walks.putCosts(o, topology, programs);
        walks.putDistances(o, router.splits());
        o.put("allDelivered", walks.log.size() == programs.packets());
        if (!router.splits()) {
            o.put("gaveUp", ran.metrics().gaveUp());
            o.put("hopLimited", ran.metrics().hopLimited());
        }
        o.put("invalidHops", walks.log.totalInvalidHops());
        o.put("crossJvmLinkMessages", ran.crossJvm());
        o.put("matchesPureRoutes", walks.matches);
        o.put("deliveryStepsMatchLatency", walks.timely);
        if (router.splits()) {
            o.put("meanDeliveryStep", walks.sumStep / (double) walks.delivered());
        }
        o.set("applied", AppliedFaults.of(topology, request.latency(), request.faults()).json());
        o.set("accounting", AccountingJson.of(ran.metrics().accounting()));
        o.put("wallSeconds", wall);
        NetworkPapers.of(topology).routeFormulas().filter(f -> router.splits()).ifPresent(f -> putFormulas(o, f.apply(topology)));
        return o;
    }

    private static void putFormulas(ObjectNode o, RouteFormulas f) {
        ObjectNode paper = o.putObject("paper");
        paper.put("lateral", f.lateral());
        paper.put("miLocal", f.miLocal());
        paper.put("mbLocalRandom", f.mbLocalRandom());
        paper.put("distanceBound", f.distanceBound());
        paper.put("source", f.source());
    }

    /**
     * What the delivered packets walked, in packet id order (so that sums of fractions are the same whatever order the hosts delivered
     * them in), beside their pure routes and BFS distances.
     */
    private static final class Walks {
        final PacketLog log;
        long[] histogram = new long[8];
        long sumHops;
        long sumLateral;
        long sumMi;
        long sumMb;
        long sumStep;
        int max;
        int worst = -1;
        boolean matches;
        boolean timely = true;
        final boolean bfsAffordable;
        long sumBfs;
        int maxBfs;
        long shortest;
        long below;
        double sumStretch;
        double maxStretch = 1;

        Walks(Topology topology, Router router, RoutingPrograms programs, PacketLog log, LinkLatency latency) {
            this.log = log;
            this.matches = log.size() == programs.packets();
            long distinct = IntStream.range(0, programs.packets()).map(programs::destination).distinct().count();
            // symmetric BFS tables (SCC_n's) are cached per network: asking for the first destination's costs nothing more
            this.bfsAffordable = distinct * (long) topology.nodeCount() <= BFS_BUDGET
                    || programs.packets() > 0 && topology.symmetricDistances(programs.destination(0)).isPresent();
            Map<Integer, IntUnaryOperator> toDestination = new HashMap<>();
            long[] order = new long[log.size()];
            for (int i = 0; i < order.length; i++) {
                order[i] = (long) log.id(i) << 32 | i;
            }
            Arrays.sort(order);
            for (long key : order) {
                int i = (int) key;
                int id = log.id(i);
                int source = programs.source(id);
                int destination = programs.destination(id);
                count(log.hops(i), id);
                Optional<Route> split = router.split(source, destination, programs.packetSeed(id));
                int[] ports = split.map(Route::ports).orElseGet(() -> router.ports(source, destination, programs.packetSeed(id)));
                matches &= log.fingerprint(i) == PacketLog.fingerprint(walk(topology, source, ports));
                timely &= log.step(i) == (long) log.lateral(i) * latency.lateral() + (long) log.local(i) * latency.local();
                sumStep += log.step(i);
                sumLateral += log.lateral(i);
                split.ifPresent(r -> {
                    sumMi += r.miLocal();
                    sumMb += log.local(i) - r.miLocal();
                });
                if (bfsAffordable) {
                    distance(log.hops(i), toDestination.computeIfAbsent(destination, d -> distances(topology, d)).applyAsInt(source));
                }
            }
        }

        private void count(int hops, int id) {
            sumHops += hops;
            if (hops >= histogram.length) {
                histogram = Arrays.copyOf(histogram, Math.max(hops + 1, histogram.length * 2));
            }
            histogram[hops]++;
            if (hops > max) { // packets come in id order: the lowest id among the longest
                max = hops;
                worst = id;
            }
        }

        private void distance(int hops, int d) {
            sumBfs += d;
            maxBfs = Math.max(maxBfs, d);
            shortest += hops == d ? 1 : 0;
            below += hops < d ? 1 : 0;
            double stretch = d == 0 ? 1 : hops / (double) d;
            sumStretch += stretch;
            maxStretch = Math.max(maxStretch, stretch);
        }

        int delivered() {
            return Math.max(log.size(), 1);
        }

        void putCosts(ObjectNode o, Topology topology, RoutingPrograms programs) {
            o.put("max", max);
            ArrayNode h = o.putArray("histogram");
            for (int c = 0; c <= max; c++) {
                h.add(histogram[c]);
            }
            if (worst >= 0) {
                o.putObject("worst").put("source", topology.label(programs.source(worst)))
                        .put("destination", topology.label(programs.destination(worst))).put("cost", max);
            } else {
                o.putNull("worst");
            }
        }

        /** BFS distances and (where the router does not split costs, as before) stretch; null where BFS was not affordable. */
        void putDistances(ObjectNode o, boolean splits) {
            if (!bfsAffordable) {
                o.putNull("bfs");
                o.putNull("stretch");
                return;
            }
            ObjectNode bfs = o.putObject("bfs");
            bfs.put("mean", sumBfs / (double) delivered());
            bfs.put("max", maxBfs);
            bfs.put("shortestRoutes", shortest);
            bfs.put("belowBfs", below);
            if (!splits) {
                o.putObject("stretch").put("mean", sumStretch / delivered()).put("max", maxStretch);
            }
        }
    }

    /** Every node's BFS distance to {@code destination}: from the network's symmetric BFS tables where it has them, else by a BFS. */
    private static IntUnaryOperator distances(Topology topology, int destination) {
        Optional<IntUnaryOperator> bySymmetry = topology.symmetricDistances(destination);
        if (bySymmetry.isPresent()) {
            return bySymmetry.get();
        }
        int[] d = Bfs.distancesTo(topology, destination);
        return v -> d[v];
    }

    /** The nodes of the walk along {@code ports} from {@code source}, source first. */
    static int[] walk(Topology topology, int source, int[] ports) {
        int[] path = new int[ports.length + 1];
        path[0] = source;
        for (int h = 0; h < ports.length; h++) {
            path[h + 1] = topology.neighbour(path[h], ports[h]);
        }
        return path;
    }

    /** Checks a sweep's size before anything is spawned. */
    public static void checkSweep(Topology scc, String sweep) {
        new RoutingPrograms(scc, new RoutingSpec("minimal", "source", sweep, 0), (s, d, seed) -> new int[0]);
    }
}
