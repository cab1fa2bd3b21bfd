package icn.scenarios.broadcast;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import icn.node.engine.Engine;
import icn.node.engine.RunResult;
import icn.node.engine.RunSettings;
import icn.node.kind.Programs;
import icn.protocols.BroadcastAlgorithm;
import icn.protocols.Bfs;
import icn.protocols.LinkClass;
import icn.protocols.RunMetrics;
import icn.protocols.Topology;
import icn.protocols.wire.BroadcastSpec;
import icn.scenarios.report.AccountingJson;
import icn.scenarios.report.AppliedFaults;
import java.util.TreeSet;

/**
 * A flooding broadcast on any topology, through the node actors or the sequential engine, measured beside BFS: multi-port flooding
 * must complete after exactly the eccentricity of the source (every node hears the message first along a shortest path).
 *
 * <p>JSON: {@code topology, algorithm, source, nodes, seed, engine, jvms, steps, fullCoverageStep, informed, linkMessages{class:
 * count, crossJvm{class: count}, crossHost{class: count}} (every link class of
 * the topology; 0 on the sequential engine), perStepInformed[], bfs{eccentricity}, agrees (multi-port: fullCoverageStep = eccentricity; one-port: every node informed and no faster than
 * the eccentricity), applied (none: {@link AppliedFaults}), accounting, wallSeconds}}.
 */
public final class FloodingRun {

    private static final ObjectMapper JSON = new ObjectMapper();

    private FloodingRun() {
    }

    public static ObjectNode run(Engine engine, Topology topology, BroadcastAlgorithm algorithm, int source, RunSettings settings) {
        return run(engine, topology, algorithm, source, settings, w -> {
        });
    }

    /** As above, handing {@code wave} the run's {@link Wave} when it kept one. */
    public static ObjectNode run(Engine engine, Topology topology, BroadcastAlgorithm algorithm, int source, RunSettings settings,
            java.util.function.Consumer<ObjectNode> wave) {
        BroadcastSpec spec = new BroadcastSpec(algorithm, 1, source);
        var programs = Programs.of(topology, spec); // checks before anything is spawned
        long start = System.nanoTime();
        icn.node.engine.RunRequest request = settings.request(topology, spec);
        RunResult result = engine.run(topology, programs, request);
        RunMetrics metrics = result.metrics();
        Wave.of(topology, algorithm.key(), source, metrics).ifPresent(wave);
        double wall = (System.nanoTime() - start) / 1e9;
        Bfs.DistanceProfile profile = Bfs.profile(topology, source);
        long[] informed = metrics.informedAfterEachStep(0);
        long informedNodes = informed.length == 0 ? 0 : informed[informed.length - 1];
        ObjectNode o = JSON.createObjectNode();
        o.put("topology", topology.name());
        o.put("algorithm", algorithm.key());
        o.put("source", topology.label(source));
        o.put("nodes", topology.nodeCount());
        o.put("seed", settings.seed());
        o.put("engine", result.engine().key());
        o.put("jvms", result.jvms());
        o.put("steps", metrics.steps());
        long coverage = metrics.fullCoverageStep(0, topology.nodeCount());
        o.put("fullCoverageStep", coverage);
        o.put("informed", informedNodes);
        ObjectNode links = o.putObject("linkMessages");
        TreeSet<LinkClass> classes = new TreeSet<>();
        for (int p = 0; p < topology.portCount(); p++) {
            classes.add(topology.linkClass(p));
        }
        classes.forEach(c -> links.put(c.key(), metrics.linkMessages(c)));
        ObjectNode crossJvm = links.putObject("crossJvm");
        ObjectNode crossHost = links.putObject("crossHost");
        for (LinkClass c : classes) {
            crossJvm.put(c.key(), result.crossJvm(c));
            crossHost.put(c.key(), result.crossHost(c));
        }
        var perStep = o.putArray("perStepInformed");
        for (long v : informed) {
            perStep.add(v);
        }
        o.putObject("bfs").put("eccentricity", profile.eccentricity()).put("reached", profile.reached());
        boolean all = informedNodes == topology.nodeCount();
        o.put("agrees", algorithm == BroadcastAlgorithm.FLOODING ? all && coverage == profile.eccentricity()
                : all && coverage >= profile.eccentricity());
        o.set("applied", AppliedFaults.of(topology, request.latency(), request.faults()).json());
        o.set("accounting", AccountingJson.of(result.accounting()));
        o.put("wallSeconds", wall);
        return o;
    }
}
