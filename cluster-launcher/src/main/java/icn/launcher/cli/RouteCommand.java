package icn.launcher.cli;

import icn.launcher.cluster.CommandContext;
import icn.launcher.ExitCodes;
import icn.launcher.cluster.Engines;
import icn.launcher.output.Progress;
import icn.launcher.output.Results;
import icn.launcher.output.Texts;
import icn.node.engine.Engine;
import icn.node.engine.RunSettings;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import icn.node.routing.DfsRouting;
import icn.node.routing.Route;
import icn.protocols.InvalidInputException;
import icn.protocols.Topology;
import icn.node.routing.Router;
import icn.node.kind.Routings;
import icn.node.kind.RouteSources;
import icn.protocols.LinkLatency;
import icn.protocols.wire.RoutingSpec;
import icn.scenarios.report.AppliedFaults;
import icn.scenarios.routing.RouteReports;
import icn.scenarios.routing.RouteSweep;
import icn.scenarios.RoutingScenario;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import icn.scenarios.report.IcnLine;

/** {@code icn route}: one route printed hop by hop, or a sweep of packets through the node actors. */
@Command(name = "route", mixinStandardHelpOptions = true,
        description = {"Route in SCC_n with random, greedy or minimal routing (000 Algorithms 1-3) or the optimal routing of 001",
                "(Algorithm 3), in any other network with its own routings and a BFS shortest routing, and in any undirected network",
                "with dfs, a depth-first search around faults. With --from and --to: print one route",
                "with its link classes. With --sweep: packets travel hop by hop through the node actors and the report sets their costs",
                "beside the pure computation, BFS and 000's expressions."})
final class RouteCommand implements Callable<Integer> {
    private final CommandContext ctx;

    RouteCommand(CommandContext ctx) {
        this.ctx = ctx;
    }


    @Mixin
    TopologyOptions topology;

    @Option(names = IcnLine.ALGORITHM, defaultValue = "minimal", paramLabel = "KEY",
            description = {"The routing algorithm (default: the network's first). By kind: ${bundle:icn.help.route-routings}. SCC_n's are",
                    "000's and 001's (near-minimal: 000 Algorithm 3 without backtracking, 000 §6); shortest: a BFS table; dfs: a",
                    "distributed depth-first search around the faults it learns of."})
    String algorithm;

    @Option(names = IcnLine.FROM, paramLabel = "LABEL", description = "Source label, e.g. '<3,34125>'.")
    String from;

    @Option(names = IcnLine.TO, paramLabel = "LABEL", description = "Destination label, e.g. '<2,12345>'.")
    String to;

    @Option(names = IcnLine.SWEEP, paramLabel = "to-identity|all-pairs|sample:M", description = "Route a sweep of packets.")
    String sweep;

    @Option(names = "--mode", paramLabel = "source|distributed",
            description = {"source: the header carries the port sequence; distributed: every node picks the next port",
                    "(random, greedy and near-minimal; 000 §6). Default: source, distributed for dfs."})
    String mode;

    @Option(names = "--hop-limit", paramLabel = "H",
            description = "dfs drops a packet after H hops (default 2(N-1), the most a depth-first search takes).")
    Integer hopLimit;

    @Option(names = "--lateral-latency", defaultValue = "1", paramLabel = "STEPS",
            description = "Steps a lateral link takes in a sweep without faults (default 1).")
    int lateralLatency;

    @Option(names = "--local-latency", defaultValue = "1", paramLabel = "STEPS",
            description = "Steps a local link takes in a sweep without faults (default 1).")
    int localLatency;

    @Mixin
    EngineOptions engine;

    @Mixin
    FaultOptions faults;

    @Mixin
    CommonOptions common;

    @Mixin
    SubmitOptions submit;

    private boolean json;

    @Override
    public Integer call() throws java.io.IOException {
        json = common.json;
        Topology t = topology.network();
        boolean dfs = algorithm.strip().equals(DfsRouting.KEY);
        if (mode == null) {
            mode = dfs ? "distributed" : "source";
        }
        if (hopLimit != null && (!dfs || hopLimit < 1)) {
            throw new InvalidInputException(hopLimit < 1 ? "--hop-limit must be at least 1, not " + hopLimit
                    : "--hop-limit is for --algorithm dfs");
        }
        if (dfs) {
            RouteSources.of(t, spec(DfsRouting.KEY)); // refuses directed networks and source mode, up front
        }
        if (faults.any()) {
            return withFaults(t);
        }
        String key = key(t);
        Router router = Routings.router(t, key); // names the network's algorithms when the key is none of them
        if (sweep == null) {
            if (from == null || to == null) {
                throw new InvalidInputException("give --from and --to for one route, or --sweep for many");
            }
            return single(t, router, t.parseLabel(from), t.parseLabel(to));
        }
        RouteSweep.checkSweep(t, sweep);
        LinkLatency latency = new LinkLatency(RoutingScenario.checkLatency(lateralLatency), RoutingScenario.checkLatency(localLatency));
        RouteSources.of(t, spec(key)); // refuses what has no distributed form, up front
        Progress progress = new Progress(ctx.session(), json);
        RunSettings settings = engine.settings(t, common.seed, progress::step);
        Results results = Results.open(ctx.session(), common.results(), settings.jvms());
        progress.step(String.format("%s %s, %s routing, sweep %s on the %s engine", t.name(), key, mode, sweep, settings.engine().key()));
        ObjectNode report;
        try (Engine machines = ctx.engines().open(settings)) { // its heap checked with its settings, once
            report = RouteSweep.run(machines, t, spec(key), settings, latency);
        }
        progress.done();
        RouteReports.write(results.root(), results.name(), settings.seed(), List.of(report));
        JsonNode bfs = report.get("bfs");
        return results.finish(report, Texts.routeSweep(report), report.get("allDelivered").asBoolean()
                && report.get("invalidHops").asLong() == 0 && report.get("matchesPureRoutes").asBoolean()
                && (bfs.isNull() || bfs.get("belowBfs").asLong() == 0) ? 0 : ExitCodes.RUN_FAILED);
    }

