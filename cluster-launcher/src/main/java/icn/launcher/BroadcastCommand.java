package icn.launcher;

import icn.protocols.Topologies;
import icn.node.broadcast.BroadcastPrograms;
import icn.protocols.BroadcastAlgorithm;
import icn.protocols.InvalidInputException;
import icn.protocols.Scc;
import icn.protocols.Topology;
import icn.node.broadcast.NetworkBroadcasts;
import icn.scenarios.BroadcastChecks;
import icn.scenarios.FloodingRun;
import icn.scenarios.PortBroadcastRun;
import icn.scenarios.BroadcastExperiment;
import icn.scenarios.BroadcastReport;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code icn broadcast}: one run of Algorithm 4 or 5 of 001, measured beside Theorems 9 and 10, or of a one-port broadcasting sequence
 * of 001 §8.1–8.3, measured beside §8.3, Eq. 3 and Theorems 6 and 7.
 */
@Command(name = "broadcast", mixinStandardHelpOptions = true,
        description = {"Broadcast from one node of SCC_n with Algorithm 4 (one-port) or Algorithm 5 (multi-port) of 001,",
                "optionally pipelining B messages, or with a one-port broadcasting sequence of 001 section 8 (cyclic-seq,",
                "cyclic-par, switching-nlogn, switching-n2; one message), and print the measured steps beside the paper's formulas.",
                "one-port and multi-port also run on ccc:N (001 §12), hypercube:N (binomial tree; multi-port flooding) and star:N",
                "(a recursive one-port algorithm; multi-port the δ-port broadcast of 001 Theorem 8), optionally with lateral links",
                "R ticks slow (--lateral-latency, --theorem11), reporting the running time in lateral link steps."})
final class BroadcastCommand implements Callable<Integer> {

    @Option(names = "--topology", required = true, paramLabel = "KIND:PARAMS",
            description = "The network, e.g. scc:6 (N = 3..10, as far as the heap holds), cr:5, star:6, hypercube:8, torus:4,3, ccc:5.")
    String topology;

    @Option(names = "--algorithm", required = true,
            paramLabel = "one-port|multi-port|flooding|flooding-one-port|cyclic-seq|cyclic-par|switching-nlogn|switching-n2",
            description = "Algorithm 4 or 5 of 001 (scc:N; their technique on ccc:N; hypercube:N and star:N as above), flooding (any "
                    + "topology), or a sequence of 001 section 8 (scc:N): cyclic-seq and cyclic-par (8.3), switching-nlogn (8.1, T_n), "
                    + "switching-n2 (8.2, the n^2/2 network).")
    String algorithm;

    @Option(names = "--messages", defaultValue = "1", paramLabel = "B", description = "Pipelined messages (default 1).")
    int messages;

    @Option(names = "--source", paramLabel = "LABEL", description = "The originating node, e.g. '<2,123456>' (default: <2,12…n>).")
    String source;

    @Option(names = "--json", description = "Print exactly one JSON object on stdout.")
    boolean json;

    @Option(names = "--lateral-latency", paramLabel = "R",
            description = "Ticks a lateral link takes, local links 1 (001 Theorem 11; default 1). scc:N and ccc:N, one-port or multi-port.")
    Integer lateralLatency;

    @Option(names = "--theorem11", description = "Choose R by 001 Theorem 11 and §12: scc:N ⌊n/2⌋ one-port, ⌊(n−1)/2⌋ multi-port;"
            + " ccc:N ⌊(n+1)/2⌋ one-port, ⌊n/2⌋ multi-port; 1 elsewhere.")
    boolean theorem11;

    @Mixin
    EngineOptions engine;

    @Mixin
    FaultOptions faults;

