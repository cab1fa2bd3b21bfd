package icn.scenarios;

import icn.node.engine.EngineKind;
import icn.node.kind.RouteSources;
import icn.node.routing.DfsRouting;
import icn.node.kind.Routings;
import icn.protocols.InvalidInputException;
import icn.protocols.LinkLatency;
import icn.protocols.topology.Topologies;
import icn.protocols.Topology;
import icn.protocols.wire.RoutingSpec;
import icn.scenarios.routing.RouteSweep;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A routing experiment read from a HOCON scenario file: every combination of topology, routing algorithm, mode and number of JVMs is
 * one sweep of packets through the node actors. Any network may be listed; SCC_n's sweeps are set beside 000's expressions and
 * tables, the others beside BFS. Keys and defaults:
 *
 * <pre>
 * name            = routing                   # required unless the file name supplies it
 * kind            = routing                   # required for this kind
 * topologies      = ["scc:3", "scc:4", "scc:5", "scc:6", "scc:7", "scc:8"]   # any network: "cr:5", "torus:4,3", ...
 * algorithms      = [minimal, greedy, random, near-minimal, optimal-001]     # default: each network's own routings
 *                                             # any routing icn route sweeps: shortest, dimension-order, dfs, ...
 * modes           = [source]                  # and/or distributed; default: each algorithm's own, as icn route's --mode
 * hop-limit       = 0                         # dfs only: drop a packet after H hops (0: 2(N-1), icn route's default)
 * sweep           = to-identity               # or all-pairs, sample:M
 * seed            = 1
 * engine          = actor                     # or sequential
 * hosts-per-jvm   = 2
 * jvms            = [1]                       # a list repeats every sweep on each, and checks they measured the same
 * lateral-latency = 1                         # steps per lateral link (001 Theorem 11)
 * local-latency   = 1
 * </pre>
 *
 * <p>Without {@code algorithms}, each network gets its own routings ({@link Routings#routeKeys}; on SCC_n the papers' five, dfs
 * nowhere), each in every listed mode it has a form in. A listed algorithm must be a routing {@code icn route} sweeps on every listed
 * network, in every listed mode (without {@code modes}: in its own, distributed for dfs, source for the others).
 */
public record RoutingScenario(String name, List<String> topologies, List<String> algorithms, List<String> modes, String sweep,
        long seed, EngineKind engine, int hostsPerJvm, List<Integer> jvms, LinkLatency latency, int hopLimit) implements Scenario {

    public static final String KIND = "routing";
    public static final List<String> KEYS = List.of("name", "kind", "topologies", "algorithms", "modes", "sweep", "seed", "engine",
            "hosts-per-jvm", "jvms", "lateral-latency", "local-latency", "hop-limit");

    static final List<String> DEFAULT_TOPOLOGIES = List.of("scc:3", "scc:4", "scc:5", "scc:6", "scc:7", "scc:8");
    /** Without {@code modes}: each algorithm in its own mode ({@link #defaultMode}). */
    static final List<String> DEFAULT_MODES = List.of();
    static final String DEFAULT_SWEEP = "to-identity";

    /** One sweep of the scenario, before the repetitions over {@code jvms}. */
    public record Sweep(String topology, String algorithm, String mode) {
    }

    /**
     * {@code algorithms} empty: each network's own routings; {@code modes} empty: each algorithm in its own mode; {@code hopLimit} 0:
     * dfs's own.
     */
    public RoutingScenario {
        name = ScenarioChecks.checkName(Objects.requireNonNull(name, "name"));
        topologies = nonEmpty("topologies", topologies).stream().map(RoutingScenario::checkTopology).toList();
        algorithms = List.copyOf(Objects.requireNonNull(algorithms, "algorithms")).stream().map(String::strip).toList();
        modes = List.copyOf(Objects.requireNonNull(modes, "modes")).stream().map(RoutingScenario::checkMode).toList();
        if (hopLimit < 0 || (hopLimit > 0 && !algorithms.contains(DfsRouting.KEY))) {
            throw new InvalidInputException(hopLimit < 0 ? "hop-limit must be at least 1, not " + hopLimit
                    : "hop-limit is for algorithms = [dfs]");
        }
        Objects.requireNonNull(engine, "engine");
        ScenarioChecks.checkHostsPerJvm(hostsPerJvm);
        jvms = nonEmpty("jvms", jvms).stream().map(ScenarioChecks::checkJvms).toList();
        Objects.requireNonNull(latency, "latency");
        for (String t : topologies) {
            RouteSweep.checkSweep(Topologies.parse(t), sweep);
        }
        sweeps(topologies, algorithms, modes, seed); // refuses what a network does not have
    }

    /** A scenario without a hop limit (dfs's own). */
    public RoutingScenario(String name, List<String> topologies, List<String> algorithms, List<String> modes, String sweep, long seed,
            EngineKind engine, int hostsPerJvm, List<Integer> jvms, LinkLatency latency) {
        this(name, topologies, algorithms, modes, sweep, seed, engine, hostsPerJvm, jvms, latency, 0);
    }

    /** The mode {@code icn route} runs {@code algorithm} in without --mode: distributed for dfs, source otherwise. */
    static String defaultMode(String algorithm) {
        return algorithm.equals(DfsRouting.KEY) ? "distributed" : "source";
    }

    /** The routing spec of one sweep. */
    public RoutingSpec spec(Sweep sweep) {
        return new RoutingSpec(sweep.algorithm(), sweep.mode(), this.sweep, seed, sweep.algorithm().equals(DfsRouting.KEY) ? hopLimit : 0);
    }

    /** The sweeps in order: per topology, algorithm and mode. */
    public List<Sweep> sweeps() {
        return sweeps(topologies, algorithms, modes, seed);
    }

    private static List<Sweep> sweeps(List<String> topologies, List<String> algorithms, List<String> modes, long seed) {
        List<Sweep> out = new ArrayList<>();
        for (String name : topologies) {
            Topology t = Topologies.parse(name);
            boolean defaulted = algorithms.isEmpty();
            List<String> keys = defaulted ? defaultAlgorithms(t) : algorithms.stream().map(a -> checkAlgorithm(t, a)).toList();
            for (String a : keys) {
                for (String m : modes.isEmpty() ? List.of(defaultMode(a)) : modes) {
                    if (defaulted && !RouteSources.hasForm(t, a, m)) {
                        continue; // a network's own routing without a distributed form is left out of distributed mode
                    }
                    try {
                        RouteSources.of(t, new RoutingSpec(a, m, "pair:0:0", seed)); // refuses what has no form in this mode
                    } catch (InvalidInputException e) {
                        throw new InvalidInputException(t.name() + ": " + e.getMessage());
                    }
                    out.add(new Sweep(t.name(), a, m));
                }
            }
        }
        if (out.isEmpty()) {
            throw new InvalidInputException("modes: no routing of the listed networks has a form in modes " + modes);
        }
        return out;
    }

    /** A network's own routings for a routing scenario: every router but dfs (on SCC_n the papers' five). */
    static List<String> defaultAlgorithms(Topology t) {
        return Routings.routeKeys(t).stream().filter(k -> !k.equals(DfsRouting.KEY)).toList();
    }

    @Override
    public int clusterSize() {
        return jvms.stream().mapToInt(Integer::intValue).max().orElse(1);
    }

    /** How many sweeps the scenario makes. */
    public int runCount() {
        return sweeps().size() * jvms.size();
    }

    /** This scenario with other numbers of JVMs. */
    public RoutingScenario withJvms(List<Integer> k) {
        return new RoutingScenario(name, topologies, algorithms, modes, sweep, seed, engine, hostsPerJvm, k, latency, hopLimit);
    }

    static String checkTopology(String topology) {
        try {
            return Topologies.parse(topology.strip()).name();
        } catch (InvalidInputException e) {
            throw new InvalidInputException("topologies: " + e.getMessage());
        }
    }

    /** Syntax only, when the file is read; {@link #checkAlgorithm(Topology, String)} checks it against each network. */
    static String checkAlgorithm(String algorithm) {
        if (algorithm.isBlank()) {
            throw new InvalidInputException("algorithms: an algorithm name is empty");
        }
        return algorithm.strip();
    }

    /** As {@code icn route} checks {@code --algorithm} on {@code t}: SCC_n's algorithms, the network's routers, dfs. */
    static String checkAlgorithm(Topology t, String algorithm) {
        if (algorithm.equals(DfsRouting.KEY)) {
            try {
                RouteSources.of(t, new RoutingSpec(algorithm, "distributed", "pair:0:0", 0)); // refuses directed networks
            } catch (InvalidInputException e) {
                throw new InvalidInputException("algorithms: " + e.getMessage());
            }
            return algorithm;
        }
        try {
            Routings.router(t, algorithm);
        } catch (InvalidInputException e) {
            throw new InvalidInputException("algorithms: " + e.getMessage());
        }
        return algorithm;
    }

    static String checkMode(String mode) {
        if (!mode.strip().equals("source") && !mode.strip().equals("distributed")) {
            throw new InvalidInputException("modes: unknown routing mode '" + mode + "': expected source or distributed");
        }
        return mode.strip();
    }

    public static Integer checkLatency(Integer steps) {
        if (steps == null || steps < 1 || steps > 1000) {
            throw new InvalidInputException("latency " + steps + " is out of range 1..1000 steps");
        }
        return steps;
    }

    private static <T> List<T> nonEmpty(String key, List<T> list) {
        Objects.requireNonNull(list, key);
        if (list.isEmpty()) {
            throw new InvalidInputException(key + " must not be empty");
        }
        return new ArrayList<>(list);
    }
}
