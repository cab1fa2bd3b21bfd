package icn.scenarios.faults;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigException;
import com.typesafe.config.ConfigObject;
import com.typesafe.config.ConfigValue;
import com.typesafe.config.ConfigValueType;
import icn.protocols.InvalidInputException;
import icn.protocols.LinkClass;
import icn.protocols.fault.FaultPlan;
import icn.protocols.fault.FaultSpec;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Reads a fault list in HOCON (a {@code --faults FILE}, or the {@code faults} block of a scenario) into a {@link FaultSpec}. Keys:
 *
 * <pre>
 * faults {
 *   seed = 7                       # random draws and lossy links (default: the run's seed)
 *   random-nodes = 2               # crashed before step 1, drawn uniformly
 *   random-links = 3               # cut in both directions before step 1
 *   spare-endpoints = true         # random faults never hit the source / destination (default true)
 *   loss = 0.01                    # every link class; or per class: loss { lateral = 0.02, local = 0 }
 *   extra-delay { lateral = 1 }    # extra steps per link class
 *   on-member-loss = continue      # or abort (default): what a run does when a worker JVM is lost
 *   events = [
 *     { at = 3, crash = "&lt;2,1234&gt;" }
 *     { at = 2, cut = "&lt;1,2345&gt;", port = LATERAL, both = true, restore = 6 }
 *     { at = 5, kill-jvm = 2 }
 *   ]
 * }
 * </pre>
 *
 * The block may also be the whole file without the {@code faults} wrapper. Every error is one line naming the file and the key.
 */
public final class FaultReader {

    static final Set<String> KEYS = Set.of("seed", "random-nodes", "random-links", "spare-endpoints", "loss", "extra-delay",
            "on-member-loss", "events");
    private static final Set<String> EVENT_KEYS = Set.of("at", "crash", "cut", "port", "both", "restore", "kill-jvm");

    private final String source;

    private FaultReader(String source) {
        this.source = source;
    }

    /** Reads {@code file}; {@code defaultSeed} where the file gives none. */
    public static FaultSpec read(Path file, long defaultSeed) {
        if (!Files.isRegularFile(file)) {
            throw new InvalidInputException("fault file " + file + " does not exist or is not a file");
        }
        Config config;
        try {
            config = icn.scenarios.hocon.HoconFile.parse(file); // no include, nothing from the environment (issue 36)
        } catch (InvalidInputException e) {
            throw new InvalidInputException(file.getFileName() + ": " + e.getMessage());
        } catch (ConfigException e) {
            // Typesafe Config's message starts with the file's path (and line) already; name the file once, by its given name
            String message = firstLine(e.getMessage());
            String path = file.toString() + ": ";
            int at = message.indexOf(path);
            throw new InvalidInputException(file.getFileName() + ": " + (at >= 0 ? message.substring(at + path.length()) : message));
        }
        return read(config, file.getFileName().toString(), defaultSeed);
    }

    /** Reads a parsed block (a scenario's {@code faults}); the {@code faults} wrapper is optional. */
    public static FaultSpec read(Config config, String source, long defaultSeed) {
        Config block = config.hasPath("faults") && config.getValue("faults").valueType() == ConfigValueType.OBJECT
                ? config.getConfig("faults") : config;
        return new FaultReader(source).spec(block, defaultSeed);
    }

    private FaultSpec spec(Config c, long defaultSeed) {
        for (String key : c.root().keySet()) {
            if (!KEYS.contains(key)) {
                throw bad(c.root().get(key), "unknown key '" + key + "' in the fault list: expected one of " + new java.util.TreeSet<>(KEYS));
            }
        }
        long seed = c.hasPath("seed") ? whole(c, "seed", Long.MIN_VALUE, Long.MAX_VALUE) : defaultSeed;
        int nodes = c.hasPath("random-nodes") ? (int) whole(c, "random-nodes", 0, Integer.MAX_VALUE) : 0;
        int links = c.hasPath("random-links") ? (int) whole(c, "random-links", 0, Integer.MAX_VALUE) : 0;
        boolean spare = !c.hasPath("spare-endpoints") || bool(c, "spare-endpoints");
        double[] loss = new double[LinkClass.values().length];
        if (c.hasPath("loss")) {
            ConfigValue v = c.getValue("loss");
            if (v.valueType() == ConfigValueType.NUMBER) {
                java.util.Arrays.fill(loss, probability(v, "loss"));
            } else if (v.valueType() == ConfigValueType.OBJECT) {
                ConfigObject o = (ConfigObject) v;
                for (String k : o.keySet()) {
                    loss[linkClass(o.get(k), "loss." + k, k).ordinal()] = probability(o.get(k), "loss." + k);
                }
            } else {
                throw bad(v, "loss must be a probability or an object of probabilities per link class");
            }
        }
        int[] delay = new int[LinkClass.values().length];
        if (c.hasPath("extra-delay")) {
            ConfigValue v = c.getValue("extra-delay");
            if (v.valueType() != ConfigValueType.OBJECT) {
                throw bad(v, "extra-delay must be an object of steps per link class, e.g. extra-delay { lateral = 1 }");
            }
            ConfigObject o = (ConfigObject) v;
            for (String k : o.keySet()) {
                delay[linkClass(o.get(k), "extra-delay." + k, k).ordinal()] = (int) wholeValue(o.get(k), "extra-delay." + k, 0, 1000);
            }
        }
        boolean continueOnLoss = false;
        if (c.hasPath("on-member-loss")) {
            String policy = string(c, "on-member-loss");
            if (!policy.equals("continue") && !policy.equals("abort")) {
                throw bad(c.getValue("on-member-loss"), "on-member-loss must be continue or abort, not '" + policy + "'");
            }
            continueOnLoss = policy.equals("continue");
        }
        List<FaultSpec.Event> events = new ArrayList<>();
        if (c.hasPath("events")) {
            ConfigValue v = c.getValue("events");
            if (v.valueType() != ConfigValueType.LIST) {
                throw bad(v, "events must be a list of { at = STEP, crash = LABEL } / { at, cut, port, both, restore } / { at, kill-jvm }");
            }
            for (ConfigValue e : (com.typesafe.config.ConfigList) v) {
                if (e.valueType() != ConfigValueType.OBJECT) {
                    throw bad(e, "every event must be an object, e.g. { at = 3, crash = \"<2,1234>\" }");
                }
                events.add(event(((ConfigObject) e).toConfig(), e));
            }
        }
        return new FaultSpec(seed, nodes, links, spare, loss, delay, events, continueOnLoss);
    }

