package icn.launcher.output;

import icn.node.engine.EngineKind;
import icn.protocols.LinkClass;
import icn.scenarios.broadcast.BroadcastExperiment;
import icn.scenarios.broadcast.BroadcastReport;
import icn.scenarios.broadcast.BroadcastRun;
import icn.scenarios.report.AppliedFaults;
import java.util.Arrays;
import java.util.stream.Collectors;

/** Human-readable renderings for the terminal; JSON goes through the reports of {@code scenarios}. */
public final class Texts {

    private Texts() {
    }

    public static String broadcast(BroadcastReport report, BroadcastExperiment.Timing timing) {
        BroadcastRun run = report.run();
        StringBuilder sb = new StringBuilder();
        sb.append(String.format("%s (%,d nodes), %s, B = %d, source %s, seed %d, %s engine%s%n", run.topology(), run.nodes(),
                run.algorithm(), run.messages(), run.source(), run.seed(), run.engine(),
                run.engine().equals(EngineKind.ACTORS.key()) ? ", " + run.jvms() + " JVM(s) x " + run.hosts() + " host(s), " + run.partitioning() : ""));
        applied(sb, report.applied().summary(), 22);
        sb.append(String.format("%-22s %12s %12s  %s%n", "", "measured", "paper", report.paperSource()));
        if (report.sequence() != null) {
            return sequence(sb, report, timing);
        }
        row(sb, "steps", report.measuredSteps(), report.paperSteps());
        row(sb, "lateral steps", report.measuredLateralSteps(), report.paperLateralSteps());
        row(sb, "local steps", report.measuredLocalSteps(), report.paperLocalSteps());
        sb.append(String.format("%-22s %12s %12s  %s%n", "full coverage step", steps(report.measuredFullCoverage()),
                steps(report.paperFullCoverage()), report.fullCoverageAgrees() ? "" : "DIFFERS"));
        sb.append(String.format("%-22s %,12d %12s%n", "informed (message 1)", run.metrics().informed(0),
                String.format("of %,d", run.nodes()))); // one way of writing a count: 3,600 of 3,600
        sb.append(String.format("%-22s lateral %,d, local %,d%n", "link messages", run.metrics().linkMessages(LinkClass.LATERAL),
                run.metrics().linkMessages(LinkClass.LOCAL)));
        sb.append(String.format("%-22s %,12d of %d local steps%n", "steps w/ local traffic", run.metrics().stepsUsing(LinkClass.LOCAL),
                report.measuredLocalSteps()));
        if (run.jvms() > 1) {
            sb.append(String.format("%-22s lateral %,d, local %,d%n", "crossed JVMs", run.crossJvmLateral(), run.crossJvmLocal()));
        }
        if (timing != null) {
            sb.append(actorEngine(timing));
        }
        sb.append(String.format("%-22s %s%n", "accounting", run.accounting().describe()));
        sb.append(String.format("%-22s %.2f s%n", "wall", run.wallSeconds()));
        return sb.toString();
    }

    /**
     * The node actors' times: the spawn, or the reset of the network a standing cluster's worker kept from the run before on it,
     * and the run.
     */
    private static String actorEngine(BroadcastExperiment.Timing timing) {
        boolean kept = timing.actor() != null && timing.actor().networkKept();
        return String.format("%-22s %s %.2f s, run %.2f s, %,d node activations%n", "actor engine",
                kept ? "network kept from the run before, reset" : "spawn", timing.spawnSeconds(), timing.runSeconds(), timing.activations());
    }

