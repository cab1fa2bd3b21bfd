package icn.scenarios;

import icn.node.broadcast.BroadcastPrograms;
import com.typesafe.config.Config;
import icn.protocols.BroadcastAlgorithm;
import icn.protocols.InvalidInputException;
import icn.protocols.topology.Topologies;
import icn.protocols.Topology;
import icn.scenarios.broadcast.BroadcastChecks;
import icn.node.engine.EngineKind;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A broadcast experiment read from a HOCON scenario file: every combination of topology, algorithm, number of pipelined messages B,
 * number of JVMs and partitioning is one run. A scenario runs what {@code icn broadcast} runs: Algorithms 4 and 5 of 001 and the
 * broadcasting sequences of 001 §8 on SCC_n, one-port and multi-port on ccc:N, hypercube:N and star:N, flooding and
 * flooding-one-port on any network ({@link BroadcastChecks}). Keys and defaults:
 *
 * <pre>
 * name            = default                       # required unless the file name supplies it
 * kind            = broadcast
 * topologies      = ["scc:4", "scc:5", "scc:6", "scc:7"]   # any network; quoted: ':' ends an unquoted HOCON string
 * algorithms      = [one-port, multi-port]        # or flooding, flooding-one-port, cyclic-seq, ...
 * messages        = [1]
 * source          = "&lt;2,1234&gt;"                  # optional; default: node 0 (on SCC_n ⟨2, 12…n⟩)
 * seed            = 1
 * engine          = actor                         # or sequential
 * hosts-per-jvm   = 2
 * jvms            = [1]
 * partitionings   = [supernode]
 * lateral-latency = 1                             # ticks a lateral link takes (001 Theorem 11); one-port and multi-port
 * theorem11       = false                         # true: R by 001 Theorem 11 and §12
 * </pre>
 *
 * <p>Every error is one {@link InvalidInputException} line that names the bad key or value. Every algorithm, B and the source are
 * checked against every topology when the scenario is made, before anything runs.
 */
