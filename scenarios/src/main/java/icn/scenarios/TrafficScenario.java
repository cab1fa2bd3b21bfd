package icn.scenarios;

import icn.node.engine.EngineKind;
import icn.protocols.InvalidInputException;
import icn.protocols.Partition;
import icn.protocols.fault.FaultSpec;
import icn.scenarios.traffic.TrafficSettings;
import java.util.ArrayList;
import java.util.List;

/**
 * A traffic experiment read from a HOCON scenario file (issue 13): panels of latency curves, each panel one network with V virtual
 * channels and a curve per message length M, in the manner of 002 Fig. 3. Keys (every panel key may also be given at the top, as
 * the default of every panel):
 *
 * <pre>
 * name          = necklace-latency        # required unless the file name supplies it
 * kind          = traffic                 # required for this kind
 * title         = "..."                   # optional, for the report
 * seed          = 1
 * engine        = sequential              # or actor
 * jvms          = 1                       # actor engine: a local cluster of this many JVMs
 * hosts-per-jvm = 2
 * parallel      = 2                       # sequential engine: curves measured at once (default: one per core)
 * panels = [
 *   { name = "a", title = "...", topology = "rnh:6,5", vcs = 8, flits = [32, 64],
 *     loads = "0.01:0.13:12" }            # offered flits per node per cycle, λ_g·M: λ_g = load/M for each M
 *   { name = "b", topology = "rnh:5,12", vcs = 8, flits = [32], rates = "0.0002:0.004:12" }   # or λ_g itself
 * ]
 * routing = adaptive    pattern = uniform    buffer = 4    warmup = auto    cycles = 10000    drain = 5000
 * </pre>
 * A panel with {@code sizes = "4:0.8,64:0.2"} or {@code classes = ["uniform@0.9", "hotspot:0.5@0.1@64"]} (as {@code icn traffic}'s
 * --sizes and --class) measures one curve of that mix in place of one per message length; its loads are divided by the mix's mean
 * length.
 */
public record TrafficScenario(String name, String title, long seed, EngineKind engine, int jvms, int hostsPerJvm, int parallel,
        List<Panel> panels) implements Scenario {

    public static final String KIND = "traffic";
    public static final List<String> PANEL_KEYS = List.of("name", "title", "topology", "vcs", "flits", "rates", "loads", "routing",
            "pattern", "buffer", "warmup", "cycles", "drain", "sizes", "classes");
    public static final List<String> KEYS;

    static {
        List<String> keys = new ArrayList<>(List.of("name", "kind", "title", "seed", "engine", "jvms", "hosts-per-jvm", "parallel", "panels"));
        PANEL_KEYS.stream().filter(k -> !keys.contains(k)).forEach(keys::add);
        KEYS = List.copyOf(keys);
    }

    /** One panel: a curve per message length, all on one network. */
    public record Panel(String name, String title, List<TrafficSettings> curves) {
    }

    public TrafficScenario {
        name = ScenarioChecks.checkName(name);
        if (panels.isEmpty()) {
            throw new InvalidInputException("panels must not be empty");
        }
        if (parallel < 1) {
            throw new InvalidInputException("parallel must be at least 1, not " + parallel);
        }
        panels = List.copyOf(panels);
    }

    @Override
    public int clusterSize() {
        return engine.actors() ? jvms : 1;
    }

    /** The same scenario on the actor engine over {@code k} JVMs (icn run --jvms K). */
    public TrafficScenario withJvms(int k) {
        List<Panel> moved = new ArrayList<>();
        for (Panel p : panels) {
            moved.add(new Panel(p.name(), p.title(), p.curves().stream().map(c -> new TrafficSettings(c.topology(), c.routing(), c.pattern(),
                    c.vcs(), c.flits(), c.buffer(), c.rates(), c.warmup(), c.cycles(), c.drain(), c.seed(), k == 1 ? c.engine() : EngineKind.ACTORS, k,
                    c.hosts(), c.partitioning(), c.faults()).withInjection(c.injection()).withStopWhen(c.stopWhen(), c.maxCycles())
                    .withMix(c.mixture())).toList()));
        }
        return new TrafficScenario(name, title, seed, k == 1 ? engine : EngineKind.ACTORS, k, hostsPerJvm, parallel, moved);
    }

    /** Every curve of every panel, in order. */
    public List<TrafficSettings> curves() {
        return panels.stream().flatMap(p -> p.curves().stream()).toList();
    }

    /**
     * The settings of one curve from a panel's values: its mix (one class of one length where the panel gives no sizes or classes;
     * M its longest message) and its {@code rates} or {@code loads} (one of them, as A:B:N or a list; loads divided by the mix's
     * mean length).
     */
    static TrafficSettings curve(String topology, String routing, String pattern, int vcs, icn.protocols.traffic.TrafficMix mix, int buffer,
            String rates, String loads, long warmup, long cycles, long drain, long seed, EngineKind engine, int jvms, int hosts) {
        List<Double> r = new ArrayList<>();
        if (rates != null) {
            r.addAll(TrafficSettings.parseRates(rates));
        } else if (loads != null) {
            for (double load : TrafficSettings.parseRates(loads)) {
                r.add(load / mix.meanFlits());
            }
        }
        return new TrafficSettings(topology, routing, mix.classes().get(0).pattern(), vcs, mix.maxFlits(), buffer, r, warmup, cycles, drain,
                seed, engine, jvms, hosts, Partition.Kind.SUPERNODE, FaultSpec.none(seed)).withMix(mix);
    }


}