    /** A broadcasting sequence of 001 §8.1–8.3: the sequence's steps beside 001's, then the steps until every node was informed. */
    private static String sequence(StringBuilder sb, BroadcastReport report, BroadcastExperiment.Timing timing) {
        icn.scenarios.broadcast.StarSequenceRun q = report.sequence();
        String bound = q.paperIsBound() ? "ABOVE BOUND" : "DIFFERS";
        sequenceRow(sb, "lateral link steps", q.lateralSteps(), report.paperLateralSteps(), report.lateralStepsAgree() ? "" : bound);
        sequenceRow(sb, "local link steps", q.localSteps(), report.paperLocalSteps(), report.localStepsAgree() ? "" : bound);
        sequenceRow(sb, "total steps", q.totalSteps(), report.paperSteps(), report.stepsAgree() ? "" : bound);
        sb.append(String.format("%-22s %12s %12s  %s%n", "until all informed", q.stepsUntilAllInformed() < 0 ? "never" : q.stepsUntilAllInformed(),
                "", "sequence, then " + q.completionSteps() + " ring-completion steps"));
        sb.append(String.format("%-22s %s%n", "sequence", q.network()));
        if (q.prologueSteps() > 0) {
            sb.append(String.format("%-22s %d local steps from the source to the first star operation (in local link steps)%n", "prologue",
                    q.prologueSteps()));
        }
        BroadcastRun run = report.run();
        sb.append(String.format("%-22s %,12d %12s%n", "informed", run.metrics().informed(0), String.format("of %,d", run.nodes())));
        sb.append(String.format("%-22s lateral %,d, local %,d%n", "link messages", run.metrics().linkMessages(LinkClass.LATERAL),
                run.metrics().linkMessages(LinkClass.LOCAL)));
        if (timing != null) {
            sb.append(actorEngine(timing));
        }
        sb.append(String.format("%-22s %s%n", "accounting", run.accounting().describe()));
        sb.append(String.format("%-22s %.2f s%n", "wall", run.wallSeconds()));
        return sb.toString();
    }

    private static void sequenceRow(StringBuilder sb, String name, long measured, long paper, String flag) {
        sb.append(String.format("%-22s %12d %12d  %s%n", name, measured, paper, flag));
    }

    /** One line on a run that lost a member. */
    public static String memberLoss(BroadcastExperiment.Outcome outcome) {
        var actor = outcome.timing().actor();
        BroadcastRun run = outcome.run();
        if (actor.completed()) {
            return String.format("%s %s B=%d on %d JVMs: member %s was lost after the run had finished (while its hosts were being"
                    + " stopped); the measurements are complete", run.topology(), run.algorithm(), run.messages(), run.jvms(),
                    String.join(", ", actor.lostMembers()));
        }
        String when = actor.stoppedAtStep() == 0 ? "while node actors were being spawned, before step 1"
                : "at step " + actor.stoppedAtStep();
        return String.format("%s %s B=%d on %d JVMs: member %s was lost %s; %,d of the run's node actors were on it;"
                + " %,d of %,d nodes were known to hold the first message (survivors' count)", run.topology(), run.algorithm(),
                run.messages(), run.jvms(), String.join(", ", actor.lostMembers()), when, actor.lostNodes(),
                run.metrics().informed(0), run.nodes());
    }

    private static void row(StringBuilder sb, String name, long measured, long paper) {
        sb.append(String.format("%-22s %12d %12d  %s%n", name, measured, paper, measured == paper ? "" : "DIFFERS"));
    }

    private static String steps(long[] steps) {
        String s = Arrays.stream(steps).mapToObj(v -> v < 0 ? "never" : Long.toString(v)).collect(Collectors.joining(","));
        return s.length() > 12 ? s.substring(0, 11) + "…" : s;
    }

