package icn.scenarios;

import icn.node.packet.RouteSources;
import icn.node.routing.RoutingAlgorithm;
import icn.protocols.InvalidInputException;
import icn.protocols.LinkLatency;
import icn.protocols.Scc;
import icn.protocols.wire.RoutingSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A routing experiment read from a HOCON scenario file: every combination of topology, routing algorithm, mode and number of JVMs is
 * one sweep of packets through the node actors. Keys and defaults:
 *
 * <pre>
 * name            = routing                   # required unless the file name supplies it
 * kind            = routing                   # required for this kind
 * topologies      = ["scc:3", "scc:4", "scc:5", "scc:6", "scc:7", "scc:8"]
 * algorithms      = [minimal, greedy, random, near-minimal, optimal-001]
 * modes           = [source]                  # and/or distributed (random, greedy, near-minimal only)
 * sweep           = to-identity               # or all-pairs, sample:M
 * seed            = 1
 * engine          = actor                     # or sequential
 * hosts-per-jvm   = 2
 * jvms            = [1]
 * lateral-latency = 1                         # steps per lateral link (001 Theorem 11)
 * local-latency   = 1
 * </pre>
 */
public record RoutingScenario(String name, List<String> topologies, List<String> algorithms, List<String> modes, String sweep,
        long seed, String engine, int hostsPerJvm, List<Integer> jvms, LinkLatency latency) implements Scenario {

    public static final String KIND = "routing";
    public static final List<String> KEYS = List.of("name", "kind", "topologies", "algorithms", "modes", "sweep", "seed", "engine",
            "hosts-per-jvm", "jvms", "lateral-latency", "local-latency");

    static final List<String> DEFAULT_TOPOLOGIES = List.of("scc:3", "scc:4", "scc:5", "scc:6", "scc:7", "scc:8");
    static final List<String> DEFAULT_ALGORITHMS = List.of("minimal", "greedy", "random", "near-minimal", "optimal-001");
    static final List<String> DEFAULT_MODES = List.of("source");
    static final String DEFAULT_SWEEP = "to-identity";

    public RoutingScenario {
        name = BroadcastScenario.checkName(Objects.requireNonNull(name, "name"));
        topologies = nonEmpty("topologies", topologies).stream().map(BroadcastScenario::checkTopology).toList();
        algorithms = nonEmpty("algorithms", algorithms).stream().map(RoutingScenario::checkAlgorithm).toList();
        modes = nonEmpty("modes", modes).stream().map(RoutingScenario::checkMode).toList();
        engine = BroadcastScenario.checkEngine(Objects.requireNonNull(engine, "engine"));
        BroadcastScenario.checkHostsPerJvm(hostsPerJvm);
        jvms = nonEmpty("jvms", jvms).stream().map(BroadcastScenario::checkJvms).toList();
        Objects.requireNonNull(latency, "latency");
        for (String t : topologies) {
            Scc scc = Scc.of(BroadcastScenario.sccN(t));
            RouteSweep.checkSweep(scc, sweep);
            for (String a : algorithms) {
                for (String m : modes) {
                    RouteSources.of(scc, new RoutingSpec(a, m, "pair:0:0", seed)); // refuses distributed minimal and optimal-001
                }
            }
        }
    }

    @Override
    public int clusterSize() {
        return jvms.stream().mapToInt(Integer::intValue).max().orElse(1);
    }

    /** How many sweeps the scenario makes. */
    public int runCount() {
        return topologies.size() * algorithms.size() * modes.size() * jvms.size();
    }

    /** This scenario with other numbers of JVMs. */
    public RoutingScenario withJvms(List<Integer> k) {
        return new RoutingScenario(name, topologies, algorithms, modes, sweep, seed, engine, hostsPerJvm, k, latency);
    }

    static String checkAlgorithm(String algorithm) {
        RoutingAlgorithm a;
        try {
            a = RoutingAlgorithm.parse(algorithm.strip());
        } catch (InvalidInputException e) {
            throw new InvalidInputException("algorithms: " + e.getMessage());
        }
        if (!a.fromPapers()) {
            throw new InvalidInputException("algorithms: " + a.key() + " is not one of the papers' algorithms this scenario sets beside 000's"
                    + " expressions; measure it with kind = faults (experiment = routing) or icn route");
        }
        return a.key();
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
