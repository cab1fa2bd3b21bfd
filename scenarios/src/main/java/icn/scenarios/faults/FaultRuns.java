package icn.scenarios.faults;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import icn.node.engine.Engine;
import icn.node.engine.FaultReach;
import icn.node.engine.RunResult;
import icn.node.engine.RunSettings;
import icn.node.kind.RouteSources;
import icn.node.routing.DfsRouting;
import icn.node.packet.RoutingPrograms;
import icn.node.program.ProgramFactory;
import icn.node.kind.Programs;
import icn.protocols.Bfs;
import icn.protocols.BroadcastAlgorithm;
import icn.protocols.LinkClass;
import icn.protocols.LinkLatency;
import icn.protocols.PacketLog;
import icn.protocols.RunMetrics;
import icn.protocols.Topology;
import icn.protocols.Accounting;
import icn.protocols.fault.FaultPlan;
import icn.protocols.fault.FaultSpec;
import icn.protocols.fault.SurvivingGraph;
import icn.protocols.wire.BroadcastSpec;
import icn.protocols.ProgramSpec;
import icn.protocols.wire.RoutingSpec;
import icn.scenarios.report.AccountingJson;
import icn.scenarios.report.AppliedFaults;
import java.util.HashMap;
import java.util.Map;

/**
 * Broadcasts and routing sweeps with faults injected (issue 6), on the actor engine or the sequential engine, reported with what was
 * injected ({@code faults}), how every link message ended ({@code accounting}, with the check sent = delivered + dropped + lost) and
 * what survived: for a broadcast the nodes informed beside the live nodes the source still reaches; for routing the packets delivered,
 * those undeliverable (source or destination crashed, or cut off in the surviving graph) and the stretch of the delivered walks over
 * the distance in the surviving graph ({@link SurvivingGraph}).
 */
public final class FaultRuns {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** What a run with faults measured, on whichever engine ran it (node actors add what went with a lost member). */
    public record Measured(RunResult result, double wallSeconds) {
        public RunMetrics metrics() {
            return result.metrics();
        }

        /** The accounting of the run: on node actors it knows what went with a lost member. */
        public Accounting accounting() {
            return result.accounting();
        }

        /** The nodes that went with lost cluster members (none on one JVM): the yardstick counts them as crashed. */
        public int[] lostNodeIds() {
            return result.lostNodeIds();
        }
    }

    private FaultRuns() {
    }

    /** Runs {@code spec} with {@code plan} on {@code engine}, with the JVMs, hosts and partitioning of {@code settings}. */
    public static Measured run(Engine engine, Topology topology, ProgramSpec spec, ProgramFactory programs, FaultPlan plan,
            RunSettings settings) {
        long start = System.nanoTime();
        RunResult r = engine.run(topology, programs, settings.request(topology, spec, LinkLatency.SYNCHRONOUS, plan));
        return new Measured(r, (System.nanoTime() - start) / 1e9);
    }

    /** The plan of a broadcast with faults, checked (labels, steps within the run, JVMs): call before any actor system starts. */
    public static FaultPlan planBroadcast(Topology topology, BroadcastAlgorithm algorithm, int messages, int source,
            RunSettings settings, FaultSpec faults) {
        ProgramFactory programs = Programs.of(topology, new BroadcastSpec(algorithm, messages, source));
        FaultPlan plan = faults.resolve(topology, new int[] {source}, settings.jvms());
        FaultReach.check(topology, programs, plan);
        return plan;
    }

