package icn.scenarios;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigValue;
import com.typesafe.config.ConfigValueType;
import icn.node.engine.EngineKind;
import java.nio.file.Path;
import java.util.Optional;

/**
 * A scenario file of one of four kinds: {@code kind = broadcast} (the default), {@code kind = routing}, {@code kind = faults} or
 * {@code kind = traffic}.
 */
public sealed interface Scenario permits BroadcastScenario, RoutingScenario, FaultScenario, TrafficScenario {

    String name();

    long seed();

    /** The engine its runs use. */
    EngineKind engine();

    /** The largest number of JVMs a run of the scenario uses. */
    int clusterSize();

    /** Reads a scenario file; a missing {@code name} defaults to the file name without {@code .conf}. */
    static Scenario load(Path file) {
        String fileName = file.getFileName() == null ? file.toString() : file.getFileName().toString();
        return read(ScenarioFiles.parseFile(file), fileName);
    }

    /**
     * Reads a scenario shipped on the classpath under {@code scenarios/}: {@code "default"}, {@code "default.conf"} and
     * {@code "scenarios/default.conf"} name the same one.
     */
    static Scenario load(String resourceName) {
        Config config = ScenarioFiles.parseResource(resourceName);
        String path = ScenarioFiles.resourcePath(resourceName);
        return read(config, path.substring(path.lastIndexOf('/') + 1));
    }

    /** {@link #load(Path)} with the file's {@code seed} replaced by {@code seed} (the command line's --seed wins). */
    static Scenario load(Path file, long seed) {
        String fileName = file.getFileName() == null ? file.toString() : file.getFileName().toString();
        return read(withSeed(ScenarioFiles.parseFile(file), seed), fileName);
    }

    /** {@link #load(String)} with the scenario's {@code seed} replaced by {@code seed}. */
    static Scenario load(String resourceName, long seed) {
        Config config = ScenarioFiles.parseResource(resourceName);
        String path = ScenarioFiles.resourcePath(resourceName);
        return read(withSeed(config, seed), path.substring(path.lastIndexOf('/') + 1));
    }

    private static Config withSeed(Config config, long seed) {
        return config.withValue("seed", com.typesafe.config.ConfigValueFactory.fromAnyRef(seed, "--seed on the command line"));
    }

    private static Scenario read(Config config, String fileName) {
        ScenarioReader reader = new ScenarioReader(config, fileName, Optional.of(ScenarioFiles.stripConf(fileName)));
        ConfigValue kind = config.root().get("kind");
        String k = kind != null && kind.valueType() == ConfigValueType.STRING ? String.valueOf(kind.unwrapped()).strip() : "";
        if (RoutingScenario.KIND.equals(k)) {
            return reader.readRouting();
        }
        if (TrafficScenario.KIND.equals(k)) {
            return reader.readTraffic();
        }
        return FaultScenario.KIND.equals(k) ? reader.readFaults() : reader.read();
    }
}