    /** {@code icn topology} of any network (the {@code NetworkReport} JSON): measured beside the papers' formulas. */
    public static String network(com.fasterxml.jackson.databind.JsonNode r) {
        StringBuilder sb = new StringBuilder();
        sb.append(String.format("%s%s: %,d nodes%n", r.get("topology").asText(), r.path("directed").asBoolean() ? " (directed)" : "",
                r.get("nodes").asLong()));
        sb.append(String.format("%-26s %14s %14s  %s%n", "", "measured", "formula", "source"));
        for (var f : r.path("formulas")) {
            String relation = switch (f.path("relation").asText()) {
                case "at-most" -> "≤ ";
                case "at-least" -> "≥ ";
                case "reference" -> "~ ";
                default -> "";
            };
            boolean disagrees = f.hasNonNull("agrees") && !f.get("agrees").asBoolean();
            sb.append(String.format("%-26s %14s %14s  %s%s%n", metric(f.get("metric").asText()), number(f.get("measured")),
                    relation + number(f.get("formula")), f.get("source").asText(), disagrees ? "  ✗ DISAGREES" : ""));
        }
        var degree = r.path("degree");
        sb.append(String.format("%-26s %14s%n", r.path("directed").asBoolean() ? "out-degree" : "degree",
                degree.get("min").asLong() == degree.get("max").asLong() ? degree.get("min").asText()
                        : degree.get("min").asText() + ".." + degree.get("max").asText()));
        StringBuilder links = new StringBuilder();
        r.path("links").fields().forEachRemaining(e -> links.append(links.length() == 0 ? "" : ", ").append(e.getKey()).append(' ')
                .append(String.format("%,d", e.getValue().asLong())));
        sb.append(String.format("%-26s %s%n", "links", links));
        sb.append(String.format("%-26s %14s%n", "connected", r.path("connected").asBoolean() ? "yes" : "NO"));
        sb.append(String.format("%-26s %14s%n", "diameter (BFS)", r.path("diameter").asText()));
        sb.append(String.format("%-26s %14.6f%n", "average distance (BFS)", r.path("averageDistance").asDouble()));
        sb.append(String.format("%-26s %s%n", "distances measured from", r.path("distancesFrom").asText()));
        sb.append(r.path("agrees").asBoolean(true) ? "every formula agrees with the measurement\n"
                : "the measurement disagrees with a formula (✗ above); the measurement stands\n");
        return sb.toString();
    }

    private static String metric(String key) {
        return switch (key) {
            case "minDegree" -> "min degree";
            case "maxDegree" -> "max degree";
            case "minUndirectedDegree" -> "min undirected degree";
            case "maxUndirectedDegree" -> "max undirected degree";
            case "averageDistance" -> "average distance";
            case "multiPortFloodingSteps" -> "flooding steps, multi-port";
            case "onePortFloodingSteps" -> "flooding steps, one-port";
            default -> key;
        };
    }

    private static String number(com.fasterxml.jackson.databind.JsonNode v) {
        if (v == null || v.isNull()) {
            return "-";
        }
        return v.isIntegralNumber() ? String.format("%,d", v.asLong()) : v.isNumber() ? String.format("%.6f", v.asDouble()) : v.asText();
    }

    /** Flooding on any network (the {@code FloodingRun} JSON). */
    public static String flooding(com.fasterxml.jackson.databind.JsonNode r) {
        StringBuilder sb = new StringBuilder();
        sb.append(String.format("%s (%,d nodes), %s from %s, seed %d, %s engine, %d JVM(s)%n", r.get("topology").asText(),
                r.get("nodes").asLong(), r.get("algorithm").asText(), r.get("source").asText(), r.get("seed").asLong(),
                r.get("engine").asText(), r.get("jvms").asInt()));
        applied(sb, r);
        var bfs = r.path("bfs");
        var full = r.path("fullCoverageStep");
        sb.append(String.format("%-22s %,d of %,d nodes%s%n", "informed", r.get("informed").asLong(), r.get("nodes").asLong(),
                !full.isNumber() || full.asLong() < 0 ? "; never all" : ", all by step " + full.asLong()));
        sb.append(String.format("%-22s %d (the source reaches %,d nodes; %s)%n", "BFS eccentricity", bfs.path("eccentricity").asLong(),
                bfs.path("reached").asLong(), r.get("algorithm").asText().equals("flooding")
                        ? (r.path("agrees").asBoolean() ? "multi-port flooding finished at it, as it must" : "flooding DID NOT finish at it")
                        : "one-port flooding takes at least as long"));
        sb.append(String.format("%-22s %d (the last step a link carried a message)%n", "steps", r.get("steps").asLong()));
        var lm = r.path("linkMessages");
        StringBuilder links = new StringBuilder();
        StringBuilder cross = new StringBuilder();
        lm.fields().forEachRemaining(e -> {
            if (e.getValue().isNumber()) {
                links.append(links.length() == 0 ? "" : ", ").append(e.getKey()).append(String.format(" %,d", e.getValue().asLong()));
            }
        });
        lm.path("crossJvm").fields().forEachRemaining(e -> cross.append(cross.length() == 0 ? "" : ", ").append(e.getKey())
                .append(String.format(" %,d", e.getValue().asLong())));
        sb.append(String.format("%-22s %s%s%n", "link messages", links, r.get("jvms").asInt() > 1 ? "; crossed JVMs: " + cross : ""));
        sb.append(String.format("%-22s %s (after steps 0, 1, …)%n", "informed per step", abbreviate(r.path("perStepInformed").toString(), 160)));
        tail(sb, r);
        return sb.toString();
    }