    /** One broadcast with faults ({@code plan} from {@link #planBroadcast}), reported. */
    public static ObjectNode broadcast(Engine engine, Topology topology, BroadcastAlgorithm algorithm, int messages, int source,
            RunSettings settings, FaultSpec faults, FaultPlan plan) {
        BroadcastSpec spec = new BroadcastSpec(algorithm, messages, source);
        ProgramFactory programs = Programs.of(topology, spec);
        Measured m = run(engine, topology, spec, programs, plan, settings);
        SurvivingGraph surviving = new SurvivingGraph(topology, plan, m.lostNodeIds());
        int[] dist = surviving.distancesFrom(source);
        long reachable = java.util.Arrays.stream(dist).filter(d -> d != Bfs.UNREACHED).count();
        ObjectNode o = JSON.createObjectNode();
        o.put("topology", topology.name());
        o.put("algorithm", algorithm.key());
        o.put("messages", messages);
        o.put("source", topology.label(source));
        o.put("nodes", topology.nodeCount());
        o.put("seed", faults.seed());
        o.put("engine", settings.engine().key());
        o.put("jvms", settings.jvms());
        o.put("steps", m.metrics().steps());
        long informed = m.metrics().informed(0);
        o.put("informed", informed);
        o.put("informedLive", informed - m.metrics().informedDead());
        o.put("liveNodes", surviving.liveNodes());
        o.put("reachableLiveNodes", reachable);
        o.put("coverage", (double) informed / topology.nodeCount());
        o.put("liveCoverage", (double) informed / surviving.liveNodes());
        o.put("reachableCoverage", reachable == 0 ? 0 : (double) informed / reachable);
        ArrayNode perStep = o.putArray("perStepInformed");
        for (long k : m.metrics().informedAfterEachStep(0)) {
            perStep.add(k);
        }
        o.set("applied", AppliedFaults.of(topology, plan).json());
        o.set("faults", faultsJson(topology, plan, faults));
        o.set("accounting", AccountingJson.of(m.accounting()));
        putMemberLoss(o, m);
        o.put("wallSeconds", m.wallSeconds());
        return o;
    }

    /**
     * Packets of a routing sweep with faults: which were delivered, which could not be, and the stretch of the delivered walks.
     * {@code delivered} counts every delivered packet; {@code deliveredUndeliverable} those of them the surviving graph judged
     * undeliverable. The surviving graph is conservative for timed faults (a node crashed at step s is dead from the start, a link cut
     * for a while is cut for good), so a packet can reach a node before it crashes or cross a link before its cut; without timed faults
     * the count is 0, and anything else would mean the yardstick over-counts {@code undeliverable}. Reports show it rather than hide it
     * in a clamped ratio.
     */
    public record RouteOutcome(long packets, long delivered, long undeliverable, long deliveredUndeliverable, long deliverableLost,
            long gaveUp, long hopLimited, double meanStretch, double maxStretch, double meanHops) {

        /** Packets judged deliverable. */
        public long deliverable() {
            return packets - undeliverable;
        }

        /** Deliverable packets delivered, over the deliverable packets (1 when none is deliverable); never above 1. */
        public double deliveryRatio() {
            return deliverable() == 0 ? 1.0 : (double) (delivered - deliveredUndeliverable) / deliverable();
        }
    }

    /**
     * The plan of a routing sweep with faults, checked: call before any actor system starts. Random faults spare the endpoints of a
     * one-packet sweep and the identity of a to-identity sweep (unless the spec says otherwise); in other sweeps packets whose source or
     * destination crashed count as undeliverable.
     */
    public static FaultPlan planRoute(Topology topology, RoutingSpec spec, RunSettings settings, FaultSpec faults) {
        RoutingPrograms programs = new RoutingPrograms(topology, spec, RouteSources.of(topology, spec));
        String sweep = spec.sweep();
        int[] endpoints = programs.packets() == 1 ? new int[] {programs.source(0), programs.destination(0)}
                : sweep.equals("to-identity") ? new int[] {0} : new int[0];
        FaultPlan plan = faults.resolve(topology, endpoints, settings.jvms());
        if (plan.lastFaultStep() > 1) { // checked against the run these faults make, with the routes they make (003's detours)
            FaultReach.check(topology, new RoutingPrograms(topology, spec, RouteSources.of(topology, spec, plan)), plan);
        }
        return plan;
    }