    /** The routing --algorithm names on {@code t}: its default (the first) where the default "minimal" is none of its own. */
    private String key(Topology t) {
        return algorithm.equals("minimal") && !Routings.routeKeys(t).contains("minimal") ? Routings.routeKeys(t).get(0) : algorithm.strip();
    }

    /** A sweep with faults injected: delivered, undeliverable, stretch over the surviving graph, and the message accounting. */
    private Integer withFaults(Topology t) {
        if (sweep == null) {
            throw new InvalidInputException("faults need a sweep: give --sweep to-identity|all-pairs|sample:M|pair:S:D");
        }
        if (lateralLatency != 1 || localLatency != 1) {
            // a sweep with faults runs in the papers' synchronous model: slower links would be applied nowhere, so they are refused
            throw new InvalidInputException("--lateral-latency and --local-latency are for sweeps without faults");
        }
        RouteSweep.checkSweep(t, sweep);
        String key = key(t);
        if (!key.equals(DfsRouting.KEY)) {
            Routings.router(t, key); // names the network's algorithms when the key is none of them
        }
        RoutingSpec routing = spec(key);
        RouteSources.of(t, routing); // refuses what has no form in this mode, up front
        Progress progress = new Progress(ctx.session(), json);
        RunSettings settings = engine.settings(t, common.seed, progress::step);
        icn.protocols.fault.FaultSpec spec = faults.spec(settings.seed());
        icn.protocols.fault.FaultPlan plan = icn.scenarios.faults.FaultRuns.planRoute(t, routing, settings, spec);
        if (spec.kills() && settings.jvms() < 2) {
            throw new InvalidInputException("killing a JVM needs the actor engine on --jvms 2 or more");
        }
        Results results = Results.open(ctx.session(), common.results(), settings.jvms());
        progress.step(String.format("%s %s, %s routing with faults, sweep %s on the %s engine", t.name(), key, mode, sweep,
                settings.engine().key()));
        ObjectNode report;
        try (Engine machines = ctx.engines().open(settings)) { // its heap checked with its settings, once
            report = icn.scenarios.faults.FaultRuns.route(machines, t, routing, settings, spec, plan);
        }
        progress.done();
        return results.finish(report, Texts.faultyRoute(report),
                Texts.faultRunEnded(report) && report.get("invalidHops").asLong() == 0 ? 0 : ExitCodes.RUN_FAILED);
    }

    /** The routing spec of this command for algorithm {@code key}. */
    private RoutingSpec spec(String key) {
        return new RoutingSpec(key, mode, sweep == null ? "to-identity" : sweep, common.seed, hopLimit == null ? 0 : hopLimit);
    }

    /** One route, hop by hop: with the cost split of 000 §3 where the router gives it (SCC_n), else beside the BFS distance. */
    private Integer single(Topology t, Router router, int source, int destination) {
        java.util.Optional<Route> split = router.split(source, destination, common.seed);
        int[] ports = split.map(Route::ports).orElseGet(() -> router.ports(source, destination, common.seed));
        ObjectNode o = new com.fasterxml.jackson.databind.ObjectMapper().createObjectNode();
        o.put("topology", t.name()).put("algorithm", router.key()).put("from", t.label(source)).put("to", t.label(destination))
                .put("seed", common.seed);
        StringBuilder sb = new StringBuilder();
        if (split.isPresent()) {
            Route r = split.get();
            sb.append(String.format("%s %s route %s -> %s: %d links = %d lateral + %d MI local + %d MB local (000 §3)%n", t.name(),
                    router.key(), t.label(source), t.label(destination), r.total(), r.lateral(), r.miLocal(), r.mbLocal()));
            o.put("lateral", r.lateral()).put("miLocal", r.miLocal()).put("mbLocal", r.mbLocal()).put("total", r.total());
            var links = o.putArray("lateralLinks");
            for (int l : r.lateralLinks()) {
                links.add(l);
            }
        } else {
            int bfs = icn.protocols.Bfs.distancesTo(t, destination)[source];
            sb.append(String.format("%s %s route %s -> %s: %d links (BFS distance %d)%n", t.name(), router.key(), t.label(source),
                    t.label(destination), ports.length, bfs));
            o.put("total", ports.length).put("bfsDistance", bfs);
        }
        String hop = split.isPresent() ? "  --%-7s %-8s -> %s%n" : "  --%-10s %-10s -> %s%n";
        var path = o.putArray("path");
        int at = source;
        sb.append("  ").append(t.label(at)).append('\n');
        path.add(t.label(at));
        for (int port : ports) {
            at = t.neighbour(at, port);
            sb.append(String.format(hop, t.portName(port), t.linkClass(port).key(), t.label(at)));
            path.add(t.label(at));
        }
        // a route computed, not run: no fault, loss or latency applies to it
        o.set("applied", AppliedFaults.NONE.json());
        sb.append(AppliedFaults.NONE.line()).append('\n');
        return Results.open(ctx.session(), common.results(), 1).finish(o, sb.toString(), at == destination ? 0 : ExitCodes.RUN_FAILED);
    }
}
