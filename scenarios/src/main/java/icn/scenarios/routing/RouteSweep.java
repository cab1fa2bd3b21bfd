package icn.scenarios.routing;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import icn.node.engine.Engine;
import icn.node.engine.RunResult;
import icn.node.engine.RunSettings;
import icn.node.packet.RouteSources;
import icn.node.packet.RoutingPrograms;
import icn.node.routing.AdaptiveRouting;
import icn.node.routing.Route;
import icn.node.routing.Router;
import icn.node.routing.Routers;
import icn.node.routing.RoutingAlgorithm;
import icn.node.routing.SccRouting;
import icn.protocols.Bfs;
import icn.protocols.LinkLatency;
import icn.protocols.PacketLog;
import icn.protocols.Permutations;
import icn.protocols.RunMetrics;
import icn.protocols.fault.FaultPlan;
import icn.protocols.topology.Scc;
import icn.protocols.Topology;
import icn.protocols.wire.RoutingSpec;
import icn.scenarios.faults.FaultRuns;
import icn.scenarios.claims.PaperFormulas;
import java.util.SplittableRandom;

/**
 * A routing sweep: the sweep's packets travel hop by hop through the node actors (or the sequential engine), and the report sets
 * what they measured beside the pure route computation of the same packets (the MI/MB split of 000 §3 comes from it), the BFS
 * distances of the graph and 000's expressions (Eqs. 6, 9, 12, 14).
 *
 * <p>JSON contract: {@code topology, algorithm, mode, sweep, routes, seed, engine, jvms, latency{lateral, local},
 * mean{lateral, miLocal, mbLocal, total}, max, histogram (routes of cost 0, 1, 2, ...), worst{source, destination, cost},
 * bfs{mean, max, shortestRoutes, belowBfs}, allDelivered, invalidHops, matchesPureRoutes (every packet walked, node by node, the
 * route the pure computation gives), deliveryStepsMatchLatency (every packet arrived after lateral·L_lat + local·L_loc steps),
 * meanDeliveryStep, accounting, wallSeconds, paper{lateral (Eq. 6), miLocal (Eq. 9), mbLocalRandom (Eq. 12), distanceBound (Eq. 14)}}.
 *
 * <p>BFS distances for any sweep: left multiplication by π_d⁻¹ is an automorphism of SCC_n that keeps positions (000 §4.1, checked
 * in the routing tests), so d(⟨i_s, π_s⟩, ⟨i_d, π_d⟩) = d(⟨i_s, π_d⁻¹·π_s⟩, ⟨i_d, π_0⟩); one BFS from each ⟨i, π_0⟩ answers all
 * pairs.
 */
public final class RouteSweep {

    private static final ObjectMapper JSON = new ObjectMapper();

    private RouteSweep() {
    }

    public static ObjectNode run(Engine engine, Scc scc, RoutingAlgorithm algorithm, String mode, String sweep, long seed,
            RunSettings settings) {
        return run(engine, scc, algorithm, mode, sweep, seed, settings, LinkLatency.SYNCHRONOUS);
    }

