package icn.scenarios;

import icn.node.kind.NetworkPrograms;
import icn.node.kind.RouteSources;
import icn.protocols.BroadcastAlgorithm;
import icn.protocols.InvalidInputException;
import icn.protocols.topology.Topologies;
import icn.protocols.Topology;
import icn.protocols.fault.FaultSpec;
import icn.protocols.wire.RoutingSpec;
import icn.node.engine.EngineKind;
import icn.node.engine.RunSettings;
import icn.scenarios.faults.FaultExperiments;
import icn.scenarios.kind.NetworkPapers;
import icn.scenarios.faults.KillJvmExperiment;
import icn.scenarios.routing.RouteSweep;
import java.util.List;
import java.util.Objects;

/**
 * A fault experiment read from a HOCON scenario file ({@code kind = faults}): coverage curves of broadcasts or delivery and stretch
 * curves of routing against 0..max-faults random node or link faults, {@code seeds} seeds per point. Keys and defaults:
 *
 * <pre>
 * name       = faults
 * kind       = faults
 * experiment = coverage                  # or routing
 * topologies = ["scc:5", "scc:6"]        # any network
 * algorithms = [one-port, multi-port, flooding]   # default: each network's own, as icn faults coverage / routing choose them
 *                                                # (coverage: these on scc:N, flooding elsewhere; routing: dfs, greedy on scc:N)
 * fault-kind = node                      # or link
 * max-faults = 10
 * seeds      = 100
 * seed       = 1
 * engine     = actor                     # or sequential
 * mode       = distributed               # routing only; default: distributed where a routing has that form, else source
 * sweep      = "sample:200"              # routing only
 * faults { loss = 0.0, extra-delay { } } # applied to every run (the keys of a --faults file, random counts and events excluded)
 * </pre>
 *
 * <p>{@code experiment = kill-jvm}: a worker JVM killed mid-broadcast ({@link KillJvmExperiment}) on one network and one algorithm
 * (default: Algorithm 4 on SCC_6, flooding elsewhere), with {@code jvms = 3}, {@code hosts-per-jvm = 1}, {@code kill = "2@14"}
 * (default: the last worker in the middle of the fault-free run) and {@code policies = [continue, abort]}; the curve keys are
 * refused with it, and its keys with the curves.
 */