    /** A routing sweep without faults (the {@code RouteSweep} JSON), SCC_n or any other network. */
    public static String routeSweep(com.fasterxml.jackson.databind.JsonNode r) {
        StringBuilder sb = new StringBuilder();
        sb.append(String.format("%s %s, %s routing, sweep %s: %,d routes, seed %d, %s engine, %d JVM(s)%n", r.get("topology").asText(),
                r.get("algorithm").asText(), r.get("mode").asText(), r.get("sweep").asText(), r.get("routes").asLong(),
                r.get("seed").asLong(), r.get("engine").asText(), r.get("jvms").asInt()));
        applied(sb, r);
        var mean = r.path("mean");
        var paper = r.path("paper");
        sb.append(String.format("%-22s %12s %12s %12s", "", "measured", "BFS", paper.isMissingNode() ? "" : "paper").stripTrailing()).append('\n');
        if (mean.has("lateral")) {
            sb.append(String.format("%-22s %12.4f %12s %12.4f%n", "mean lateral", mean.get("lateral").asDouble(), "",
                    paper.path("lateral").asDouble()));
            sb.append(String.format("%-22s %12.4f %12s %12.4f%n", "mean MI local", mean.get("miLocal").asDouble(), "",
                    paper.path("miLocal").asDouble()));
            sb.append(String.format("%-22s %12.4f %12s %12s%n", "mean MB local", mean.get("mbLocal").asDouble(), "",
                    paper.has("mbLocalRandom") ? String.format("%.4f", paper.get("mbLocalRandom").asDouble()) + " (random)" : ""));
        }
        var bfs = r.path("bfs");
        boolean measuredBfs = bfs.isObject(); // a sweep too large for a BFS per destination has none
        sb.append(String.format("%-22s %12.4f %12s %12s", "mean route length", mean.get("total").asDouble(),
                measuredBfs ? String.format("%.4f", bfs.get("mean").asDouble()) : "–", paper.has("distanceBound")
                        ? String.format("≤ %.4f", paper.get("distanceBound").asDouble()) : "").stripTrailing()).append('\n');
        sb.append(String.format("%-22s %12d %12s%n", "longest route", r.get("max").asLong(), measuredBfs ? bfs.get("max").asText() : "–"));
        if (measuredBfs) {
            var stretch = r.path("stretch");
            sb.append(String.format("%-22s %,d of %,d routes as short as BFS; %,d below BFS%s%n", "shortest", bfs.path("shortestRoutes").asLong(),
                    r.get("routes").asLong(), bfs.path("belowBfs").asLong(), stretch.isObject() ? String.format("; stretch mean %.4f, max %.4f",
                            stretch.get("mean").asDouble(), stretch.get("max").asDouble()) : ""));
        } else {
            sb.append(String.format("%-22s not measured: the sweep has too many destinations for a BFS from each%n", "BFS"));
        }
        var worst = r.path("worst");
        if (worst.isObject()) {
            sb.append(String.format("%-22s %s -> %s, %d links%n", "worst route", worst.path("source").asText(),
                    worst.path("destination").asText(), worst.path("cost").asLong()));
        }
        sb.append(String.format("%-22s %s%n", "length histogram", abbreviate(r.path("histogram").toString(), 160)));
        sb.append(String.format("%-22s %s; every walk %s the router's route%s%n", "delivered",
                r.path("allDelivered").asBoolean() ? "every packet" : "NOT every packet", r.path("matchesPureRoutes").asBoolean() ? "is"
                        : "is NOT", r.path("invalidHops").asLong() == 0 ? "" : String.format("; %,d INVALID hops", r.get("invalidHops").asLong())));
        if (paper.has("source")) {
            sb.append(String.format("%-22s %s%n", "paper", paper.get("source").asText()));
        }
        tail(sb, r);
        return sb.toString();
    }