    /** A routing sweep with faults ({@code plan} from {@link #planRoute}), reported. */
    public static ObjectNode route(Engine engine, Topology topology, RoutingSpec spec, RunSettings settings,
            FaultSpec faults, FaultPlan plan) {
        RoutingPrograms programs = new RoutingPrograms(topology, spec, RouteSources.of(topology, spec, plan));
        Measured m = run(engine, topology, spec, programs, plan, settings);
        RouteOutcome r = outcome(topology, programs, plan, m.metrics(), m.lostNodeIds());
        ObjectNode o = JSON.createObjectNode();
        o.put("topology", topology.name());
        o.put("algorithm", spec.algorithm());
        o.put("mode", spec.mode());
        o.put("sweep", spec.sweep());
        o.put("seed", spec.seed());
        if (spec.algorithm().equals(DfsRouting.KEY)) {
            o.put("hopLimit", new DfsRouting(topology, spec.hopLimit()).hopLimit());
        }
        o.put("engine", settings.engine().key());
        o.put("jvms", settings.jvms());
        o.put("steps", m.metrics().steps());
        o.put("packets", r.packets());
        o.put("delivered", r.delivered());
        o.put("undeliverable", r.undeliverable());
        o.put("deliveredUndeliverable", r.deliveredUndeliverable());
        o.put("deliverableNotDelivered", r.deliverableLost());
        o.put("gaveUp", r.gaveUp());
        o.put("hopLimited", r.hopLimited());
        o.put("deliveryRatio", r.deliveryRatio());
        o.put("meanHops", r.meanHops());
        o.putObject("stretch").put("mean", r.meanStretch()).put("max", r.maxStretch());
        o.put("invalidHops", m.metrics().packets().totalInvalidHops());
        o.set("applied", AppliedFaults.of(topology, plan).json());
        o.set("faults", faultsJson(topology, plan, faults));
        o.set("accounting", AccountingJson.of(m.accounting()));
        putMemberLoss(o, m);
        o.put("wallSeconds", m.wallSeconds());
        return o;
    }

    /**
     * Counts delivered and undeliverable packets (source or destination crashed, or no path from the source to the destination in the
     * surviving graph), the delivered packets among the undeliverable ones, and the stretch of the delivered deliverable walks (hops
     * over the surviving-graph distance; pairs with distance 0 left out).
     */
    public static RouteOutcome outcome(Topology topology, RoutingPrograms programs, FaultPlan plan, RunMetrics metrics) {
        return outcome(topology, programs, plan, metrics, new int[0]);
    }

    /** The same, with the nodes that went with lost cluster members counted as crashed. */
    public static RouteOutcome outcome(Topology topology, RoutingPrograms programs, FaultPlan plan, RunMetrics metrics, int[] lostNodes) {
        PacketLog log = metrics.packets();
        SurvivingGraph surviving = new SurvivingGraph(topology, plan, lostNodes);
        Map<Integer, int[]> toDestination = new HashMap<>();
        int[] hopsOf = new int[programs.packets()];
        java.util.Arrays.fill(hopsOf, -1);
        for (int i = 0; i < log.size(); i++) {
            hopsOf[log.id(i)] = log.hops(i);
        }
        long undeliverable = 0;
        long delivered = 0;
        long deliveredUndeliverable = 0;
        long lost = 0;
        double sumStretch = 0;
        double maxStretch = 0;
        long stretched = 0;
        long sumHops = 0;
        for (int id = 0; id < programs.packets(); id++) {
            int s = programs.source(id);
            int d = programs.destination(id);
            int[] dist = toDestination.computeIfAbsent(d, surviving::distancesTo);
            boolean deliverable = dist[s] != Bfs.UNREACHED;
            if (!deliverable) {
                undeliverable++;
            }
            if (hopsOf[id] >= 0) {
                delivered++;
                if (!deliverable) {
                    deliveredUndeliverable++;
                }
                sumHops += hopsOf[id];
                if (deliverable && dist[s] > 0) {
                    double stretch = (double) hopsOf[id] / dist[s];
                    sumStretch += stretch;
                    maxStretch = Math.max(maxStretch, stretch);
                    stretched++;
                }
            } else if (deliverable) {
                lost++;
            }
        }
        return new RouteOutcome(programs.packets(), delivered, undeliverable, deliveredUndeliverable, lost, metrics.gaveUp(),
                metrics.hopLimited(),
                stretched == 0 ? 1.0 : sumStretch / stretched,
                stretched == 0 ? 1.0 : maxStretch, delivered == 0 ? 0 : (double) sumHops / delivered);
    }

