package icn.scenarios.faults;

import icn.node.kind.NetworkPrograms;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import icn.node.engine.Engine;
import icn.node.engine.RunRequest;
import icn.node.engine.RunSettings;
import icn.node.kind.Programs;
import icn.protocols.BroadcastAlgorithm;
import icn.protocols.InvalidInputException;
import icn.protocols.LinkClass;
import icn.protocols.LinkLatency;
import icn.protocols.Partition;
import icn.protocols.RunMetrics;
import icn.protocols.topology.Topologies;
import icn.protocols.Topology;
import icn.protocols.fault.FaultPlan;
import icn.protocols.fault.FaultSpec;
import icn.protocols.wire.BroadcastSpec;
import icn.scenarios.report.AppliedFaults;
import icn.scenarios.report.ReportWriter;
import icn.scenarios.report.Charts;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.stream.IntStream;
import org.knowm.xchart.XYChart;

/**
 * Issue 6's third experiment: a worker JVM killed in the middle of a broadcast on a cluster of JVMs. The same broadcast runs without
 * faults, then with the kill under each member-loss policy ({@code continue}: the other JVMs go on without the lost one's nodes;
 * {@code abort}: the run ends with the report); each report says what was lost (node actors, messages in flight, nodes left
 * uninformed), how long the cluster took to detect the loss, and the coverage. The {@code continue} run is set beside the sequential
 * engine with every node of the killed JVM crashed at the kill step, computed here independently of the cluster.
 */
public final class KillJvmExperiment {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** One broadcast of the experiment: {@code run} is {@code no-faults}, {@code continue} or {@code abort}. */
    public record Run(String run, ObjectNode report) {
        /** Nodes holding the message after each step (element s: after step s; element 0 is the source alone). */
        public long[] perStepInformed() {
            JsonNode a = report.get("perStepInformed");
            long[] out = new long[a.size()];
            for (int i = 0; i < out.length; i++) {
                out[i] = a.get(i).asLong();
            }
            return out;
        }
    }

    /** The default broadcast of the experiment: Algorithm 4 on SCC_n, flooding elsewhere. */
    public static BroadcastAlgorithm defaultAlgorithm(Topology t) {
        return NetworkPrograms.of(t).papersBroadcasts() ? BroadcastAlgorithm.ONE_PORT : BroadcastAlgorithm.FLOODING;
    }

    /**
     * The setup of {@code kill} ({@code null}: the last worker JVM in the middle of the fault-free run) on {@code settings}, checked:
     * one line naming what is wrong otherwise.
     */
    public static Setup setup(Topology t, BroadcastAlgorithm algorithm, int source, FaultSpec.KillJvm kill,
            RunSettings settings) {
        if (kill != null) {
            return new Setup(t, algorithm, source, kill.jvm(), kill.step(), settings);
        }
        if (!algorithm.anyTopology() && !NetworkPrograms.of(t).papersBroadcasts()) { // checked here too: the default step runs it
            throw new InvalidInputException(algorithm.key() + " (001 Algorithms 4 and 5) is defined for scc:N, not " + t.name());
        }
        return new Setup(t, algorithm, source, settings.jvms() - 1, middleStep(t, algorithm, source), settings);
    }

    /** The member-loss policies to run: continue and/or abort, each once. */
    public static List<String> checkPolicies(List<String> policies) {
        policies.forEach(KillJvmExperiment::checkPolicy);
        if (policies.isEmpty() || policies.stream().distinct().count() != policies.size()) {
            throw new InvalidInputException("policies lists continue and/or abort, each once, not " + policies);
        }
        return List.copyOf(policies);
    }

