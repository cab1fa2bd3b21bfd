package icn.scenarios;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigList;
import com.typesafe.config.ConfigObject;
import com.typesafe.config.ConfigOrigin;
import com.typesafe.config.ConfigRenderOptions;
import com.typesafe.config.ConfigValue;
import com.typesafe.config.ConfigValueType;
import icn.protocols.InvalidInputException;
import icn.protocols.fault.FaultSpec;
import icn.node.engine.EngineKind;
import icn.node.engine.RunSettings;
import icn.scenarios.faults.FaultExperiments;
import icn.scenarios.faults.FaultReader;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.TreeSet;
import java.util.function.UnaryOperator;

/**
 * Reads the keys of one scenario file into a {@link BroadcastScenario}, strictly: HOCON's silent conversions (1.5 read as the
 * whole number 1, a single value where a list is meant) are errors here. Every error is one line that starts with the file
 * name and the line of the offending value. A key set to {@code null} counts as absent.
 */
final class ScenarioReader {

    private final ConfigObject root;
    private final String sourceName;
    private final Optional<String> fallbackName;

    ScenarioReader(Config config, String sourceName, Optional<String> fallbackName) {
        this.root = config.root();
        this.sourceName = sourceName;
        this.fallbackName = fallbackName;
    }

    BroadcastScenario read() {
        rejectUnknownKeys(BroadcastScenario.KEYS);
        string("kind").ifPresent(kind -> check("kind", kind, ScenarioChecks::checkKind));
        String name = name();
        List<String> topologies = checkStrings("topologies", stringList("topologies"), ScenarioChecks::checkTopology)
                .orElse(BroadcastScenario.DEFAULT_TOPOLOGIES);
        List<String> algorithms = checkStrings("algorithms", stringList("algorithms"), BroadcastScenario::checkAlgorithm)
                .orElse(BroadcastScenario.DEFAULT_ALGORITHMS);
        List<Integer> messages = checkInts("messages", intList("messages"), BroadcastScenario::checkMessages)
                .orElse(BroadcastScenario.DEFAULT_MESSAGES);
        Optional<String> source = string("source").map(s -> check("source", s, BroadcastScenario::checkSourceSyntax));
        long seed = seed();
        EngineKind engine = engine(ScenarioChecks.DEFAULT_ENGINE);
        int hosts = hostsPerJvm();
        List<Integer> jvms = checkInts("jvms", intList("jvms"), ScenarioChecks::checkJvms).orElse(ScenarioChecks.DEFAULT_JVMS);
        List<String> partitionings = checkStrings("partitionings", stringList("partitionings"), ScenarioChecks::checkPartitioning)
                .orElse(BroadcastScenario.DEFAULT_PARTITIONINGS);
        int lateral = (int) wholeNumber("lateral-latency", Integer.MIN_VALUE, Integer.MAX_VALUE).orElse(1L).longValue();
        boolean theorem11 = bool("theorem11").orElse(false);
        try {
            return new BroadcastScenario(name, topologies, algorithms, messages, source, seed, engine, hosts, jvms, partitionings, lateral,
                    theorem11);
        } catch (InvalidInputException e) {
            throw atKeyItNames(e, BroadcastScenario.KEYS);
        }
    }

    /**
     * A refusal of the whole scenario (an algorithm against a topology, B against an algorithm, the source against a network) at the
     * line of the key its message starts with.
     */
    private InvalidInputException atKeyItNames(InvalidInputException e, List<String> keys) {
        String message = e.getMessage();
        String key = keys.stream().filter(k -> message.startsWith(k + ":") || message.startsWith(k + " ")).findFirst().orElse(null);
        ConfigValue v = key == null ? null : root.get(key);
        return new InvalidInputException(where(v == null ? null : v.origin()) + message);
    }

