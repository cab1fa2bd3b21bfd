package icn.scenarios;

import icn.node.engine.EngineKind;
import icn.node.engine.RunSettings;
import icn.protocols.InvalidInputException;
import icn.protocols.topology.Topologies;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The keys every kind of scenario shares (name, kind, seed, engine, hosts per JVM, JVMs) with their defaults and checks, and the
 * checks of topologies and partitionings. A refusal is one line that names the key and carries no location: the reader adds the
 * file and line.
 */
public final class ScenarioChecks {

    static final long DEFAULT_SEED = 1;
    static final EngineKind DEFAULT_ENGINE = EngineKind.DEFAULT;
    static final int DEFAULT_HOSTS_PER_JVM = 2;
    static final List<Integer> DEFAULT_JVMS = List.of(1);
    private static final Pattern SCC = Pattern.compile("\\s*scc\\s*:\\s*(\\d{1,9})\\s*", Pattern.CASE_INSENSITIVE);

    private ScenarioChecks() {
    }

    static String checkName(String name) {
        if (name.isBlank()) {
            throw new InvalidInputException("name must not be empty");
        }
        return name.strip();
    }

    static String checkKind(String kind) {
        List<String> kinds = List.of(BroadcastScenario.KIND, RoutingScenario.KIND, FaultScenario.KIND, TrafficScenario.KIND);
        if (!kinds.contains(kind.strip())) {
            throw new InvalidInputException("kind '" + kind + "' is not supported: kinds are " + String.join(", ", kinds.subList(0, 3))
                    + " and " + kinds.get(3));
        }
        return kind.strip();
    }

    /** The engine a scenario names. */
    static EngineKind checkEngine(String engine) {
        try {
            return EngineKind.parse(engine.strip());
        } catch (InvalidInputException e) {
            throw new InvalidInputException("engine '" + engine + "' is unknown: allowed engines are " + String.join(", ", EngineKind.keys()));
        }
    }

    static void checkHostsPerJvm(int hosts) {
        if (hosts < 1) {
            throw new InvalidInputException("hosts-per-jvm must be at least 1, got " + hosts);
        }
    }

    static Integer checkJvms(Integer k) {
        if (k == null || k < 1 || k > RunSettings.MAX_JVMS) {
            throw new InvalidInputException("jvms: " + k + " is out of range 1.." + RunSettings.MAX_JVMS);
        }
        return k;
    }

    /** Checks a --jvms option the way the jvms key is checked. */
    public static void checkJvmsOption(int k) {
        if (k < 1 || k > RunSettings.MAX_JVMS) {
            throw new InvalidInputException("--jvms " + k + " is out of range 1.." + RunSettings.MAX_JVMS);
        }
    }

    static String checkPartitioning(String p) {
        try {
            return icn.protocols.Partition.Kind.parse(p).key();
        } catch (InvalidInputException e) {
            throw new InvalidInputException("partitionings: " + e.getMessage());
        }
    }

    static String checkTopology(String topology) {
        Matcher scc = SCC.matcher(topology);
        try {
            return Topologies.parse(scc.matches() ? "scc:" + scc.group(1) : topology).name(); // "SCC: 9" as before any network was
        } catch (InvalidInputException e) {
            throw new InvalidInputException("topologies: " + e.getMessage());
        }
    }

    static <T> List<T> nonEmpty(String key, List<T> list) {
        Objects.requireNonNull(list, key);
        if (list.isEmpty()) {
            throw new InvalidInputException(key + " must not be empty");
        }
        return new ArrayList<>(list);
    }

}