    /** What was asked: the broadcast, the cluster, which worker JVM dies and when. */
    public record Setup(Topology topology, BroadcastAlgorithm algorithm, int source, int jvm, long step,
            RunSettings settings) {

        public Setup {
            if (settings.jvms() < 2) {
                throw new InvalidInputException("killing a JVM needs the actor engine on 2 or more JVMs, not " + settings.jvms());
            }
            if (jvm == 0) {
                throw new InvalidInputException("JVM 0 is the coordinator and cannot be killed: name a worker JVM 1.." + (settings.jvms() - 1));
            }
            if (jvm < 1 || jvm >= settings.jvms()) {
                throw new InvalidInputException("there is no worker JVM " + jvm + " on " + settings.jvms() + " JVMs: name one of 1.."
                        + (settings.jvms() - 1));
            }
            if (!algorithm.anyTopology() && !NetworkPrograms.of(topology).papersBroadcasts()) {
                throw new InvalidInputException(algorithm.key() + " (001 Algorithms 4 and 5) is defined for scc:N, not " + topology.name()
                        + ": use flooding or flooding-one-port");
            }
            long horizon = faultFreeSteps(topology, algorithm, source);
            if (step < 1 || step > horizon) {
                throw new InvalidInputException("kill step " + step + " is outside the run: without faults " + topology.name() + " "
                        + algorithm.key() + " sends in steps 1.." + horizon);
            }
        }

        /** The fault list of the run that kills the JVM under {@code policy}. */
        public FaultSpec faults(String policy) {
            return new FaultSpec(settings.seed(), 0, 0, true, null, null, List.of(new FaultSpec.KillJvm(jvm, step)),
                    policy.equals("continue"));
        }

        /** The nodes the killed JVM holds: those of its hosts under the run's partitioning. */
        public int[] killedNodes() {
            int hosts = settings.jvms() * settings.hosts();
            Partition p = new Partition(settings.partitioning(), hosts, topology.nodeCount(), Topologies.groupSize(topology));
            return IntStream.range(0, topology.nodeCount()).filter(v -> p.hostOf(v) / settings.hosts() == jvm).toArray();
        }
    }

    private KillJvmExperiment() {
    }

    /** The last step in which the fault-free broadcast sends (sequential engine). */
    public static long faultFreeSteps(Topology topology, BroadcastAlgorithm algorithm, int source) {
        BroadcastSpec spec = new BroadcastSpec(algorithm, 1, source);
        return Engine.reference().run(topology, Programs.of(topology, spec), RunRequest.of(topology, spec, LinkLatency.SYNCHRONOUS,
                FaultPlan.NONE)).metrics().steps();
    }

    /** The default kill step: the middle of the fault-free run. */
    public static long middleStep(Topology topology, BroadcastAlgorithm algorithm, int source) {
        return Math.max(1, (faultFreeSteps(topology, algorithm, source) + 1) / 2);
    }

    /** The broadcast without faults, on {@code engine}. */
    public static Run noFaults(Engine engine, Setup s) {
        FaultSpec none = FaultSpec.none(s.settings().seed());
        return new Run("no-faults", broadcast(engine, s, none));
    }

    /** The broadcast with the kill, under {@code policy} ({@code continue} or {@code abort}), on {@code engine} (a cluster it leaves one JVM short). */
    public static Run withKill(Engine engine, Setup s, String policy) {
        checkPolicy(policy);
        return new Run(policy, broadcast(engine, s, s.faults(policy)));
    }

    public static String checkPolicy(String policy) {
        if (!policy.equals("continue") && !policy.equals("abort")) {
            throw new InvalidInputException("a member-loss policy is continue or abort, not '" + policy + "'");
        }
        return policy;
    }

    private static ObjectNode broadcast(Engine engine, Setup s, FaultSpec spec) {
        FaultPlan plan = FaultRuns.planBroadcast(s.topology(), s.algorithm(), 1, s.source(), s.settings(), spec);
        return FaultRuns.broadcast(engine, s.topology(), s.algorithm(), 1, s.source(), s.settings(), spec, plan);
    }

    /** The same broadcast on the sequential engine with every node of the killed JVM crashed at the kill step. */
    public static RunMetrics sequentialReference(Setup s) {
        int[] dead = s.killedNodes();
        long[] steps = new long[dead.length];
        Arrays.fill(steps, s.step());
        int classes = LinkClass.values().length;
        FaultPlan plan = new FaultPlan(s.settings().seed(), dead, steps, new int[0], new int[0], new long[0], new long[0],
                new double[classes], new int[classes], new int[0], new long[0], true);
        BroadcastSpec spec = new BroadcastSpec(s.algorithm(), 1, s.source());
        return Engine.reference().run(s.topology(), Programs.of(s.topology(), spec, plan), RunRequest.of(s.topology(), spec,
                LinkLatency.SYNCHRONOUS, plan)).metrics();
    }

    /** Whether a run with the kill measured what the sequential reference did: informed nodes after every step, steps and sends. */
    public static boolean matches(Run run, RunMetrics reference) {
        long[] ref = reference.informedAfterEachStep(0);
        long[] got = run.perStepInformed();
        int n = Math.max(ref.length, got.length);
        for (int i = 0; i < n; i++) {
            long r = ref[Math.min(i, ref.length - 1)];
            long g = got[Math.min(i, got.length - 1)];
            if (r != g) {
                return false;
            }
        }
        return run.report().get("steps").asLong() == reference.steps()
                && run.report().get("accounting").get("sent").asLong() == reference.accounting().sent();
    }

