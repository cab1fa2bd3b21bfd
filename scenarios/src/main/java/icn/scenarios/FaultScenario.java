package icn.scenarios;

import icn.node.packet.RouteSources;
import icn.protocols.BroadcastAlgorithm;
import icn.protocols.InvalidInputException;
import icn.protocols.Scc;
import icn.protocols.Topologies;
import icn.protocols.Topology;
import icn.protocols.fault.FaultSpec;
import icn.protocols.wire.RoutingSpec;
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
 * algorithms = [one-port, multi-port, flooding]   # routing: [adaptive, greedy]
 * fault-kind = node                      # or link
 * max-faults = 10
 * seeds      = 100
 * seed       = 1
 * engine     = actor                     # or sequential
 * mode       = distributed               # routing only
 * sweep      = "sample:200"              # routing only
 * faults { loss = 0.0, extra-delay { } } # applied to every run (the keys of a --faults file, random counts and events excluded)
 * </pre>
 */
public record FaultScenario(String name, String experiment, List<String> topologies, List<String> algorithms, FaultExperiments.Kind faultKind,
        int maxFaults, int seeds, long seed, String engine, String mode, String sweep, FaultSpec base) implements Scenario {

    public static final String KIND = "faults";
    public static final List<String> KEYS = List.of("name", "kind", "experiment", "topologies", "algorithms", "fault-kind", "max-faults",
            "seeds", "seed", "engine", "mode", "sweep", "faults");

    public FaultScenario {
        name = BroadcastScenario.checkName(Objects.requireNonNull(name, "name"));
        if (!experiment.equals("coverage") && !experiment.equals("routing")) {
            throw new InvalidInputException("experiment must be coverage or routing, not '" + experiment + "'");
        }
        engine = BroadcastScenario.checkEngine(engine);
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
        for (String t : topologies) {
            Topology topology = Topologies.parse(t);
            for (String a : algorithms) {
                if (experiment.equals("coverage")) {
                    BroadcastAlgorithm alg = BroadcastAlgorithm.parse(a);
                    if (!alg.anyTopology() && !(topology instanceof Scc)) {
                        throw new InvalidInputException(alg.key() + " (001 Algorithms 4 and 5) is defined for scc:N, not " + t);
                    }
                } else {
                    RouteSweep.checkSweep(topology, sweep);
                    RouteSources.of(topology, new RoutingSpec(a, FaultExperiments.modeOf(a, mode), sweep, seed));
                }
            }
        }
    }

    static List<String> defaultAlgorithms(String experiment) {
        return experiment.equals("routing") ? List.of("adaptive", "greedy") : List.of("one-port", "multi-port", "flooding");
    }

    @Override
    public int clusterSize() {
        return 1;
    }
}
