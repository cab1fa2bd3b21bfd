package icn.launcher;

import icn.node.routing.cr.FaultTolerantCheck;
import icn.protocols.BroadcastAlgorithm;
import icn.protocols.InvalidInputException;
import icn.protocols.Topologies;
import icn.protocols.Topology;
import icn.protocols.topology.CompleteRotationGraph;
import icn.scenarios.BroadcastExperiment;
import icn.scenarios.FaultExperiments;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code icn faults}: the fault experiments of issue 6 over many seeds, with CSV and PNG. */
@Command(name = "faults", mixinStandardHelpOptions = true,
        description = "Fault experiments over many seeds: broadcast coverage, routing delivery and stretch, CR_n's Theorem 3.4.",
        subcommands = {FaultsCommand.Coverage.class, FaultsCommand.Routing.class, FaultsCommand.CrTheorem.class, CommandLine.HelpCommand.class})
final class FaultsCommand implements Runnable {

    @picocli.CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(System.out);
    }

    static FaultExperiments.Kind kind(String s) {
        return switch (s) {
            case "node", "nodes" -> FaultExperiments.Kind.NODES;
            case "link", "links" -> FaultExperiments.Kind.LINKS;
            default -> throw new InvalidInputException("--kind must be node or link, not '" + s + "'");
        };
    }

    /** Splits a list of networks on the commas that start a new KIND (a letter follows), so parameters keep theirs: torus:4,4,scc:5. */
    static final String TOPOLOGY_SPLIT = ",(?=[A-Za-z])";

    static List<Topology> topologies(List<String> names) {
        return names.stream().map(Topologies::parse).toList();
    }

    static void checkCounts(int maxFaults, int seeds) {
        if (maxFaults < 0 || maxFaults > 10_000) {
            throw new InvalidInputException("--max-faults must be 0..10000, not " + maxFaults);
        }
        if (seeds < 1 || seeds > 100_000) {
            throw new InvalidInputException("--seeds must be 1..100000, not " + seeds);
        }
    }

    @Command(name = "coverage", mixinStandardHelpOptions = true,
            description = {"Broadcast coverage (informed fraction of live nodes, mean over seeds) against 0..F random node or link faults",
                    "before step 1, for Algorithms 4 and 5 of 001 (scc:N) and flooding (any network), from node 0."})
    static final class Coverage implements Callable<Integer> {
        @Option(names = "--topology", split = TOPOLOGY_SPLIT, splitSynopsisLabel = ",", defaultValue = "scc:5,scc:6", paramLabel = "KIND:PARAMS",
                description = "Networks (default scc:5,scc:6); a comma before a letter starts the next one, so torus:4,4,scc:5 is two.")
        List<String> topologies;

        @Option(names = "--algorithms", split = ",", paramLabel = "A", description = "Default: one-port,multi-port,flooding on scc:N, flooding elsewhere.")
        List<String> algorithms;

        @Option(names = "--kind", defaultValue = "node", paramLabel = "node|link", description = "Random node faults (default) or link faults.")
        String kind;

        @Option(names = "--max-faults", defaultValue = "10", paramLabel = "F", description = "Fault counts 0..F (default 10).")
        int maxFaults;

        @Option(names = "--seeds", defaultValue = "100", paramLabel = "N", description = "Seeds per point (default 100).")
        int seeds;

        @Option(names = "--out", defaultValue = "results", paramLabel = "DIR", description = "Reports go under DIR (default results).")
        Path out;

        @Option(names = "--json", description = "Print exactly one JSON object on stdout.")
        boolean json;

        @Mixin
        EngineOptions engine;

        @Override
        public Integer call() throws java.io.IOException {
            checkCounts(maxFaults, seeds);
            FaultExperiments.Kind k = kind(kind);
            List<Topology> ts = topologies(topologies);
            BroadcastExperiment.Settings settings = engine.settings();
            if (settings.jvms() != 1) {
                throw new InvalidInputException("icn faults runs on one JVM (--jvms 1); kill a JVM with icn broadcast --jvms 3 --kill-jvm J@S");
            }
            List<List<BroadcastAlgorithm>> algs = new ArrayList<>();
            for (Topology t : ts) {
                List<BroadcastAlgorithm> list = algorithms != null ? algorithms.stream().map(BroadcastAlgorithm::parse).toList()
                        : t instanceof icn.protocols.Scc ? List.of(BroadcastAlgorithm.ONE_PORT, BroadcastAlgorithm.MULTI_PORT, BroadcastAlgorithm.FLOODING)
                        : List.of(BroadcastAlgorithm.FLOODING);
                for (BroadcastAlgorithm a : list) {
                    if (!a.anyTopology() && !(t instanceof icn.protocols.Scc)) {
                        throw new InvalidInputException(a.key() + " (001 Algorithms 4 and 5) is defined for scc:N, not " + t.name());
                    }
                }
                algs.add(list);
            }
            Progress progress = new Progress(json);
            List<FaultExperiments.CoveragePoint> points = new ArrayList<>();
            try (OpenMachines machines = settings.actors() ? OpenMachines.open(1, java.time.Duration.ofSeconds(engine.formationTimeout), progress) : null) {
                for (int i = 0; i < ts.size(); i++) {
                    points.addAll(FaultExperiments.coverage(machines, ts.get(i), algs.get(i), k, maxFaults, seeds, settings.seed(), settings,
                            progress::step));
                }
            }
            progress.done();
            Path dir = FaultExperiments.writeCoverage(out, "faults-coverage-" + k.key(), settings.seed(), points);
            if (json) {
                System.out.println(new com.fasterxml.jackson.databind.ObjectMapper().valueToTree(points));
            } else {
                System.out.print(FaultExperiments.coverageTable(points));
                System.out.println("seed " + settings.seed() + ", " + settings.engine() + " engine; reports: " + dir);
            }
            return points.stream().allMatch(FaultExperiments.CoveragePoint::allBalanced) ? 0 : Icn.RUN_FAILED;
        }
    }

    @Command(name = "routing", mixinStandardHelpOptions = true,
            description = {"Routing delivery ratio (delivered over deliverable packets) and stretch (walk over the distance in the",
                    "surviving graph) against 0..F random node or link faults, per algorithm and network."})
    static final class Routing implements Callable<Integer> {
        @Option(names = "--topology", split = TOPOLOGY_SPLIT, splitSynopsisLabel = ",", defaultValue = "scc:5,scc:6", paramLabel = "KIND:PARAMS",
                description = "Networks (default scc:5,scc:6); a comma before a letter starts the next one, so torus:4,4,scc:5 is two.")
        List<String> topologies;

        @Option(names = "--algorithms", split = ",", paramLabel = "A",
                description = "Default per network: adaptive,greedy on scc:N; fault-tolerant,optimal on cr:N; adaptive and the network's "
                        + "standard routing elsewhere (e.g. adaptive,dimension-order on torus).")
        List<String> algorithms;

        /** The algorithms compared on {@code t}: those given, or the network's fault-tolerant one beside its standard one. */
        List<String> algorithmsFor(Topology t) {
            if (algorithms != null && !algorithms.isEmpty()) {
                return algorithms;
            }
            if (t instanceof icn.protocols.Scc) {
                return List.of("adaptive", "greedy");
            }
            if (t instanceof CompleteRotationGraph) {
                return List.of(icn.node.routing.cr.FaultTolerantRoute.KEY, icn.node.routing.cr.OptimalRoute.KEY);
            }
            return List.of("adaptive", icn.node.routing.Routers.keys(t).get(0));
        }

        @Option(names = "--mode", defaultValue = "distributed", paramLabel = "source|distributed",
                description = "Default: distributed (adaptive always runs distributed, CR_n's fault-tolerant always from the source).")
        String mode;

        @Option(names = "--sweep", defaultValue = "sample:200", paramLabel = "SWEEP", description = "Packets per run (default sample:200).")
        String sweep;

        @Option(names = "--kind", defaultValue = "node", paramLabel = "node|link", description = "Random node faults (default) or link faults.")
        String kind;

        @Option(names = "--max-faults", defaultValue = "10", paramLabel = "F", description = "Fault counts 0..F (default 10).")
        int maxFaults;

        @Option(names = "--seeds", defaultValue = "20", paramLabel = "N", description = "Seeds per point (default 20).")
        int seeds;

        @Option(names = "--out", defaultValue = "results", paramLabel = "DIR", description = "Reports go under DIR (default results).")
        Path out;

        @Option(names = "--json", description = "Print exactly one JSON object on stdout.")
        boolean json;

        @Mixin
        EngineOptions engine;

        @Override
        public Integer call() throws java.io.IOException {
            checkCounts(maxFaults, seeds);
            FaultExperiments.Kind k = kind(kind);
            List<Topology> ts = topologies(topologies);
            BroadcastExperiment.Settings settings = engine.settings();
            if (settings.jvms() != 1) {
                throw new InvalidInputException("icn faults runs on one JVM (--jvms 1); kill a JVM with icn route --jvms 3 --kill-jvm J@S");
            }
            for (Topology t : ts) {
                icn.scenarios.RouteSweep.checkSweep(t, sweep);
                for (String a : algorithmsFor(t)) {
                    icn.node.packet.RouteSources.of(t, new icn.protocols.wire.RoutingSpec(a, FaultExperiments.modeOf(a, mode), sweep,
                            settings.seed()));
                }
            }
            Progress progress = new Progress(json);
            List<FaultExperiments.RoutingPoint> points = new ArrayList<>();
            try (OpenMachines machines = settings.actors() ? OpenMachines.open(1, java.time.Duration.ofSeconds(engine.formationTimeout), progress) : null) {
                for (Topology t : ts) {
                    points.addAll(FaultExperiments.routing(machines, t, algorithmsFor(t), mode, sweep, k, maxFaults, seeds, settings.seed(), settings,
                            progress::step));
                }
            }
            progress.done();
            Path dir = FaultExperiments.writeRouting(out, "faults-routing-" + k.key(), settings.seed(), points);
            if (json) {
                System.out.println(new com.fasterxml.jackson.databind.ObjectMapper().valueToTree(points));
            } else {
                System.out.print(FaultExperiments.routingTable(points));
                System.out.println("seed " + settings.seed() + ", " + settings.engine() + " engine; reports: " + dir);
            }
            return points.stream().allMatch(FaultExperiments.RoutingPoint::allBalanced) ? 0 : Icn.RUN_FAILED;
        }
    }

    @Command(name = "cr-theorem", mixinStandardHelpOptions = true,
            description = {"003 Theorem 3.4 measured: Fault_Tolerant Static Route in CR_n with up to n-1 faulty nodes next to the",
                    "destination, next to the source, or both; delivered routes, extra steps over Optimal_Route (claimed <= 6), counterexamples."})
    static final class CrTheorem implements Callable<Integer> {
        @Option(names = "--n", split = ",", defaultValue = "4,5,6", paramLabel = "N", description = "CR_n sizes (default 4,5,6; 3..8).")
        List<Integer> sizes;

        @Option(names = "--limit", defaultValue = "3", paramLabel = "K", description = "Counterexamples shown per case (default 3).")
        int limit;

        @Override
        public Integer call() {
            for (int n : sizes) {
                if (n < 3 || n > 8) {
                    throw new InvalidInputException("--n " + n + " is out of range 3..8");
                }
            }
            for (int n : sizes) {
                CompleteRotationGraph cr = (CompleteRotationGraph) Topologies.parse("cr:" + n);
                for (FaultTolerantCheck.Placement p : FaultTolerantCheck.Placement.values()) {
                    FaultTolerantCheck.Measurement m = FaultTolerantCheck.measure(cr, p, n <= 6 ? FaultTolerantCheck.Sampling.exhaustive()
                            : new FaultTolerantCheck.Sampling(60, 200, 1));
                    System.out.println(m.describe());
                    m.counterexamples().stream().limit(limit).forEach(c -> System.out.println("    counterexample: " + c.describe(cr)));
                }
            }
            return 0;
        }
    }

    static List<String> names(Object[] values) {
        return Arrays.stream(values).map(Object::toString).toList();
    }
}