    /** What the runs applied: nothing in the run without faults, the kill and its member-loss policy in each of the others. */
    public static AppliedFaults applied(List<Run> runs) {
        return AppliedFaults.across(runs.stream().map(r -> r.run() + " run").toList(),
                runs.stream().map(r -> AppliedFaults.fromJson(r.report().get("applied"))).toList());
    }

    /** The whole experiment as one JSON document. */
    public static ObjectNode json(Setup s, List<Run> runs, RunMetrics reference) {
        ObjectNode o = JSON.createObjectNode();
        o.put("experiment", "kill-jvm");
        o.put("topology", s.topology().name());
        o.put("nodes", s.topology().nodeCount());
        o.put("algorithm", s.algorithm().key());
        o.put("source", s.topology().label(s.source()));
        o.put("seed", s.settings().seed());
        o.put("jvms", s.settings().jvms());
        o.put("hostsPerJvm", s.settings().hosts());
        o.put("partitioning", s.settings().partitioning().key());
        o.put("killedJvm", s.jvm());
        o.put("killStep", s.step());
        o.put("killedJvmNodes", s.killedNodes().length);
        o.set("applied", applied(runs).json());
        ArrayNode a = o.putArray("runs");
        for (Run r : runs) {
            ObjectNode x = a.addObject();
            x.put("run", r.run());
            uninformedByTheLoss(runs, r).ifPresent(u -> x.put("uninformedByTheLoss", u));
            x.setAll(r.report());
        }
        ObjectNode ref = o.putObject("sequentialReference");
        ref.put("what", "the sequential engine with every node of JVM " + s.jvm() + " crashed at step " + s.step());
        ref.put("informed", reference.informed(0));
        ref.put("steps", reference.steps());
        ref.put("sent", reference.accounting().sent());
        runs.stream().filter(r -> r.run().equals("continue")).findFirst().ifPresent(r -> ref.put("continueRunMatches", matches(r, reference)));
        return o;
    }

    /** Nodes the run without faults informed and the killed run {@code r} did not; none for the run without faults itself. */
    static java.util.OptionalLong uninformedByTheLoss(List<Run> runs, Run r) {
        if (r.run().equals("no-faults")) {
            return java.util.OptionalLong.empty();
        }
        return runs.stream().filter(x -> x.run().equals("no-faults")).mapToLong(x -> x.report().get("informed").asLong()
                - r.report().get("informed").asLong()).findFirst();
    }

    /** The detection time of the kill in {@code r}, or NaN where there was none. */
    static double detectionSeconds(Run r) {
        JsonNode kills = r.report().path("memberLoss").path("kills");
        return kills.size() > 0 && kills.get(0).hasNonNull("detectionSeconds") ? kills.get(0).get("detectionSeconds").asDouble() : Double.NaN;
    }