    /** Reads a {@code kind = faults} scenario into a {@link FaultScenario}. */
    FaultScenario readFaults() {
        rejectUnknownKeys(FaultScenario.KEYS);
        String name = string("name").or(() -> fallbackName)
                .orElseThrow(() -> new InvalidInputException(sourceName + ": name is missing: give the scenario a name, e.g. name = my-run"));
        String experiment = string("experiment").orElse("coverage").strip();
        List<String> topologies = stringList("topologies").map(l -> l.stream().map(v -> String.valueOf(v.unwrapped()).strip()).toList())
                .orElse(experiment.equals("kill-jvm") ? List.of("scc:6") : List.of("scc:5", "scc:6"));
        List<String> algorithms = stringList("algorithms").map(l -> l.stream().map(v -> String.valueOf(v.unwrapped()).strip()).toList())
                .orElse(List.of()); // each network's own
        String kind = string("fault-kind").orElse("node").strip().replaceFirst("s$", ""); // nodes, links: as icn faults --kind
        if (!kind.equals("node") && !kind.equals("link")) {
            throw new InvalidInputException(where(root.get("fault-kind").origin()) + "fault-kind must be node or link, not '" + kind + "'");
        }
        int maxFaults = (int) wholeNumber("max-faults", 0, 10_000).orElse(10L).longValue();
        int seeds = (int) wholeNumber("seeds", 1, 100_000).orElse(100L).longValue();
        long seed = seed();
        EngineKind engine = engine(ScenarioChecks.DEFAULT_ENGINE);
        String mode = string("mode").map(String::strip).orElse(null); // each routing's own mode
        String sweep = string("sweep").orElse("sample:200").strip();
        FaultSpec base = value("faults").map(v -> {
            if (v.valueType() != ConfigValueType.OBJECT) {
                throw wrongType("faults", v, "an object such as faults { loss = 0.01 }");
            }
            return FaultReader.read(((ConfigObject) v).toConfig(), sourceName, seed);
        }).orElse(FaultSpec.none(seed));
        FaultScenario.KillSettings kill = null;
        if (experiment.equals("kill-jvm")) {
            for (String key : FaultScenario.CURVE_KEYS) {
                if (root.containsKey(key)) {
                    throw new InvalidInputException(where(root.get(key).origin()) + key + " is a key of the curve experiments (coverage,"
                            + " routing), not of kill-jvm");
                }
            }
            int jvms = (int) wholeNumber("jvms", 2, RunSettings.MAX_JVMS).orElse(3L).longValue();
            int hostsPerJvm = (int) wholeNumber("hosts-per-jvm", 1, RunSettings.MAX_HOSTS).orElse(1L).longValue();
            FaultSpec.KillJvm at = string("kill").map(k -> {
                try {
                    return FaultSpec.KillJvm.parse(k, "kill");
                } catch (InvalidInputException e) {
                    throw new InvalidInputException(where(root.get("kill").origin()) + e.getMessage());
                }
            }).orElse(null);
            List<String> policies = stringList("policies").map(l -> l.stream().map(v -> String.valueOf(v.unwrapped()).strip()).toList())
                    .orElse(List.of("continue", "abort"));
            try {
                kill = new FaultScenario.KillSettings(jvms, hostsPerJvm, at, policies);
            } catch (InvalidInputException e) {
                throw new InvalidInputException(sourceName + ": " + e.getMessage());
            }
        } else {
            for (String key : FaultScenario.KILL_KEYS) {
                if (root.containsKey(key)) {
                    throw new InvalidInputException(where(root.get(key).origin()) + key + " is a key of experiment = kill-jvm, not of "
                            + experiment);
                }
            }
        }
        try {
            return new FaultScenario(name, experiment, topologies, algorithms, kind.equals("node") ? FaultExperiments.Kind.NODES
                    : FaultExperiments.Kind.LINKS, maxFaults, seeds, seed, engine, mode, sweep, base, kill);
        } catch (InvalidInputException e) {
            throw atKeyItNames(e, FaultScenario.KEYS);
        }
    }

    /** {@code name}, or the file's name without .conf; a scenario must have one. */
    private String name() {
        String name = string("name").or(() -> fallbackName)
                .orElseThrow(() -> new InvalidInputException(sourceName + ": name is missing: give the scenario a name, e.g. name = my-run"));
        return check("name", name, ScenarioChecks::checkName);
    }