    /** The {@code faults} object of a report: what was injected, with labels and steps. */
    public static ObjectNode faultsJson(Topology t, FaultPlan plan, FaultSpec spec) {
        ObjectNode f = JSON.createObjectNode();
        f.put("seed", plan.seed());
        f.putObject("random").put("nodes", spec.randomNodes()).put("links", spec.randomLinks()).put("spareEndpoints", spec.spareEndpoints());
        ArrayNode crashed = f.putArray("crashedNodes");
        for (int i = 0; i < plan.crashNodes().length; i++) {
            crashed.addObject().put("label", t.label(plan.crashNodes()[i])).put("step", plan.crashSteps()[i]);
        }
        ArrayNode cut = f.putArray("cutLinks");
        for (int i = 0; i < plan.cutNodes().length; i++) {
            int u = plan.cutNodes()[i];
            int p = plan.cutPorts()[i];
            ObjectNode c = cut.addObject().put("from", t.label(u)).put("port", t.portName(p)).put("to", t.label(t.neighbour(u, p)))
                    .put("step", plan.cutFrom()[i]);
            if (plan.cutUntil()[i] == FaultPlan.NEVER) {
                c.putNull("restoredAt");
            } else {
                c.put("restoredAt", plan.cutUntil()[i]);
            }
        }
        ObjectNode loss = f.putObject("loss");
        ObjectNode delay = f.putObject("extraDelay");
        java.util.TreeSet<LinkClass> classes = new java.util.TreeSet<>();
        for (int p = 0; p < t.portCount(); p++) {
            classes.add(t.linkClass(p));
        }
        for (LinkClass c : classes) {
            loss.put(c.key(), plan.loss(c));
            delay.put(c.key(), plan.extraDelay(c));
        }
        ArrayNode kills = f.putArray("killedJvms");
        for (int i = 0; i < plan.killJvms().length; i++) {
            kills.addObject().put("jvm", plan.killJvms()[i]).put("step", plan.killSteps()[i]);
        }
        f.put("onMemberLoss", plan.continueOnMemberLoss() ? "continue" : "abort");
        return f;
    }


    private static void putMemberLoss(ObjectNode o, Measured m) {
        RunResult r = m.result();
        if (!r.engine().actors()) {
            return;
        }
        ObjectNode loss = o.putObject("memberLoss");
        ArrayNode lost = loss.putArray("lostMembers");
        r.lostMembers().forEach(lost::add);
        // completed: the run reached its end, on every JVM or (on-member-loss = continue) on the survivors; stoppedAtStep: the last
        // step of a run that did not (null for one that did: its hosts' last reported step is the agreed end, one past the steps)
        boolean reachedEnd = r.completed() || r.continued();
        loss.put("completed", reachedEnd);
        loss.put("continued", r.continued());
        if (reachedEnd) {
            loss.putNull("stoppedAtStep");
        } else {
            loss.put("stoppedAtStep", r.stoppedAtStep());
        }
        loss.put("lostNodes", r.lostNodes());
        ArrayNode kills = loss.putArray("kills");
        for (RunResult.Kill k : r.kills()) {
            ObjectNode kill = kills.addObject().put("jvm", k.jvm()).put("member", k.member()).put("step", k.step());
            if (k.detectionSeconds() >= 0) {
                kill.put("detectionSeconds", k.detectionSeconds());
            } else {
                kill.putNull("detectionSeconds");
            }
        }
    }
}