    /** For the terminal. */
    public static String table(Setup s, List<Run> runs, RunMetrics reference) {
        StringBuilder sb = new StringBuilder();
        sb.append(String.format(Locale.ROOT, "%s (%,d nodes), %s from %s, %d JVMs × %d host(s), %s partitioning, seed %d%n",
                s.topology().name(), s.topology().nodeCount(), s.algorithm().key(), s.topology().label(s.source()), s.settings().jvms(),
                s.settings().hosts(), s.settings().partitioning().key(), s.settings().seed()));
        sb.append(String.format(Locale.ROOT, "worker JVM %d (%,d node actors) killed when the run reaches step %d%n", s.jvm(),
                s.killedNodes().length, s.step()));
        sb.append(applied(runs).line()).append("\n\n");
        // at most 120 columns: each run's accounting on a line of its own below the table
        sb.append(String.format(Locale.ROOT, "%-9s %8s %8s %9s %8s %5s %7s %9s %10s %10s%n", "run", "informed", "live",
                "reachable", "live cov", "steps", "stopped", "detection", "lost nodes", "uninformed"));
        StringBuilder accounting = new StringBuilder("\nsent = delivered + dropped + lost with member:\n");
        for (Run r : runs) {
            ObjectNode j = r.report();
            JsonNode loss = j.path("memberLoss");
            JsonNode acc = j.get("accounting");
            JsonNode d = acc.get("dropped");
            java.util.OptionalLong uninformed = uninformedByTheLoss(runs, r);
            long dropped = d.get("nodeCrashed").asLong() + d.get("linkCut").asLong() + d.get("lostInTransit").asLong();
            double det = detectionSeconds(r);
            boolean killed = !r.run().equals("no-faults");
            sb.append(String.format(Locale.ROOT, "%-9s %,8d %,8d %,9d %7.2f%% %5d %7s %9s %,10d %10s%n", r.run(),
                    j.get("informed").asLong(), j.get("liveNodes").asLong(), j.get("reachableLiveNodes").asLong(),
                    100.0 * j.get("informedLive").asLong() / Math.max(1, j.get("liveNodes").asLong()), j.get("steps").asLong(),
                    killed && loss.path("stoppedAtStep").isNumber() ? String.valueOf(loss.path("stoppedAtStep").asLong()) : "-",
                    Double.isNaN(det) ? "-" : String.format(Locale.ROOT, "%.1f s", det), loss.path("lostNodes").asLong(),
                    uninformed.isPresent() ? String.format(Locale.ROOT, "%,d", uninformed.getAsLong()) : "-"));
            accounting.append(String.format(Locale.ROOT, "  %-9s %,d = %,d + %,d + %,d %s%n", r.run(), acc.get("sent").asLong(),
                    acc.get("delivered").asLong(), dropped, acc.get("lostWithMember").asLong(), acc.get("balanced").asBoolean() ? "(balanced)" : "(DOES NOT BALANCE)"));
        }
        sb.append(accounting);
        sb.append(String.format(Locale.ROOT, "%nsequential engine, JVM %d's nodes crashed at step %d: informed %,d, steps %d, sent %,d", s.jvm(),
                s.step(), reference.informed(0), reference.steps(), reference.accounting().sent()));
        runs.stream().filter(r -> r.run().equals("continue")).findFirst()
                .ifPresent(r -> sb.append(matches(r, reference) ? "; the continue run measured the same, step by step"
                        : "; the continue run DIFFERS from it"));
        sb.append('\n');
        sb.append("informed: nodes that received the message, those of the killed JVM informed before the kill included; live cov: the\n")
                .append("live nodes informed over the live nodes (the killed JVM's nodes are not live); uninformed: nodes the run without\n")
                .append("faults informed and this run did not; detection: from the coordinator halting the worker to the cluster reporting it\n")
                .append("lost.\n");
        return sb.toString();
    }

    /** runs.csv: one row per run. */
    static String runsCsv(Setup s, List<Run> runs) {
        StringBuilder sb = new StringBuilder("run,topology,algorithm,jvms,killed_jvm,kill_step,informed,live_nodes,reachable_live_nodes,"
                + "coverage,live_coverage,reachable_coverage,steps,stopped_at_step,completed,continued,detection_seconds,lost_nodes,"
                + "uninformed_by_the_loss,sent,delivered,dropped_node_crashed,dropped_link_cut,lost_in_transit,lost_with_member,balanced,"
                + "wall_seconds,seed\n");
        for (Run r : runs) {
            ObjectNode j = r.report();
            JsonNode loss = j.path("memberLoss");
            JsonNode acc = j.get("accounting");
            JsonNode d = acc.get("dropped");
            java.util.OptionalLong uninformed = uninformedByTheLoss(runs, r);
            boolean killed = !r.run().equals("no-faults");
            double det = detectionSeconds(r);
            sb.append(String.join(",", r.run(), s.topology().name().replace(',', ';'), s.algorithm().key(),
                    String.valueOf(s.settings().jvms()), killed ? String.valueOf(s.jvm()) : "", killed ? String.valueOf(s.step()) : "",
                    j.get("informed").asText(), j.get("liveNodes").asText(), j.get("reachableLiveNodes").asText(),
                    j.get("coverage").asText(), j.get("liveCoverage").asText(), j.get("reachableCoverage").asText(), j.get("steps").asText(),
                    killed && loss.path("stoppedAtStep").isNumber() ? loss.path("stoppedAtStep").asText() : "", loss.path("completed").asText(""), loss.path("continued").asText(""),
                    Double.isNaN(det) ? "" : String.format(Locale.ROOT, "%.3f", det), loss.path("lostNodes").asText("0"),
                    uninformed.isPresent() ? String.valueOf(uninformed.getAsLong()) : "", acc.get("sent").asText(),
                    acc.get("delivered").asText(), d.get("nodeCrashed").asText(), d.get("linkCut").asText(), d.get("lostInTransit").asText(),
                    acc.get("lostWithMember").asText(), acc.get("balanced").asText(), String.format(Locale.ROOT, "%.3f",
                            j.get("wallSeconds").asDouble()), String.valueOf(s.settings().seed())));
            sb.append('\n');
        }
        return sb.toString();
    }