public record FaultScenario(String name, String experiment, List<String> topologies, List<String> algorithms, FaultExperiments.Kind faultKind,
        int maxFaults, int seeds, long seed, EngineKind engine, String mode, String sweep, FaultSpec base, KillSettings killSettings)
        implements Scenario {

    public static final String KIND = "faults";
    public static final List<String> KEYS = List.of("name", "kind", "experiment", "topologies", "algorithms", "fault-kind", "max-faults",
            "seeds", "seed", "engine", "mode", "sweep", "faults", "jvms", "hosts-per-jvm", "kill", "policies");
    /** The keys only {@code experiment = kill-jvm} reads. */
    public static final List<String> KILL_KEYS = List.of("jvms", "hosts-per-jvm", "kill", "policies");
    /** The keys only the curve experiments (coverage, routing) read. */
    public static final List<String> CURVE_KEYS = List.of("fault-kind", "max-faults", "seeds", "mode", "sweep");

    /** The kill-jvm experiment's settings: JVMs of the cluster, the kill ({@code null}: the default), the member-loss policies. */
    public record KillSettings(int jvms, int hostsPerJvm, FaultSpec.KillJvm kill, List<String> policies) {
        public KillSettings {
            ScenarioChecks.checkJvms(jvms);
            ScenarioChecks.checkHostsPerJvm(hostsPerJvm);
            policies = KillJvmExperiment.checkPolicies(policies);
        }
    }

    public FaultScenario {
        name = ScenarioChecks.checkName(Objects.requireNonNull(name, "name"));
        if (experiment.equals("kill-jvm")) {
            checkKill(topologies, algorithms, engine, base, killSettings);
        } else if (!experiment.equals("coverage") && !experiment.equals("routing")) {
            throw new InvalidInputException("experiment must be coverage, routing or kill-jvm, not '" + experiment + "'");
        }
        Objects.requireNonNull(engine, "engine");
        if (maxFaults < 0 || maxFaults > 10_000) {
            throw new InvalidInputException("max-faults must be 0..10000, not " + maxFaults);
        }
        if (seeds < 1 || seeds > 100_000) {
            throw new InvalidInputException("seeds must be 1..100000, not " + seeds);
        }
        if (!base.events().isEmpty() || base.randomNodes() > 0 || base.randomLinks() > 0) {
            throw new InvalidInputException("faults: a fault experiment draws its own random faults; give only loss and extra-delay here");
        }
        topologies = List.copyOf(topologies);
        algorithms = List.copyOf(algorithms);
        for (String t : experiment.equals("kill-jvm") ? List.<String>of() : topologies) {
            Topology topology = prefixed("topologies", () -> Topologies.parse(t));
            if (!experiment.equals("coverage")) {
                prefixed("sweep", () -> {
                    RouteSweep.checkSweep(topology, sweep);
                    return sweep;
                });
            }
            for (String a : algorithms.isEmpty() ? defaultAlgorithms(experiment, topology) : algorithms) {
                prefixed("algorithms", () -> {
                    if (experiment.equals("coverage")) {
                        BroadcastAlgorithm alg = BroadcastAlgorithm.parse(a);
                        if (!alg.anyTopology() && !NetworkPrograms.of(topology).papersBroadcasts()) {
                            throw new InvalidInputException(alg.key() + " (001 Algorithms 4 and 5) is defined for scc:N, not " + t);
                        }
                    } else {
                        RouteSources.of(topology, new RoutingSpec(a, FaultExperiments.modeOf(topology, a, mode), sweep, seed));
                    }
                    return a;
                });
            }
        }
    }

    /** {@code check}'s refusal, prefixed with the key it concerns (so the reader can give that key's line). */
    private static <T> T prefixed(String key, java.util.function.Supplier<T> check) {
        try {
            return check.get();
        } catch (InvalidInputException e) {
            throw new InvalidInputException(key + ": " + e.getMessage());
        }
    }

    /** The algorithms of the curves on {@code topology}: those listed, or without {@code algorithms} the network's own. */
    public List<String> algorithmsFor(Topology topology) {
        return algorithms.isEmpty() ? defaultAlgorithms(experiment, topology) : algorithms;
    }

    /**
     * What {@code icn faults coverage} and {@code icn faults routing} compare on {@code topology} without {@code --algorithms}: coverage
     * of Algorithms 4 and 5 beside flooding on SCC_n, flooding elsewhere; routing: dfs beside greedy on SCC_n, CR_n's
     * fault-tolerant route beside its optimal one (003), dfs beside the network's standard routing elsewhere.
     */
    public static List<String> defaultAlgorithms(String experiment, Topology topology) {
        NetworkPapers.Entry papers = NetworkPapers.of(topology);
        return switch (experiment) {
            case "routing" -> papers.faultRoutings().apply(topology);
            case "kill-jvm" -> List.of(); // the network's default
            default -> papers.coverage();
        };
    }

    private static void checkKill(List<String> topologies, List<String> algorithms, EngineKind engine, FaultSpec base, KillSettings k) {
        if (k == null) {
            throw new InvalidInputException("experiment = kill-jvm needs its settings");
        }
        if (topologies.size() != 1 || algorithms.size() > 1) {
            throw new InvalidInputException("experiment = kill-jvm runs one broadcast: give one topology and at most one algorithm");
        }
        if (!engine.actors()) {
            throw new InvalidInputException("experiment = kill-jvm kills a real JVM: it needs engine = actor");
        }
        if (!base.isEmpty()) {
            throw new InvalidInputException("faults: experiment = kill-jvm injects only the kill; leave the faults block out");
        }
        setup(topologies, algorithms, k, 1); // refuses a kill that cannot happen, before any JVM starts
    }

    private static KillJvmExperiment.Setup setup(List<String> topologies, List<String> algorithms, KillSettings k, long seed) {
        Topology t = Topologies.parse(topologies.get(0));
        BroadcastAlgorithm a = algorithms.isEmpty() ? KillJvmExperiment.defaultAlgorithm(t) : BroadcastAlgorithm.parse(algorithms.get(0));
        return KillJvmExperiment.setup(t, a, 0, k.kill(), new RunSettings(EngineKind.ACTORS, k.jvms(), k.hostsPerJvm(),
                icn.protocols.Partition.Kind.SUPERNODE, seed));
    }

    /** The kill-jvm experiment this scenario asks for (from node 0, supernode partitioning). */
    public KillJvmExperiment.Setup killSetup() {
        return setup(topologies, algorithms, killSettings, seed);
    }

    @Override
    public int clusterSize() {
        return experiment.equals("kill-jvm") ? killSettings.jvms() : 1;
    }
}