public record BroadcastScenario(String name, List<String> topologies, List<String> algorithms, List<Integer> messages,
        Optional<String> source, long seed, EngineKind engine, int hostsPerJvm, List<Integer> jvms, List<String> partitionings,
        int lateralLatency, boolean theorem11) implements Scenario {

    /** The keys a scenario file may have, in the order they are documented. */
    public static final List<String> KEYS =
            List.of("name", "kind", "topologies", "algorithms", "messages", "source", "seed", "engine", "hosts-per-jvm", "jvms",
                    "partitionings", "lateral-latency", "theorem11");
    public static final String KIND = "broadcast";

    static final List<String> DEFAULT_TOPOLOGIES = List.of("scc:4", "scc:5", "scc:6", "scc:7");
    static final List<String> DEFAULT_ALGORITHMS = List.of("one-port", "multi-port");
    static final List<Integer> DEFAULT_MESSAGES = List.of(1);
    static final List<String> DEFAULT_PARTITIONINGS = List.of("supernode");

    public BroadcastScenario {
        Objects.requireNonNull(source, "source");
        name = ScenarioChecks.checkName(Objects.requireNonNull(name, "name"));
        topologies = ScenarioChecks.nonEmpty("topologies", topologies).stream().map(ScenarioChecks::checkTopology).toList();
        algorithms = ScenarioChecks.nonEmpty("algorithms", algorithms).stream().map(BroadcastScenario::checkAlgorithm).toList();
        messages = ScenarioChecks.nonEmpty("messages", messages).stream().map(BroadcastScenario::checkMessages).toList();
        source = source.map(BroadcastScenario::checkSourceSyntax);
        Objects.requireNonNull(engine, "engine");
        ScenarioChecks.checkHostsPerJvm(hostsPerJvm);
        jvms = ScenarioChecks.nonEmpty("jvms", jvms).stream().map(ScenarioChecks::checkJvms).toList();
        partitionings = ScenarioChecks.nonEmpty("partitionings", partitionings).stream().map(ScenarioChecks::checkPartitioning).toList();
        checkLateralLatency(lateralLatency, theorem11);
        for (String name1 : topologies) {
            Topology t = Topologies.parse(name1);
            for (String a : algorithms) {
                BroadcastAlgorithm alg = BroadcastAlgorithm.parse(a);
                int r = BroadcastChecks.lateralLatency(t, alg, lateralLatency, theorem11);
                BroadcastChecks.Form form;
                try {
                    form = BroadcastChecks.form(t, alg, r, theorem11, BroadcastChecks.Names.SCENARIO);
                } catch (InvalidInputException e) {
                    throw new InvalidInputException("algorithms: " + e.getMessage());
                }
                for (int b : messages) {
                    BroadcastChecks.checkMessages(t, alg, form, r, b, BroadcastChecks.Names.SCENARIO);
                }
            }
            sourceNode(t, source);
        }
    }

    /** A scenario of the broadcasts of 001 with lateral links as fast as local ones. */
    public BroadcastScenario(String name, List<String> topologies, List<String> algorithms, List<Integer> messages,
            Optional<String> source, long seed, EngineKind engine, int hostsPerJvm, List<Integer> jvms, List<String> partitionings) {
        this(name, topologies, algorithms, messages, source, seed, engine, hostsPerJvm, jvms, partitionings, 1, false);
    }

    /** A scenario on one JVM, whole supernodes per host. */
    public BroadcastScenario(String name, List<String> topologies, List<String> algorithms, List<Integer> messages,
            Optional<String> source, long seed, EngineKind engine, int hostsPerJvm) {
        this(name, topologies, algorithms, messages, source, seed, engine, hostsPerJvm, ScenarioChecks.DEFAULT_JVMS, DEFAULT_PARTITIONINGS);
    }

    static void checkLateralLatency(int r, boolean theorem11) {
        if (r < 1) {
            throw new InvalidInputException("lateral-latency must be at least 1 tick, not " + r);
        }
        if (r != 1 && theorem11) {
            throw new InvalidInputException("theorem11: give either lateral-latency or theorem11 = true, not both");
        }
    }

    /** How {@code algorithm} broadcasts on {@code topology} in this scenario, and with which R ({@link BroadcastChecks}). */
    public BroadcastChecks.Form form(Topology topology, BroadcastAlgorithm algorithm) {
        return BroadcastChecks.form(topology, algorithm, lateralLatency(topology, algorithm), theorem11, BroadcastChecks.Names.SCENARIO);
    }

    /** R, the ticks a lateral link takes, for {@code algorithm} on {@code topology}. */
    public int lateralLatency(Topology topology, BroadcastAlgorithm algorithm) {
        return BroadcastChecks.lateralLatency(topology, algorithm, lateralLatency, theorem11);
    }

    /** This scenario with other numbers of JVMs. */
    public BroadcastScenario withJvms(List<Integer> k) {
        return new BroadcastScenario(name, topologies, algorithms, messages, source, seed, engine, hostsPerJvm, k, partitionings,
                lateralLatency, theorem11);
    }

    /** The largest number of JVMs a run of this scenario uses: the size of the cluster it needs. */
    @Override
    public int clusterSize() {
        return jvms.stream().mapToInt(Integer::intValue).max().orElse(1);
    }

    /** Reads a parsed scenario; {@code name} is required. */
    public static BroadcastScenario parse(Config config) {
        return new ScenarioReader(config, "scenario", Optional.empty()).read();
    }

    /** Reads a scenario file; a missing {@code name} defaults to the file name without {@code .conf}. */
    public static BroadcastScenario load(Path file) {
        return broadcast(Scenario.load(file));
    }

    /** Reads a scenario shipped on the classpath under {@code scenarios/}; see {@link Scenario#load(String)}. */
    public static BroadcastScenario load(String resourceName) {
        return broadcast(Scenario.load(resourceName));
    }

    private static BroadcastScenario broadcast(Scenario scenario) {
        if (scenario instanceof BroadcastScenario b) {
            return b;
        }
        throw new InvalidInputException("scenario '" + scenario.name() + "' is a " + RoutingScenario.KIND + " scenario, not a " + KIND + " one");
    }

    /**
     * The node id the broadcast starts from in {@code topology}: the scenario's source label, in the topology's notation (on SCC_n
     * its n must be the topology's), or node 0 (on SCC_n ⟨2, 12…n⟩) if the scenario names none.
     */
    public int sourceNode(Topology topology) {
        return sourceNode(topology, source);
    }

    private static int sourceNode(Topology topology, Optional<String> source) {
        try {
            return BroadcastChecks.sourceNode(topology, source.orElse(null));
        } catch (InvalidInputException e) {
            throw new InvalidInputException("source: " + e.getMessage());
        }
    }

    /** The text of the source node's label in {@code topology}. */
    public String sourceLabel(Topology topology) {
        return topology.label(sourceNode(topology));
    }

    /** Checks that the source label (if any) is a node of every topology of the scenario (the constructor has checked it already). */
    public void checkSourceFitsEveryTopology() {
        for (String topology : topologies) {
            sourceNode(Topologies.parse(topology));
        }
    }

    /** How many runs this scenario makes: one per topology, algorithm and B. */
    public int runCount() {
        return topologies.size() * algorithms.size() * messages.size() * jvms.size() * partitionings.size();
    }

    // ---- checks of the keys only a broadcast scenario has; messages name the key and carry no location

    static String checkAlgorithm(String algorithm) {
        try {
            return BroadcastAlgorithm.parse(algorithm.strip()).key();
        } catch (InvalidInputException e) {
            throw new InvalidInputException("algorithms: " + e.getMessage());
        }
    }

    static Integer checkMessages(Integer b) {
        if (b == null || b < 1) {
            throw new InvalidInputException("messages: " + b + " is too small: every B must be at least 1");
        }
        if (b > BroadcastPrograms.MAX_MESSAGES) {
            throw new InvalidInputException("messages: " + b + " is too large: B is at most " + BroadcastPrograms.MAX_MESSAGES);
        }
        return b;
    }

    /** The source label as given; it is parsed against every topology by the constructor, in each topology's notation. */
    static String checkSourceSyntax(String source) {
        if (source.isBlank()) {
            throw new InvalidInputException("source: the label is empty: give one such as \"<2,1234>\" or leave source out");
        }
        return source.strip();
    }

}