    /** {@code engine}, or {@code otherwise} where the file names none. */
    private EngineKind engine(EngineKind otherwise) {
        return string("engine").map(e -> checkAt(root.get("engine").origin(), e, ScenarioChecks::checkEngine)).orElse(otherwise);
    }

    private long seed() {
        return wholeNumber("seed", Long.MIN_VALUE, Long.MAX_VALUE).orElse(ScenarioChecks.DEFAULT_SEED);
    }

    private int hostsPerJvm() {
        int hosts = (int) wholeNumber("hosts-per-jvm", Integer.MIN_VALUE, Integer.MAX_VALUE)
                .orElse((long) ScenarioChecks.DEFAULT_HOSTS_PER_JVM).longValue();
        return check("hosts-per-jvm", hosts, h -> {
            ScenarioChecks.checkHostsPerJvm(h);
            return h;
        });
    }

    /** Reads a {@code kind = routing} scenario into a {@link RoutingScenario}. */
    RoutingScenario readRouting() {
        rejectUnknownKeys(RoutingScenario.KEYS);
        String name = name();
        List<String> topologies = checkStrings("topologies", stringList("topologies"), RoutingScenario::checkTopology)
                .orElse(RoutingScenario.DEFAULT_TOPOLOGIES);
        List<String> algorithms = checkStrings("algorithms", stringList("algorithms"), RoutingScenario::checkAlgorithm)
                .orElse(List.of()); // each network's own
        List<String> modes = checkStrings("modes", stringList("modes"), RoutingScenario::checkMode).orElse(RoutingScenario.DEFAULT_MODES);
        String sweep = string("sweep").orElse(RoutingScenario.DEFAULT_SWEEP).strip();
        long seed = seed();
        EngineKind engine = engine(ScenarioChecks.DEFAULT_ENGINE);
        int hosts = hostsPerJvm();
        List<Integer> jvms = checkInts("jvms", intList("jvms"), ScenarioChecks::checkJvms).orElse(ScenarioChecks.DEFAULT_JVMS);
        int lateral = check("lateral-latency", (int) wholeNumber("lateral-latency", Integer.MIN_VALUE, Integer.MAX_VALUE).orElse(1L).longValue(),
                RoutingScenario::checkLatency);
        int local = check("local-latency", (int) wholeNumber("local-latency", Integer.MIN_VALUE, Integer.MAX_VALUE).orElse(1L).longValue(),
                RoutingScenario::checkLatency);
        int hopLimit = (int) wholeNumber("hop-limit", 1, Integer.MAX_VALUE).orElse(0L).longValue();
        try {
            return new RoutingScenario(name, topologies, algorithms, modes, sweep, seed, engine, hosts, jvms,
                    new icn.protocols.LinkLatency(lateral, local), hopLimit);
        } catch (InvalidInputException e) {
            throw atKeyItNames(e, RoutingScenario.KEYS);
        }
    }