    /** steps.csv: nodes holding the message after each step (step 0: before the first send), one column per run (empty once a run has stopped). */
    static String stepsCsv(List<Run> runs, RunMetrics reference) {
        StringBuilder sb = new StringBuilder("step");
        runs.forEach(r -> sb.append(",informed_").append(r.run().replace('-', '_')));
        sb.append(",informed_sequential_reference\n");
        long[] ref = reference.informedAfterEachStep(0);
        int rows = ref.length;
        for (Run r : runs) {
            rows = Math.max(rows, r.perStepInformed().length);
        }
        for (int i = 0; i < rows; i++) {
            sb.append(i);
            for (Run r : runs) {
                long[] a = r.perStepInformed();
                sb.append(',').append(i < a.length ? String.valueOf(a[i]) : "");
            }
            sb.append(',').append(i < ref.length ? String.valueOf(ref[i]) : "").append('\n');
        }
        return sb.toString();
    }

    /**
     * Informed fraction after each step, one series per run, the sequential engine with the killed JVM's nodes crashed at the kill
     * step dashed beside them (what the {@code continue} run must match), and the kill step as a vertical line.
     */
    static XYChart chart(Setup s, List<Run> runs, RunMetrics reference) {
        XYChart chart = Charts.xy(Charts.title(String.format(Locale.ROOT, "Worker JVM %d of %d killed at step %d", s.jvm(), s.settings().jvms(),
                s.step()), s.topology().name(), s.algorithm().key(), String.valueOf(s.settings().seed())), "step",
                "informed fraction of all nodes");
        Charts.yRange(chart, 0, 1);
        Charts.integerXAxis(chart);
        double n = s.topology().nodeCount();
        int slot = 0;
        for (Run r : runs) {
            long[] a = r.perStepInformed();
            if (a.length == 0) {
                continue;
            }
            Charts.measured(chart, slot++, r.run(), steps(a.length), fractions(a, n));
        }
        long[] ref = reference.informedAfterEachStep(0);
        if (ref.length > 0) {
            Charts.reference(chart, Charts.BLACK_SLOT, "sequential engine, JVM " + s.jvm() + "'s nodes crashed at step " + s.step(),
                    steps(ref.length), fractions(ref, n));
        }
        // an event, not a reference: thin and solid, apart from the dashed reference of the same black
        Charts.verticalReference(chart, Charts.BLACK_SLOT, "kill (step " + s.step() + ")", s.step(), 0, 1)
                .setLineStyle(new java.awt.BasicStroke(1.2f));
        return chart;
    }

    private static double[] steps(int length) {
        return IntStream.range(0, length).asDoubleStream().toArray();
    }

    private static double[] fractions(long[] informed, double nodes) {
        return Arrays.stream(informed).mapToDouble(v -> v / nodes).toArray();
    }

    /** Writes result.json, runs.csv, steps.csv, coverage.png, coverage.svg and report.md into a new directory under {@code root}, whole or not at all. */
    public static Path write(Path root, String name, Setup s, List<Run> runs, RunMetrics reference) throws IOException {
        List<Run> copy = new ArrayList<>(runs);
        return ReportWriter.writeDirectory(root, name, dir -> {
            ReportWriter.writeJson(dir.resolve(ReportWriter.RESULT_JSON), json(s, copy, reference));
            ReportWriter.writeText(dir.resolve("runs.csv"), runsCsv(s, copy));
            ReportWriter.writeText(dir.resolve("steps.csv"), stepsCsv(copy, reference));
            FaultExperiments.png(chart(s, copy, reference), dir.resolve("coverage.png"));
            ReportWriter.writeText(dir.resolve(ReportWriter.REPORT_MD), "# A worker JVM killed mid-broadcast\n\n```\n" + table(s, copy, reference)
                    + "```\n\nPer run: `runs.csv`; informed nodes after every step: `steps.csv`; the chart as a vector image: "
                    + "`coverage.svg`.\n\n![coverage](coverage.png)\n");
        });
    }
}
