package icn.launcher.cli;

import icn.launcher.cluster.CommandContext;

import icn.launcher.cluster.Engines;
import icn.launcher.output.Progress;
import icn.launcher.output.Results;
import icn.node.engine.Engine;
import icn.node.engine.EngineKind;
import icn.node.engine.RunSettings;
import icn.protocols.Partition;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import icn.node.routing.RoutingAlgorithm;
import icn.node.routing.SccRouting;
import icn.protocols.topology.Scc;
import icn.protocols.topology.Topologies;
import icn.scenarios.routing.RouteSweep;
import java.util.SplittableRandom;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import icn.scenarios.report.IcnLine;

/** {@code icn bench route}: routes per second of the pure algorithm, and packets per second through the node actors. */
@Command(name = "route", mixinStandardHelpOptions = true,
        description = {"Benchmark routing: routes per second of the pure computation (every node to the identity, or a seeded sample",
                "on large networks), then the to-identity sweep as packets hop by hop through the node actors on --jvms JVMs.",
                "Target (2 cores): the SCC_8 to-identity sweep (282,240 packets) in under 30 s on one JVM."})
final class BenchRouteCommand implements Callable<Integer> {
    private final CommandContext ctx;

    BenchRouteCommand(CommandContext ctx) {
        this.ctx = ctx;
    }


    @Mixin
    TopologyOptions topology;

    @Option(names = IcnLine.ALGORITHM, defaultValue = "minimal", paramLabel = "ALGORITHM", description = "Default: minimal.")
    String algorithm;

    @Mixin
    ClusterOptions cluster;

    @Option(names = "--pure-routes", defaultValue = "300000", paramLabel = "M",
            description = "At most this many routes for the pure timing (all nodes to the identity if fewer).")
    int pureRoutes;

    @Option(names = "--no-packets", description = "Only time the pure computation; do not send the sweep through the actors.")
    boolean noPackets;

    @Mixin
    CommonOptions common;

    @Override
    public Integer call() throws Exception {
        Scc scc = Topologies.scc(topology.name());
        RoutingAlgorithm alg = RoutingAlgorithm.parse(algorithm);
        int jvms = ctx.engines().checkJvms(cluster.jvms(1));
        Results results = Results.open(ctx.session(), common.results(), jvms);
        Progress progress = new Progress(ctx.session(), common.json);
        int identity = scc.id(0, 2);
        int routes = Math.min(pureRoutes, scc.nodeCount());
        SplittableRandom pick = new SplittableRandom(1);
        progress.step(String.format("pure %s routing: %,d routes on %s", alg.key(), routes, scc.name()));
        long checksum = 0;
        long start = System.nanoTime();
        for (int i = 0; i < routes; i++) {
            int source = routes == scc.nodeCount() ? i : pick.nextInt(scc.nodeCount());
            checksum += SccRouting.route(scc, alg, source, identity, new SplittableRandom(i)).total();
        }
        double pureSeconds = (System.nanoTime() - start) / 1e9;
        ObjectNode o = new ObjectMapper().createObjectNode();
        o.put("topology", scc.name());
        o.put("algorithm", alg.key());
        o.put("pureRoutes", routes);
        o.put("pureSeconds", pureSeconds);
        o.put("pureRoutesPerSecond", routes / pureSeconds);
        o.put("pureMeanCost", checksum / (double) routes);
        boolean packets = !noPackets;
        if (packets) {
            progress.step(String.format("%,d packets hop by hop through the node actors on %d JVM(s)", scc.nodeCount(), jvms));
            int hosts = ctx.engines().defaultHosts(jvms);
            RunSettings settings = new RunSettings(EngineKind.ACTORS, jvms, hosts, Partition.Kind.SUPERNODE, 1, cluster.formationTimeout(),
                    progress::step);
            try (Engine machines = ctx.engines().open(settings)) {
                ObjectNode sweep = RouteSweep.run(machines, scc, new icn.protocols.wire.RoutingSpec(alg.key(), "source", "to-identity", 1), settings);
                o.put("jvms", jvms);
                o.put("packets", sweep.get("routes").asLong());
                o.put("packetSeconds", sweep.get("wallSeconds").asDouble());
                o.put("packetsPerSecond", sweep.get("routes").asLong() / sweep.get("wallSeconds").asDouble());
                o.put("allDelivered", sweep.get("allDelivered").asBoolean());
                o.put("matchesPureRoutes", sweep.get("matchesPureRoutes").asBoolean());
            }
        }
        progress.done();
        java.util.Formatter text = new java.util.Formatter(new StringBuilder());
        {
            text.format("%s, %s routing%n", scc.name(), alg.key());
            text.format("  pure routes                %,12d in %.2f s: %,.0f routes per second (mean cost %.3f)%n", routes, pureSeconds,
                    routes / pureSeconds, checksum / (double) routes);
            if (packets) {
                double s = o.get("packetSeconds").asDouble();
                text.format("  packets through the actors %,12d in %.2f s on %d JVM(s) (spawn included): %,.0f packets per second%s%n",
                        o.get("packets").asLong(), s, jvms, o.get("packetsPerSecond").asDouble(),
                        scc.n() == 8 && jvms == 1 ? (s < 30 ? "   target < 30 s: met" : "   target < 30 s: MISSED") : "");
                text.format("  all delivered: %s; every packet on its pure route: %s%n", o.get("allDelivered").asBoolean() ? "yes" : "NO",
                        o.get("matchesPureRoutes").asBoolean() ? "yes" : "NO");
            }
        }
        return results.finish(o, text.toString(), 0);
    }
}