    /** Reads a {@code kind = traffic} scenario into a {@link TrafficScenario}: top-level keys are the defaults of every panel. */
    TrafficScenario readTraffic() {
        rejectUnknownKeys(TrafficScenario.KEYS);
        String name = name();
        long seed = seed();
        EngineKind engine = engine(EngineKind.SEQUENTIAL);
        int jvms = (int) wholeNumber("jvms", 1, RunSettings.MAX_JVMS).orElse(1L).longValue();
        int hosts = (int) wholeNumber("hosts-per-jvm", 1, RunSettings.MAX_HOSTS)
                .orElse((long) ScenarioChecks.DEFAULT_HOSTS_PER_JVM).longValue();
        int parallel = (int) wholeNumber("parallel", 1, 256).orElse((long) Runtime.getRuntime().availableProcessors()).longValue();
        String title = string("title").orElse(name);
        List<ConfigValue> panelValues = list("panels", "a list of panels such as [{ name = a, topology = \"rnh:6,5\", flits = [32] }]")
                .orElseThrow(() -> new InvalidInputException(sourceName + ": panels is missing: a traffic scenario needs at least one panel"));
        if (panelValues.isEmpty()) {
            throw new InvalidInputException(where(root.get("panels").origin()) + "panels must not be empty");
        }
        List<TrafficScenario.Panel> panels = new ArrayList<>();
        for (ConfigValue v : panelValues) {
            if (v.valueType() != ConfigValueType.OBJECT) {
                throw wrongType("panels", v, "a list of objects such as { name = a, topology = \"rnh:6,5\" }");
            }
            ScenarioReader panel = new ScenarioReader(((ConfigObject) v).toConfig(), sourceName, Optional.empty());
            panel.rejectUnknownKeys(TrafficScenario.PANEL_KEYS);
            panels.add(panel.readPanel(this, seed, engine, jvms, hosts, panels.size()));
        }
        try {
            return new TrafficScenario(name, title, seed, engine, jvms, hosts, parallel, panels);
        } catch (InvalidInputException e) {
            throw new InvalidInputException(sourceName + ": " + e.getMessage());
        }
    }

    /** One panel, its missing keys taken from {@code top} (the file's top level). */
    private TrafficScenario.Panel readPanel(ScenarioReader top, long seed, EngineKind engine, int jvms, int hosts, int index) {
        String panelName = string("name").orElse(String.valueOf((char) ('a' + index)));
        String title = string("title").orElse(null);
        String topology = string("topology").or(() -> top.string("topology"))
                .orElseThrow(() -> new InvalidInputException(where(root.get("name") == null ? null : root.get("name").origin())
                        + "panel " + panelName + " has no topology"));
        String routing = string("routing").or(() -> top.string("routing")).orElse(null);
        Optional<String> givenPattern = string("pattern").or(() -> top.string("pattern"));
        String pattern = givenPattern.orElse("uniform");
        String sizes = string("sizes").or(() -> top.string("sizes")).orElse(null);
        List<String> classes = stringList("classes").or(() -> top.stringList("classes"))
                .map(l -> l.stream().map(x -> String.valueOf(x.unwrapped())).toList()).orElse(null);
        Integer vcs = wholeNumber("vcs", 1, 64).or(() -> top.wholeNumber("vcs", 1, 64)).map(Long::intValue).orElse(null);
        Optional<List<Integer>> givenFlits = intList("flits").or(() -> top.intList("flits"))
                .map(l -> l.stream().map(x -> ((Number) x.unwrapped()).intValue()).toList());
        List<Integer> flits = givenFlits.orElse(List.of(icn.scenarios.traffic.TrafficSettings.DEFAULT_FLITS));
        if (sizes != null && givenFlits.isPresent()) {
            throw new InvalidInputException(sourceName + ": panel " + panelName + " gives both flits and sizes: sizes is a mix of message "
                    + "lengths in place of the flits of each curve");
        }
        if (classes != null && flits.size() > 1) {
            throw new InvalidInputException(sourceName + ": panel " + panelName + " gives classes and several flits: a panel of classes is "
                    + "one curve, with one default M for the classes without their own");
        }
        if (classes != null && givenPattern.isPresent()) {
            throw new InvalidInputException(sourceName + ": panel " + panelName + " gives both pattern and classes: each class names its "
                    + "own pattern (PATTERN@SHARE[@M])");
        }
        int buffer = (int) wholeNumber("buffer", 1, 1 << 20).or(() -> top.wholeNumber("buffer", 1, 1 << 20))
                .orElse((long) icn.scenarios.traffic.TrafficSettings.DEFAULT_BUFFER).longValue();
        String rates = rateText("rates").or(() -> top.rateText("rates")).orElse(null);
        String loads = rateText("loads").or(() -> top.rateText("loads")).orElse(null);
        if (rates != null && loads != null) {
            throw new InvalidInputException(sourceName + ": panel " + panelName + " gives both rates and loads: give one");
        }
        String warmupText = string("warmup").or(() -> top.string("warmup")).orElse("auto").strip();
        long warmup;
        try {
            warmup = warmupText.equals("auto") ? icn.scenarios.traffic.TrafficSettings.AUTO_WARMUP : Long.parseLong(warmupText);
        } catch (NumberFormatException e) {
            throw new InvalidInputException(sourceName + ": panel " + panelName + ": warmup must be a number of cycles or auto, not '"
                    + warmupText + "'");
        }
        long cycles = wholeNumber("cycles", 1, Long.MAX_VALUE / 4).or(() -> top.wholeNumber("cycles", 1, Long.MAX_VALUE / 4))
                .orElse(icn.scenarios.traffic.TrafficSettings.DEFAULT_CYCLES);
        long drain = wholeNumber("drain", 1, Long.MAX_VALUE / 4).or(() -> top.wholeNumber("drain", 1, Long.MAX_VALUE / 4))
                .orElse(icn.scenarios.traffic.TrafficSettings.defaultDrain(cycles));
        List<icn.scenarios.traffic.TrafficSettings> curves = new ArrayList<>();
        try {
            int v = vcs != null ? vcs : icn.scenarios.traffic.TrafficSettings.defaultVcs(icn.protocols.topology.Topologies.parse(topology), routing);
            // a mix is one curve; without one, a curve per message length
            List<icn.protocols.traffic.TrafficMix> mixes = sizes != null || classes != null
                    ? List.of(icn.protocols.traffic.TrafficMix.of(pattern, flits.get(0), sizes, classes))
                    : flits.stream().map(m -> icn.protocols.traffic.TrafficMix.of(pattern, m, null, null)).toList();
            for (icn.protocols.traffic.TrafficMix mix : mixes) {
                curves.add(TrafficScenario.curve(topology, routing, pattern, v, mix, buffer, rates, loads, warmup, cycles, drain, seed,
                        engine, jvms, hosts));
            }
        } catch (InvalidInputException e) {
            throw new InvalidInputException(sourceName + ": panel " + panelName + ": " + e.getMessage());
        }
        return new TrafficScenario.Panel(panelName, title, curves);
    }