    private static String abbreviate(String s, int max) {
        return s.length() <= max ? s : s.substring(0, max - 1) + "…";
    }

    /** A broadcast with faults, for the terminal. */
    public static String faultyBroadcast(com.fasterxml.jackson.databind.JsonNode r) {
        StringBuilder sb = new StringBuilder();
        sb.append(String.format("%s (%,d nodes), %s, source %s, seed %d, %s engine, %d JVM(s)%n", r.get("topology").asText(),
                r.get("nodes").asLong(), r.get("algorithm").asText(), r.get("source").asText(), r.get("seed").asLong(),
                r.get("engine").asText(), r.get("jvms").asInt()));
        applied(sb, r);
        sb.append(String.format("%-22s %s%n", "informed", informedLive(r)));
        sb.append(String.format("%-22s %d%n", "steps", r.get("steps").asLong()));
        tail(sb, r);
        return sb.toString();
    }

    /** A routing sweep with faults, for the terminal. */
    public static String faultyRoute(com.fasterxml.jackson.databind.JsonNode r) {
        StringBuilder sb = new StringBuilder();
        sb.append(String.format("%s %s, %s routing, sweep %s, seed %d, %s engine, %d JVM(s)%n", r.get("topology").asText(),
                r.get("algorithm").asText(), r.get("mode").asText(), r.get("sweep").asText(), r.get("seed").asLong(),
                r.get("engine").asText(), r.get("jvms").asInt()));
        applied(sb, r);
        sb.append(String.format("%-22s %,d of %,d packets; %,d undeliverable (endpoint crashed or cut off); %,d deliverable but not"
                + " delivered; delivery ratio %.4f%n", "delivered", r.get("delivered").asLong(), r.get("packets").asLong(),
                r.get("undeliverable").asLong(), r.get("deliverableNotDelivered").asLong(), r.get("deliveryRatio").asDouble()));
        if (r.path("deliveredUndeliverable").asLong() > 0) { // possible with timed faults: the surviving graph counts them from step 1
            sb.append(String.format("%-22s %,d of the delivered packets were judged undeliverable (an endpoint crashed or a link was cut"
                    + " later); the ratio leaves them out%n", "", r.get("deliveredUndeliverable").asLong()));
        }
        sb.append(String.format("%-22s %,d (no way left)%s; %,d dropped at the hop limit%n", "given up", r.get("gaveUp").asLong(),
                r.has("hopLimit") ? String.format(", hop limit %,d", r.get("hopLimit").asLong()) : "", r.get("hopLimited").asLong()));
        sb.append(String.format("%-22s mean %.4f, max %.4f (walk over the distance in the surviving graph); mean hops %.3f%n", "stretch",
                r.get("stretch").get("mean").asDouble(), r.get("stretch").get("max").asDouble(), r.get("meanHops").asDouble()));
        tail(sb, r);
        return sb.toString();
    }

    /** Whether a run with faults ended as it should: it completed or lost a member under the policy, and its accounting balances. */
    public static boolean faultRunEnded(com.fasterxml.jackson.databind.JsonNode r) {
        boolean balanced = r.get("accounting").get("balanced").asBoolean();
        var loss = r.get("memberLoss");
        // a loss the fault plan caused (a kill) ends as the plan says; a loss nobody planned is a run that could not finish
        boolean completed = loss == null || loss.get("completed").asBoolean() || loss.path("continued").asBoolean()
                || loss.get("kills").size() > 0 && loss.get("kills").size() == loss.get("lostMembers").size();
        return balanced && completed;
    }