    @Override
    public Integer call() {
        Topology any = Topologies.parse(topology);
        BroadcastAlgorithm alg = BroadcastAlgorithm.parse(algorithm);
        if ((lateralLatency != null || theorem11) && (faults.any() || !NetworkBroadcasts.handles(alg))) {
            throw new InvalidInputException("--lateral-latency and --theorem11 are for one-port and multi-port broadcasts without faults");
        }
        if (faults.any()) {
            return withFaults(any, alg);
        }
        // which broadcast this is, and whether B fits it: decided as a broadcast scenario decides it
        int r = BroadcastChecks.lateralLatency(any, alg, lateralLatency(), theorem11);
        BroadcastChecks.Form form = BroadcastChecks.form(any, alg, r, theorem11, BroadcastChecks.Names.COMMAND);
        BroadcastChecks.checkMessages(any, alg, form, r, messages, BroadcastChecks.Names.COMMAND);
        if (form == BroadcastChecks.Form.PORT) {
            return portBroadcast(any, alg, r);
        }
        if (form == BroadcastChecks.Form.FLOODING) {
            return flooding(any, alg);
        }
        Scc scc = (Scc) any;
        int sourceNode = source == null ? 0 : scc.parseLabel(source);
        BroadcastExperiment.Settings settings = engine.settings(scc);
        Progress progress = new Progress(json);
        progress.step(String.format("%s %s B=%d: %,d nodes on the %s engine", scc.name(), alg.key(), messages, scc.nodeCount(),
                settings.engine()));
        BroadcastExperiment.Outcome outcome;
        if (settings.actors()) {
            try (OpenMachines machines = OpenMachines.open(settings.jvms(), java.time.Duration.ofSeconds(engine.formationTimeout), progress, scc)) {
                progress.step(String.format("%s %s B=%d: %,d node actors on %d JVM(s)", scc.name(), alg.key(), messages, scc.nodeCount(),
                        settings.jvms()));
                outcome = BroadcastExperiment.run(machines, scc, alg, messages, sourceNode, settings);
                if (!outcome.lostMembers().isEmpty()) {
                    progress.done();
                    System.err.println("icn: " + Texts.memberLoss(outcome)); // now, before the cluster is taken down
                }
            }
        } else {
            outcome = BroadcastExperiment.run(null, scc, alg, messages, sourceNode, settings);
        }
        progress.done();
        BroadcastReport report = new BroadcastReport(outcome.run());
        if (json) {
            System.out.println(report.toJson());
        } else {
            System.out.print(Texts.broadcast(report, outcome.timing()));
        }
        return outcome.completed() ? 0 : Icn.RUN_FAILED;
    }

    private int lateralLatency() {
        if (lateralLatency != null && theorem11) {
            throw new InvalidInputException("give either --lateral-latency or --theorem11, not both");
        }
        if (lateralLatency != null && lateralLatency < 1) {
            throw new InvalidInputException("--lateral-latency must be at least 1 tick, not " + lateralLatency);
        }
        return lateralLatency != null ? lateralLatency : 1;
    }

    /**
     * One-port or multi-port broadcasting on ccc:N, hypercube:N, star:N, or on scc:N with lateral links R &gt; 1 ticks: lateral and local
     * link steps, ticks, and the running time in lateral link steps (001 Theorem 11, §12, Tables 6 and 7).
     */
    private Integer portBroadcast(Topology t, BroadcastAlgorithm alg, int r) {
        if (!NetworkBroadcasts.supports(t)) {
            throw new InvalidInputException(alg.key() + " broadcasting is defined for " + NetworkBroadcasts.NETWORKS + ", not " + t.name()
                    + ": use flooding or flooding-one-port");
        }
        if (r != 1 && !NetworkBroadcasts.hasLocalLinks(t)) {
            throw new InvalidInputException(t.name() + " has no local links, so its links cannot be slower than them: --lateral-latency is for"
                    + " scc:N and ccc:N");
        }
        if (messages != 1) {
            throw new InvalidInputException("--messages: " + alg.key() + " on " + t.name() + (r != 1 ? " with --lateral-latency " + r : "")
                    + " broadcasts one message");
        }
        int sourceNode = source == null ? 0 : t.parseLabel(source);
        BroadcastExperiment.Settings settings = engine.settings(t);
        Progress progress = new Progress(json);
        progress.step(String.format("%s %s R=%d: %,d nodes on the %s engine", t.name(), alg.key(), r, t.nodeCount(), settings.engine()));
        PortBroadcastRun.Result result;
        if (settings.actors()) {
            try (OpenMachines machines = OpenMachines.open(settings.jvms(), java.time.Duration.ofSeconds(engine.formationTimeout), progress, t)) {
                result = PortBroadcastRun.run(machines, t, alg, r, sourceNode, settings);
            }
        } else {
            result = PortBroadcastRun.run(null, t, alg, r, sourceNode, settings);
        }
        progress.done();
        if (json) {
            System.out.println(new com.fasterxml.jackson.databind.ObjectMapper().createObjectNode()
                    .put("topology", result.topology()).put("nodes", result.nodes()).put("algorithm", result.algorithm())
                    .put("source", t.label(sourceNode)).put("lateralLatency", result.lateralLatency())
                    .put("lateralSteps", result.lateralSteps()).put("localSteps", result.localSteps()).put("totalSteps", result.totalSteps())
                    .put("ticks", result.ticks()).put("runningTimeInLateralSteps", result.runningTimeInLateralSteps())
                    .put("informed", result.informed()).put("engine", result.engine()).put("jvms", settings.actors() ? settings.jvms() : 1)
                    .put("wallSeconds", result.wallSeconds()));
        } else {
            System.out.printf("%s (%,d nodes), %s from %s, lateral links %d tick(s), local links 1, %s engine%n", result.topology(),
                    result.nodes(), result.algorithm(), t.label(sourceNode), result.lateralLatency(), result.engine());
            System.out.printf("%-28s %,d of %,d nodes%s%n", "informed", result.informed(), result.nodes(),
                    result.complete() ? ", all after tick " + result.ticks() : "; never all");
            System.out.printf("%-28s %d lateral + %d local = %d%n", "steps", result.lateralSteps(), result.localSteps(), result.totalSteps());
            System.out.printf(java.util.Locale.ROOT, "%-28s %.3f (ticks / R)%n", "running time in lateral steps",
                    result.runningTimeInLateralSteps());
            System.out.printf(java.util.Locale.ROOT, "%-28s %.3f s%n", "wall time", result.wallSeconds());
        }
        return result.complete() ? 0 : Icn.RUN_FAILED;
    }