    public static ObjectNode run(Engine engine, Scc scc, RoutingAlgorithm algorithm, String mode, String sweep, long seed,
            RunSettings settings, LinkLatency latency) {
        RoutingSpec spec = new RoutingSpec(algorithm.key(), mode, sweep, seed);
        if (algorithm == RoutingAlgorithm.ADAPTIVE) {
            return runAny(engine, scc, spec, settings, latency); // no cost split of 000 §3: its walks are not the papers'
        }
        RoutingPrograms programs = new RoutingPrograms(scc, spec, RouteSources.of(scc, spec));
        long start = System.nanoTime();
        RunResult ran = engine.run(scc, programs, settings.request(scc, spec, latency, FaultPlan.NONE));
        RunMetrics metrics = ran.metrics();
        double wall = (System.nanoTime() - start) / 1e9;
        PacketLog log = metrics.packets();

        // The pure routes of the same packets: the MI/MB split, and a check that the packets travelled them (source routing).
        int routes = programs.packets();
        long[] histogram = new long[8];
        long sumLateral = 0;
        long sumMi = 0;
        long sumMb = 0;
        long sumTotal = 0;
        int max = 0;
        int worst = -1;
        Route[] pure = new Route[routes];
        for (int id = 0; id < routes; id++) {
            pure[id] = SccRouting.route(scc, algorithm, programs.source(id), programs.destination(id),
                    new SplittableRandom(programs.packetSeed(id)));
        }
        boolean matches = log.size() == routes;
        boolean timely = true;
        long sumStep = 0;
        for (int i = 0; i < log.size(); i++) {
            int id = log.id(i);
            int cost = log.hops(i);
            sumLateral += log.lateral(i);
            sumTotal += cost;
            sumMi += pure[id].miLocal();
            sumMb += log.local(i) - pure[id].miLocal();
            sumStep += log.step(i);
            if (log.fingerprint(i) != PacketLog.fingerprint(walk(scc, pure[id]))) {
                matches = false;
            }
            if (log.step(i) != (long) log.lateral(i) * latency.lateral() + (long) log.local(i) * latency.local()) {
                timely = false;
            }
            if (cost >= histogram.length) {
                histogram = java.util.Arrays.copyOf(histogram, Math.max(cost + 1, histogram.length * 2));
            }
            histogram[cost]++;
            if (cost > max || cost == max && id < worst) { // the lowest packet id among the longest: the same on every engine
                max = cost;
                worst = id;
            }
        }
        ObjectNode o = JSON.createObjectNode();
        o.put("topology", scc.name());
        o.put("algorithm", algorithm.key());
        o.put("mode", mode);
        o.put("sweep", sweep);
        o.put("routes", routes);
        o.put("seed", seed);
        o.put("engine", ran.engine().key());
        o.put("jvms", ran.jvms());
        ObjectNode lat = o.putObject("latency");
        lat.put("lateral", latency.lateral());
        lat.put("local", latency.local());
        int delivered = Math.max(log.size(), 1);
        ObjectNode mean = o.putObject("mean");
        mean.put("lateral", sumLateral / (double) delivered);
        mean.put("miLocal", sumMi / (double) delivered);
        mean.put("mbLocal", sumMb / (double) delivered);
        mean.put("total", sumTotal / (double) delivered);
        o.put("max", max);
        ArrayNode h = o.putArray("histogram");
        for (int c = 0; c <= max; c++) {
            h.add(histogram[c]);
        }
        if (worst >= 0) {
            ObjectNode w = o.putObject("worst");
            w.put("source", scc.label(programs.source(worst)));
            w.put("destination", scc.label(programs.destination(worst)));
            w.put("cost", max);
        } else {
            o.putNull("worst");
        }
        putBfs(o, scc, programs, log);
        o.put("allDelivered", log.size() == routes);
        o.put("invalidHops", log.totalInvalidHops());
        o.put("crossJvmLinkMessages", ran.crossJvm());
        o.put("matchesPureRoutes", matches);
        o.put("deliveryStepsMatchLatency", timely);
        o.put("meanDeliveryStep", sumStep / (double) delivered);
        o.set("accounting", FaultRuns.accountingJson(metrics.accounting()));
        o.put("wallSeconds", wall);
        int n = scc.n();
        ObjectNode paper = o.putObject("paper");
        paper.put("lateral", PaperFormulas.averageLateral(n));
        paper.put("miLocal", PaperFormulas.averageMiLocal(n));
        paper.put("mbLocalRandom", PaperFormulas.averageMbLocalRandom(n));
        paper.put("distanceBound", PaperFormulas.averageDistanceBound(n));
        paper.put("source", "000 Eqs. 6, 9, 12, 14 (averages over routes to the identity)");
        return o;
    }

    private static void putBfs(ObjectNode o, Scc scc, RoutingPrograms programs, PacketLog log) {
        int[][] toPosition = new int[scc.n() + 1][]; // BFS from ⟨i, π_0⟩, computed for the destination positions that occur
        int[] distance = new int[programs.packets()];
        long sum = 0;
        int max = 0;
        for (int id = 0; id < programs.packets(); id++) {
            int s = programs.source(id);
            int d = programs.destination(id);
            int position = scc.position(d);
            if (toPosition[position] == null) {
                toPosition[position] = Bfs.distances(scc, scc.id(0, position));
            }
            byte[] pds = SccRouting.relativePermutation(scc, s, d);
            distance[id] = toPosition[position][scc.id(Permutations.rank(pds), scc.position(s))];
            sum += distance[id];
            max = Math.max(max, distance[id]);
        }
        long shortest = 0;
        long below = 0;
        for (int i = 0; i < log.size(); i++) {
            int bfs = distance[log.id(i)];
            shortest += log.hops(i) == bfs ? 1 : 0;
            below += log.hops(i) < bfs ? 1 : 0;
        }
        ObjectNode bfs = o.putObject("bfs");
        bfs.put("mean", sum / (double) Math.max(1, programs.packets()));
        bfs.put("max", max);
        bfs.put("shortestRoutes", shortest);
        bfs.put("belowBfs", below);
    }