    /** The {@code applied} row: what the run applied beyond the papers' model ({@code AppliedFaults}), or none. */
    private static void applied(StringBuilder sb, com.fasterxml.jackson.databind.JsonNode r) {
        applied(sb, r.get("applied").get("summary").asText(), 22);
    }

    /** The {@code applied} row of {@code summary} in a table whose labels are {@code column} wide, wrapped under its column. */
    public static void applied(StringBuilder sb, String summary, int column) {
        sb.append(AppliedFaults.wrap(String.format("%-" + column + "s ", "applied"), summary, column + 1)).append(System.lineSeparator());
    }

    /**
     * The live nodes informed of the live nodes, how many nodes crashed or went with a lost member (informed before, they count in
     * {@code informed} but are not live), and how many live nodes the source still reaches.
     */
    private static String informedLive(com.fasterxml.jackson.databind.JsonNode r) {
        long live = r.get("liveNodes").asLong();
        long informedLive = r.get("informedLive").asLong();
        long dead = r.get("nodes").asLong() - live;
        long informedDead = r.get("informed").asLong() - informedLive;
        boolean memberLost = r.path("memberLoss").path("lostNodes").asLong() > 0;
        String notLive = dead == 0 ? "none crashed" : String.format(memberLost ? "%,d crashed or lost with a member" : "%,d crashed", dead);
        return String.format("%,d of %,d live nodes (%.2f%%; %s)%s; the source still reaches %,d of them", informedLive, live,
                live == 0 ? 0.0 : 100.0 * informedLive / live, notLive,
                informedDead == 0 ? "" : String.format(", and %,d more informed before they crashed or went with a lost member", informedDead),
                r.get("reachableLiveNodes").asLong());
    }

    private static void tail(StringBuilder sb, com.fasterxml.jackson.databind.JsonNode r) {
        var a = r.get("accounting");
        var d = a.get("dropped");
        long dropped = d.get("nodeCrashed").asLong() + d.get("linkCut").asLong() + d.get("lostInTransit").asLong();
        sb.append(String.format("%-22s sent %,d %s delivered %,d + dropped %,d (node-crashed %,d, link-cut %,d, lost-in-transit %,d)"
                + " + lost with member %,d%s%n", "accounting", a.get("sent").asLong(), a.get("balanced").asBoolean() ? "=" : "≠",
                a.get("delivered").asLong(), dropped, d.get("nodeCrashed").asLong(), d.get("linkCut").asLong(),
                d.get("lostInTransit").asLong(), a.get("lostWithMember").asLong(), a.get("balanced").asBoolean() ? "" : "  UNBALANCED"));
        var loss = r.get("memberLoss");
        if (loss != null && loss.get("lostMembers").size() > 0) {
            for (var k : loss.get("kills")) {
                sb.append(String.format("%-22s JVM %d (%s) killed at step %d; loss detected after %s%n", "kill", k.get("jvm").asInt(),
                        k.get("member").asText(), k.get("step").asLong(), k.get("detectionSeconds").isNull() ? "(not detected)"
                                : String.format("%.2f s", k.get("detectionSeconds").asDouble())));
            }
            sb.append(String.format("%-22s %s, %,d node(s) with it; run %s%n", "member lost", loss.get("lostMembers"),
                    loss.get("lostNodes").asLong(), loss.get("continued").asBoolean() ? "went on without it to the end (on-member-loss = continue)"
                            : loss.get("completed").asBoolean() ? "completed" : "ended at step " + loss.get("stoppedAtStep").asLong()
                                    + " (on-member-loss = abort)"));
        }
        sb.append(String.format("%-22s %.2f s%n", "wall", r.get("wallSeconds").asDouble()));
    }

    /** The first line of {@code message}: what a one-line error shows of it. */
    public static String firstLine(String message) {
        int nl = message.indexOf('\n');
        return nl < 0 ? message : message.substring(0, nl);
    }
}