    /** A broadcast with faults injected: coverage beside the live nodes the source still reaches, and the message accounting. */
    private Integer withFaults(Topology t, BroadcastAlgorithm alg) {
        if (!alg.anyTopology() && !(t instanceof Scc)) {
            throw new InvalidInputException(alg.key() + " (001 Algorithms 4 and 5) is defined for scc:N, not " + t.name()
                    + ": use flooding or flooding-one-port");
        }
        int sourceNode = source == null ? 0 : t.parseLabel(source);
        BroadcastExperiment.Settings settings = engine.settings(t);
        icn.protocols.fault.FaultSpec spec = faults.spec(settings.seed());
        icn.protocols.fault.FaultPlan plan = icn.scenarios.FaultRuns.planBroadcast(t, alg, messages, sourceNode, settings, spec);
        if (spec.kills() && (!settings.actors() || settings.jvms() < 2)) {
            throw new InvalidInputException("killing a JVM needs the actor engine on --jvms 2 or more");
        }
        Progress progress = new Progress(json);
        progress.step(String.format("%s %s with faults: %,d nodes on the %s engine", t.name(), alg.key(), t.nodeCount(), settings.engine()));
        com.fasterxml.jackson.databind.node.ObjectNode report;
        if (settings.actors()) {
            try (OpenMachines machines = OpenMachines.open(settings.jvms(), java.time.Duration.ofSeconds(engine.formationTimeout), progress, t)) {
                report = icn.scenarios.FaultRuns.broadcast(machines, t, alg, messages, sourceNode, settings, spec, plan);
            }
        } else {
            report = icn.scenarios.FaultRuns.broadcast(null, t, alg, messages, sourceNode, settings, spec, plan);
        }
        progress.done();
        System.out.println(json ? report.toString() : Texts.faultyBroadcast(report));
        return Texts.faultRunEnded(report) ? 0 : Icn.RUN_FAILED;
    }

    /** Flooding on any topology, measured beside the BFS eccentricity of the source. */
    private Integer flooding(Topology t, BroadcastAlgorithm alg) {
        if (!alg.anyTopology()) {
            throw new InvalidInputException(alg.key() + " (001 Algorithms 4 and 5) is defined for scc:N, not " + t.name()
                    + ": use flooding or flooding-one-port");
        }
        if (messages != 1) {
            throw new InvalidInputException("--messages: " + alg.key() + " broadcasts one message");
        }
        int sourceNode = source == null ? 0 : t.parseLabel(source);
        BroadcastExperiment.Settings settings = engine.settings(t);
        Progress progress = new Progress(json);
        progress.step(String.format("%s %s: %,d nodes on the %s engine", t.name(), alg.key(), t.nodeCount(), settings.engine()));
        com.fasterxml.jackson.databind.node.ObjectNode report;
        if (settings.actors()) {
            try (OpenMachines machines = OpenMachines.open(settings.jvms(), java.time.Duration.ofSeconds(engine.formationTimeout), progress, t)) {
                report = FloodingRun.run(machines, t, alg, sourceNode, settings);
            }
        } else {
            report = FloodingRun.run(null, t, alg, sourceNode, settings);
        }
        progress.done();
        System.out.print(json ? report + System.lineSeparator() : Texts.flooding(report));
        return report.get("agrees").asBoolean() ? 0 : Icn.RUN_FAILED;
    }
}