    /** Rates or loads as text: "A:B:N", "0.001,0.002", or a list of numbers. */
    private Optional<String> rateText(String key) {
        return value(key).map(v -> {
            if (v.valueType() == ConfigValueType.LIST) {
                List<String> parts = new ArrayList<>();
                for (ConfigValue item : (ConfigList) v) {
                    if (item.valueType() != ConfigValueType.NUMBER) {
                        throw wrongType(key, item, "a number");
                    }
                    parts.add(String.valueOf(item.unwrapped()));
                }
                return String.join(",", parts);
            }
            return scalarText(key, v, "A:B:N (e.g. \"0.0002:0.004:12\") or a list of numbers");
        });
    }

    private void rejectUnknownKeys(List<String> keys) {
        for (String key : new TreeSet<>(root.keySet())) {
            if (!keys.contains(key)) {
                throw new InvalidInputException(where(root.get(key).origin()) + "unknown key '" + key + "': allowed keys are "
                        + String.join(", ", keys));
            }
        }
    }

    private Optional<ConfigValue> value(String key) {
        ConfigValue v = root.get(key);
        return v == null || v.valueType() == ConfigValueType.NULL ? Optional.empty() : Optional.of(v);
    }

    private Optional<Boolean> bool(String key) {
        return value(key).map(v -> {
            if (v.valueType() != ConfigValueType.BOOLEAN) {
                throw wrongType(key, v, "true or false");
            }
            return (Boolean) v.unwrapped();
        });
    }

    private Optional<String> string(String key) {
        return value(key).map(v -> scalarText(key, v, "a string"));
    }

    private Optional<List<ConfigValue>> list(String key, String expected) {
        return value(key).map(v -> {
            if (v.valueType() != ConfigValueType.LIST) {
                throw wrongType(key, v, expected);
            }
            return new ArrayList<>((ConfigList) v);
        });
    }

