package icn.scenarios;

import icn.node.broadcast.BroadcastPrograms;
import com.typesafe.config.Config;
import com.typesafe.config.ConfigException;
import com.typesafe.config.ConfigFactory;
import com.typesafe.config.ConfigParseOptions;
import icn.protocols.BroadcastAlgorithm;
import icn.protocols.InvalidInputException;
import icn.protocols.topology.Scc;
import icn.protocols.Topologies;
import icn.protocols.Topology;
import icn.scenarios.broadcast.BroadcastChecks;
import icn.scenarios.broadcast.BroadcastExperiment;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

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
        Optional<String> source, long seed, String engine, int hostsPerJvm, List<Integer> jvms, List<String> partitionings,
        int lateralLatency, boolean theorem11) implements Scenario {

    /** The keys a scenario file may have, in the order they are documented. */
    public static final List<String> KEYS =
            List.of("name", "kind", "topologies", "algorithms", "messages", "source", "seed", "engine", "hosts-per-jvm", "jvms",
                    "partitionings", "lateral-latency", "theorem11");
    public static final List<String> ENGINES = List.of("actor", "sequential");
    public static final String KIND = "broadcast";

    static final List<String> DEFAULT_TOPOLOGIES = List.of("scc:4", "scc:5", "scc:6", "scc:7");
    static final List<String> DEFAULT_ALGORITHMS = List.of("one-port", "multi-port");
    static final List<Integer> DEFAULT_MESSAGES = List.of(1);
    static final long DEFAULT_SEED = 1;
    static final String DEFAULT_ENGINE = "actor";
    static final int DEFAULT_HOSTS_PER_JVM = 2;
    static final List<Integer> DEFAULT_JVMS = List.of(1);
    static final List<String> DEFAULT_PARTITIONINGS = List.of("supernode");
    private static final String RESOURCE_DIR = "scenarios/";
    private static final Pattern SCC = Pattern.compile("\\s*scc\\s*:\\s*(\\d{1,9})\\s*", Pattern.CASE_INSENSITIVE);

    public BroadcastScenario {
        Objects.requireNonNull(source, "source");
        name = checkName(Objects.requireNonNull(name, "name"));
        topologies = nonEmpty("topologies", topologies).stream().map(BroadcastScenario::checkTopology).toList();
        algorithms = nonEmpty("algorithms", algorithms).stream().map(BroadcastScenario::checkAlgorithm).toList();
        messages = nonEmpty("messages", messages).stream().map(BroadcastScenario::checkMessages).toList();
        source = source.map(BroadcastScenario::checkSourceSyntax);
        engine = checkEngine(Objects.requireNonNull(engine, "engine"));
        checkHostsPerJvm(hostsPerJvm);
        jvms = nonEmpty("jvms", jvms).stream().map(BroadcastScenario::checkJvms).toList();
        partitionings = nonEmpty("partitionings", partitionings).stream().map(BroadcastScenario::checkPartitioning).toList();
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
            Optional<String> source, long seed, String engine, int hostsPerJvm, List<Integer> jvms, List<String> partitionings) {
        this(name, topologies, algorithms, messages, source, seed, engine, hostsPerJvm, jvms, partitionings, 1, false);
    }

    /** A scenario on one JVM, whole supernodes per host. */
    public BroadcastScenario(String name, List<String> topologies, List<String> algorithms, List<Integer> messages,
            Optional<String> source, long seed, String engine, int hostsPerJvm) {
        this(name, topologies, algorithms, messages, source, seed, engine, hostsPerJvm, DEFAULT_JVMS, DEFAULT_PARTITIONINGS);
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

    static Integer checkJvms(Integer k) {
        if (k == null || k < 1 || k > BroadcastExperiment.Settings.MAX_JVMS) {
            throw new InvalidInputException("jvms: " + k + " is out of range 1.." + BroadcastExperiment.Settings.MAX_JVMS);
        }
        return k;
    }

    static String checkPartitioning(String p) {
        try {
            return icn.protocols.Partition.Kind.parse(p).key();
        } catch (InvalidInputException e) {
            throw new InvalidInputException("partitionings: " + e.getMessage());
        }
    }

    /** Checks a --jvms option the way the jvms key is checked. */
    public static void checkJvmsOption(int k) {
        if (k < 1 || k > BroadcastExperiment.Settings.MAX_JVMS) {
            throw new InvalidInputException("--jvms " + k + " is out of range 1.." + BroadcastExperiment.Settings.MAX_JVMS);
        }
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

    static Config parseFile(Path file) {
        String fileName = file.getFileName() == null ? file.toString() : file.getFileName().toString();
        if (!Files.isRegularFile(file)) {
            throw new InvalidInputException(file + ": no such scenario file");
        }
        Config config;
        try {
            config = ConfigFactory.parseFile(file.toFile(), ConfigParseOptions.defaults().setAllowMissing(false)).resolve();
        } catch (ConfigException e) {
            throw new InvalidInputException(fileName + ": " + oneLine(e));
        }
        return config;
    }

    static String resourcePath(String resourceName) {
        String path = resourceName.contains("/") ? resourceName : RESOURCE_DIR + resourceName;
        return path.endsWith(".conf") ? path : path + ".conf";
    }

    static Config parseResource(String resourceName) {
        String path = resourcePath(resourceName);
        ClassLoader loader = BroadcastScenario.class.getClassLoader();
        String fileName = path.substring(path.lastIndexOf('/') + 1);
        if (loader.getResource(path) == null) {
            throw new InvalidInputException("no built-in scenario '" + resourceName + "' (looked for " + path + " on the classpath)");
        }
        Config config;
        try {
            config = ConfigFactory.parseResources(loader, path, ConfigParseOptions.defaults().setAllowMissing(false)).resolve();
        } catch (ConfigException e) {
            throw new InvalidInputException(fileName + ": " + oneLine(e));
        }
        return config;
    }

    /** The n of a topology name {@code scc:N}. */
    public static int sccN(String topology) {
        return Integer.parseInt(matchScc(topology).group(1));
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

    // ---- checks shared by the constructor and the reader; messages name the key and carry no location

    static String checkName(String name) {
        if (name.isBlank()) {
            throw new InvalidInputException("name must not be empty");
        }
        return name.strip();
    }

    static String checkKind(String kind) {
        List<String> kinds = List.of(KIND, RoutingScenario.KIND, FaultScenario.KIND, TrafficScenario.KIND);
        if (!kinds.contains(kind.strip())) {
            throw new InvalidInputException("kind '" + kind + "' is not supported: kinds are " + String.join(", ", kinds.subList(0, 3))
                    + " and " + kinds.get(3));
        }
        return kind.strip();
    }

    static String checkTopology(String topology) {
        Matcher scc = SCC.matcher(topology);
        try {
            return Topologies.parse(scc.matches() ? "scc:" + scc.group(1) : topology).name(); // "SCC: 9" as before any network was
        } catch (InvalidInputException e) {
            throw new InvalidInputException("topologies: " + e.getMessage());
        }
    }

    private static Matcher matchScc(String topology) {
        Matcher m = SCC.matcher(topology);
        if (!m.matches()) {
            throw new InvalidInputException("topologies: '" + topology + "' is not a topology: expected scc:N with N in "
                    + Scc.MIN_N + ".." + Scc.MAX_N + " (quoted in HOCON: \"scc:5\")");
        }
        return m;
    }

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

    static String checkEngine(String engine) {
        if (!ENGINES.contains(engine.strip())) {
            throw new InvalidInputException("engine '" + engine + "' is unknown: allowed engines are " + String.join(", ", ENGINES));
        }
        return engine.strip();
    }

    static void checkHostsPerJvm(int hosts) {
        if (hosts < 1) {
            throw new InvalidInputException("hosts-per-jvm must be at least 1, got " + hosts);
        }
    }

    private static <T> List<T> nonEmpty(String key, List<T> list) {
        Objects.requireNonNull(list, key);
        if (list.isEmpty()) {
            throw new InvalidInputException(key + " must not be empty");
        }
        return new ArrayList<>(list);
    }

    static String stripConf(String fileName) {
        return fileName.endsWith(".conf") ? fileName.substring(0, fileName.length() - ".conf".length()) : fileName;
    }

    /** The first line of a Typesafe Config error, its origin rewritten as "line N: ". */
    static String oneLine(ConfigException e) {
        String message = String.valueOf(e.getMessage());
        if (e.origin() != null) {
            String prefix = e.origin().description() + ": ";
            if (message.startsWith(prefix)) {
                message = message.substring(prefix.length());
                if (e.origin().lineNumber() > 0) {
                    message = "line " + e.origin().lineNumber() + ": " + message;
                }
            }
        }
        int newline = message.indexOf('\n');
        return (newline >= 0 ? message.substring(0, newline) : message).strip();
    }
}