    /** The nodes of a route's walk, source first. */
    static int[] walk(Scc scc, Route route) {
        return walk(scc, route.source(), route.ports());
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

    /**
     * A sweep on any topology: SCC_n's algorithms of the papers by {@link #run(Engine, Scc, RoutingAlgorithm, String, String, long,
     * RunSettings, LinkLatency)}; adaptive routing (any undirected network, SCC_n included) and the other topologies' routers
     * ({@link Routers}) with hops, link classes, BFS distances and stretch. A router's fault-free route is what the packets are checked
     * against ({@code matchesPureRoutes}): adaptive routing's is its fault-free walk, a shortest path.
     */
    public static ObjectNode runAny(Engine engine, Topology topology, RoutingSpec spec, RunSettings settings, LinkLatency latency) {
        String algorithm = spec.algorithm();
        String mode = spec.mode();
        String sweep = spec.sweep();
        long seed = spec.seed();
        if (topology instanceof Scc scc && !algorithm.equals(AdaptiveRouting.KEY)) {
            return run(engine, scc, RoutingAlgorithm.parse(algorithm), mode, sweep, seed, settings, latency);
        }
        Router router = Routers.of(topology, algorithm);
        RoutingPrograms programs = new RoutingPrograms(topology, spec, RouteSources.of(topology, spec));
        long start = System.nanoTime();
        RunResult ran = engine.run(topology, programs, settings.request(topology, spec, latency, FaultPlan.NONE));
        RunMetrics metrics = ran.metrics();
        double wall = (System.nanoTime() - start) / 1e9;
        PacketLog log = metrics.packets();
        int routes = programs.packets();
        java.util.Map<Integer, int[]> toDestination = new java.util.HashMap<>();
        long distinct = java.util.stream.IntStream.range(0, routes).map(programs::destination).distinct().count();
        boolean bfsAffordable = distinct * (long) topology.nodeCount() <= 400_000_000L;
        long[] histogram = new long[8];
        long sumHops = 0;
        long sumBfs = 0;
        int maxBfs = 0;
        long shortest = 0;
        long below = 0;
        double sumStretch = 0;
        double maxStretch = 1;
        int max = 0;
        int worst = -1;
        boolean matches = log.size() == routes;
        boolean timely = true;
        // packets in id order, so that sums of fractions are the same whatever order the hosts delivered them in
        long[] order = new long[log.size()];
        for (int i = 0; i < order.length; i++) {
            order[i] = (long) log.id(i) << 32 | i;
        }
        java.util.Arrays.sort(order);
        for (long key : order) {
            int i = (int) key;
            int id = log.id(i);
            int hops = log.hops(i);
            sumHops += hops;
            if (hops >= histogram.length) {
                histogram = java.util.Arrays.copyOf(histogram, Math.max(hops + 1, histogram.length * 2));
            }
            histogram[hops]++;
            if (hops > max) { // packets come in id order: the lowest id among the longest
                max = hops;
                worst = id;
            }
            int[] path = walk(topology, programs.source(id), router.ports(programs.source(id), programs.destination(id)));
            matches &= log.fingerprint(i) == PacketLog.fingerprint(path);
            timely &= log.step(i) == (long) log.lateral(i) * latency.lateral() + (long) log.local(i) * latency.local();
            if (bfsAffordable) {
                int d = toDestination.computeIfAbsent(programs.destination(id), x -> Bfs.distancesTo(topology, x))[programs.source(id)];
                sumBfs += d;
                maxBfs = Math.max(maxBfs, d);
                shortest += hops == d ? 1 : 0;
                below += hops < d ? 1 : 0;
                double stretch = d == 0 ? 1 : hops / (double) d;
                sumStretch += stretch;
                maxStretch = Math.max(maxStretch, stretch);
            }
        }
        ObjectNode o = JSON.createObjectNode();
        o.put("topology", topology.name());
        o.put("algorithm", algorithm);
        o.put("mode", mode);
        o.put("sweep", sweep);
        o.put("routes", routes);
        o.put("seed", seed);
        o.put("engine", ran.engine().key());
        o.put("jvms", ran.jvms());
        o.putObject("latency").put("lateral", latency.lateral()).put("local", latency.local());
        int delivered = Math.max(log.size(), 1);
        o.putObject("mean").put("total", sumHops / (double) delivered);
        o.put("max", max);
        ArrayNode h = o.putArray("histogram");
        for (int c = 0; c <= max; c++) {
            h.add(histogram[c]);
        }
        if (worst >= 0) {
            o.putObject("worst").put("source", topology.label(programs.source(worst))).put("destination", topology.label(programs.destination(worst)))
                    .put("cost", max);
        } else {
            o.putNull("worst");
        }
        if (bfsAffordable) {
            ObjectNode bfs = o.putObject("bfs");
            bfs.put("mean", sumBfs / (double) delivered);
            bfs.put("max", maxBfs);
            bfs.put("shortestRoutes", shortest);
            bfs.put("belowBfs", below);
            o.putObject("stretch").put("mean", sumStretch / delivered).put("max", maxStretch);
        } else {
            o.putNull("bfs");
            o.putNull("stretch");
        }
        o.put("allDelivered", log.size() == routes);
        o.put("gaveUp", metrics.gaveUp());
        o.put("hopLimited", metrics.hopLimited());
        o.put("invalidHops", log.totalInvalidHops());
        o.put("crossJvmLinkMessages", ran.crossJvm());
        o.put("matchesPureRoutes", matches);
        o.put("deliveryStepsMatchLatency", timely);
        o.set("accounting", FaultRuns.accountingJson(metrics.accounting()));
        o.put("wallSeconds", wall);
        return o;
    }

    /** Checks a sweep's size before anything is spawned. */
    public static void checkSweep(Topology scc, String sweep) {
        new RoutingPrograms(scc, new RoutingSpec("minimal", "source", sweep, 0), (s, d, seed) -> new int[0]);
    }
}