    private Optional<List<ConfigValue>> stringList(String key) {
        String expected = "a list of strings such as " + switch (key) {
            case "topologies" -> "[\"scc:4\", \"scc:5\"]";
            case "classes" -> "[\"uniform@0.9\", \"hotspot:0.5@0.1@64\"]";
            default -> "[one-port, multi-port]";
        };
        Optional<List<ConfigValue>> list = list(key, expected);
        list.ifPresent(items -> items.forEach(item -> scalarText(key, item, expected)));
        return list;
    }

    private Optional<List<ConfigValue>> intList(String key) {
        String expected = "a list of whole numbers such as [1, 2, 4]";
        Optional<List<ConfigValue>> list = list(key, expected);
        list.ifPresent(items -> items.forEach(item -> whole(key, item, Integer.MIN_VALUE, Integer.MAX_VALUE, expected)));
        return list;
    }

    private Optional<Long> wholeNumber(String key, long min, long max) {
        return value(key).map(v -> whole(key, v, min, max, "a whole number"));
    }

    private String scalarText(String key, ConfigValue v, String expected) {
        switch (v.valueType()) {
            case STRING:
            case NUMBER:
            case BOOLEAN:
                return String.valueOf(v.unwrapped());
            default:
                throw wrongType(key, v, expected);
        }
    }

    private long whole(String key, ConfigValue v, long min, long max, String expected) {
        Object raw = v.unwrapped();
        if (v.valueType() != ConfigValueType.NUMBER || !(raw instanceof Integer || raw instanceof Long)) {
            throw wrongType(key, v, expected);
        }
        long n = ((Number) raw).longValue();
        if (n < min || n > max) {
            throw new InvalidInputException(where(v.origin()) + key + ": " + n + " is out of range " + min + ".." + max);
        }
        return n;
    }

    private Optional<List<String>> checkStrings(String key, Optional<List<ConfigValue>> items, UnaryOperator<String> check) {
        return items.map(list -> {
            rejectEmpty(key, list);
            List<String> out = new ArrayList<>();
            for (ConfigValue item : list) {
                out.add(checkAt(item.origin(), String.valueOf(item.unwrapped()), check));
            }
            return out;
        });
    }

    private Optional<List<Integer>> checkInts(String key, Optional<List<ConfigValue>> items, UnaryOperator<Integer> check) {
        return items.map(list -> {
            rejectEmpty(key, list);
            List<Integer> out = new ArrayList<>();
            for (ConfigValue item : list) {
                out.add(checkAt(item.origin(), ((Number) item.unwrapped()).intValue(), check));
            }
            return out;
        });
    }

    private void rejectEmpty(String key, List<ConfigValue> list) {
        if (list.isEmpty()) {
            throw new InvalidInputException(where(root.get(key).origin()) + key + " must not be empty");
        }
    }

    private <T> T check(String key, T value, UnaryOperator<T> check) {
        return checkAt(root.get(key) == null ? null : root.get(key).origin(), value, check);
    }

    private <T, R> R checkAt(ConfigOrigin origin, T value, java.util.function.Function<T, R> check) {
        try {
            return check.apply(value);
        } catch (InvalidInputException e) {
            throw new InvalidInputException(where(origin) + e.getMessage());
        }
    }

    private InvalidInputException wrongType(String key, ConfigValue v, String expected) {
        return new InvalidInputException(where(v.origin()) + key + " must be " + expected + ", not " + describe(v));
    }

    /** A value as an error names it: "the string "x"", "a list", … */
    private static String describe(ConfigValue v) {
        String text = v.render(ConfigRenderOptions.concise());
        return switch (v.valueType()) {
            case STRING -> "the string " + text;
            case NUMBER -> "the number " + text;
            case BOOLEAN -> "the boolean " + text;
            case LIST -> "a list";
            case OBJECT -> "an object";
            default -> "null";
        };
    }

    private String where(ConfigOrigin origin) {
        return origin != null && origin.lineNumber() > 0 ? sourceName + ": line " + origin.lineNumber() + ": " : sourceName + ": ";
    }
}