    private FaultSpec.Event event(Config e, ConfigValue where) {
        for (String key : e.root().keySet()) {
            if (!EVENT_KEYS.contains(key)) {
                throw bad(e.root().get(key), "unknown event key '" + key + "': expected one of " + new java.util.TreeSet<>(EVENT_KEYS));
            }
        }
        if (!e.hasPath("at")) {
            throw bad(where, "an event needs at = STEP");
        }
        long at = whole(e, "at", 1, Integer.MAX_VALUE);
        int kinds = (e.hasPath("crash") ? 1 : 0) + (e.hasPath("cut") ? 1 : 0) + (e.hasPath("kill-jvm") ? 1 : 0);
        if (kinds != 1) {
            throw bad(where, "an event is exactly one of crash = LABEL, cut = LABEL (with port), kill-jvm = J");
        }
        if (e.hasPath("crash")) {
            return new FaultSpec.CrashNode(string(e, "crash"), at);
        }
        if (e.hasPath("kill-jvm")) {
            return new FaultSpec.KillJvm((int) whole(e, "kill-jvm", 0, 64), at);
        }
        if (!e.hasPath("port")) {
            throw bad(where, "a cut needs port = NAME (e.g. LATERAL, LEFT, f2, g)");
        }
        boolean both = !e.hasPath("both") || bool(e, "both");
        long restore = e.hasPath("restore") ? whole(e, "restore", 2, Integer.MAX_VALUE) : FaultPlan.NEVER;
        return new FaultSpec.CutLink(string(e, "cut"), string(e, "port"), both, at, restore);
    }

    private static String firstLine(String m) {
        int nl = m.indexOf('\n');
        return nl < 0 ? m : m.substring(0, nl);
    }

    private LinkClass linkClass(ConfigValue v, String key, String name) {
        for (LinkClass c : LinkClass.values()) {
            if (c.key().equals(name)) {
                return c;
            }
        }
        List<String> keys = java.util.Arrays.stream(LinkClass.values()).map(LinkClass::key).toList();
        throw bad(v, "unknown link class '" + name + "' in " + key + ": expected one of " + keys);
    }

    private double probability(ConfigValue v, String key) {
        if (v.valueType() != ConfigValueType.NUMBER) {
            throw bad(v, key + " must be a number in [0, 1]");
        }
        double p = ((Number) v.unwrapped()).doubleValue();
        if (!(p >= 0 && p <= 1)) {
            throw bad(v, key + " = " + p + " is outside [0, 1]");
        }
        return p;
    }

    private long whole(Config c, String key, long min, long max) {
        return wholeValue(c.getValue(key), key, min, max);
    }

    private long wholeValue(ConfigValue v, String key, long min, long max) {
        Object raw = v.unwrapped();
        if (v.valueType() != ConfigValueType.NUMBER || !(raw instanceof Integer || raw instanceof Long)) {
            throw bad(v, key + " must be a whole number");
        }
        long x = ((Number) raw).longValue();
        if (x < min || x > max) {
            throw bad(v, key + " = " + x + " is out of range " + min + ".." + max);
        }
        return x;
    }

    private boolean bool(Config c, String key) {
        ConfigValue v = c.getValue(key);
        if (v.valueType() != ConfigValueType.BOOLEAN) {
            throw bad(v, key + " must be true or false");
        }
        return (Boolean) v.unwrapped();
    }

    private String string(Config c, String key) {
        ConfigValue v = c.getValue(key);
        if (v.valueType() != ConfigValueType.STRING && v.valueType() != ConfigValueType.NUMBER) {
            throw bad(v, key + " must be a string");
        }
        return String.valueOf(v.unwrapped());
    }

    private InvalidInputException bad(ConfigValue v, String message) {
        int line = v.origin() == null ? -1 : v.origin().lineNumber();
        return new InvalidInputException(source + (line > 0 ? ":" + line : "") + ": " + message);
    }
}
