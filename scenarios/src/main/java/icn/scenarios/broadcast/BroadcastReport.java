package icn.scenarios.broadcast;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import icn.protocols.RunMetrics;
import icn.protocols.BroadcastAlgorithm;
import icn.protocols.LinkClass;
import icn.scenarios.report.AccountingJson;
import icn.scenarios.report.AppliedFaults;
import icn.scenarios.claims.PaperFormulas;
import java.util.Arrays;

/**
 * One run's report: the measured figures beside the papers' (001 Theorems 9 and 10, with the message-pipelining formulas when B
 * &gt; 1, and the diameter of 001 Theorem 1). Measured values always come from {@link RunMetrics}; the formulas only fill the
 * {@code paper} object and decide the {@code agrees} flags.
 *
 * <p>JSON contract, in this order: {@code topology, nodes, algorithm, messages, seed, source, engine, jvms, hostsPerJvm,
 * partitioning, steps, lateralSteps,
 * localSteps, localTrafficSteps (local steps in which a local link carried a message), fullCoverageStep, informed, perStepInformed, linkMessages{lateral, local, crossJvm{lateral, local}}, wallSeconds, applied (none: {@link AppliedFaults}), accounting{sent, delivered,
 * dropped{nodeCrashed, linkCut, lostInTransit}, lostWithMember, balanced}, paper{steps, lateralSteps,
 * localSteps, fullCoverageStep, diameter, relativeDistanceToDiameter, source}, agrees{steps, lateralSteps, localSteps,
 * fullCoverageStep}}, and for the sequences of 001 §8.1–8.3 {@code sequence{network, lateralSteps, localSteps, totalSteps,
 * prologueLocalSteps, completionSteps, stepsUntilAllInformed, paperIsUpperBound}} before {@code agrees}, whose step flags then compare
 * the sequence. {@code fullCoverageStep} is a number when B = 1 and an array with one entry per message when B &gt; 1; a
 * message that never reached every node is JSON null. {@code perStepInformed[s]} is the number of nodes holding the first message
 * after step s, for steps 0..{@code steps} (element 0: the source alone, before the first send), as in every report that has it.
 */
public final class BroadcastReport {

    static final ObjectMapper JSON = new ObjectMapper();

    private final BroadcastRun run;
    private final BroadcastAlgorithm algorithm;
    private final long[] measuredCoverage;
    private final long[] paperCoverage;
    private final StarSequenceRun sequence;

    public BroadcastReport(BroadcastRun run) {
        this.run = run;
        this.algorithm = run.broadcastAlgorithm();
        this.sequence = algorithm.starSequence() ? StarSequenceRun.measure(icn.node.broadcast.StarSequenceSchedule.of(icn.protocols.topology.Scc.of(run.n()),
                algorithm, icn.protocols.topology.SccLabel.parse(run.source()).position()), run.engine(), run.nodes(), run.metrics(), run.wallSeconds())
                : null;
        int b = run.messages();
        this.measuredCoverage = new long[b];
        this.paperCoverage = new long[b];
        for (int k = 0; k < b; k++) {
            measuredCoverage[k] = run.metrics().fullCoverageStep(k, run.nodes());
            paperCoverage[k] = PaperFormulas.completionStep(algorithm, run.n(), k + 1);
        }
    }

    public BroadcastRun run() {
        return run;
    }

    /**
     * For a broadcasting sequence of 001 §8.1–8.3 (cyclic-seq, cyclic-par, switching-nlogn, switching-n2), the sequence's measured
     * lateral, local and total steps, which the {@code agrees} flags compare with 001 (exactly, or for switching-nlogn as at most Eq.
     * 3's bound), and the steps until every node was informed; null for the other algorithms.
     */
    public StarSequenceRun sequence() {
        return sequence;
    }

    public long measuredSteps() {
        return run.metrics().steps();
    }

    /** Steps in which a lateral link carried a message ({@link RunMetrics#lateralSteps()}). */
    public long measuredLateralSteps() {
        return run.metrics().lateralSteps();
    }

    /**
     * Steps 1..steps that were not lateral steps ({@link RunMetrics#localSteps()}): in Algorithms 4 and 5 every step is a lateral or
     * a local step of the loop, which is what Theorems 9 and 10 count. A local step may carry no traffic when every ring it serves
     * is already full (seen from SCC_7 on); the CSV's {@code local_sent} column shows those.
     */
    public long measuredLocalSteps() {
        return run.metrics().localSteps();
    }

    /** The step after which message k (0-based) held every node, or -1 if it never did. */
    public long[] measuredFullCoverage() {
        return measuredCoverage.clone();
    }

    /** Total steps for this B: the pipelined formula, equal to Theorem 9 or 10 when B = 1. */
    public long paperSteps() {
        return PaperFormulas.steps(algorithm, run.n(), run.messages());
    }

    public long paperLateralSteps() {
        return PaperFormulas.lateralSteps(algorithm, run.n(), run.messages());
    }

    public long paperLocalSteps() {
        return PaperFormulas.localSteps(algorithm, run.n(), run.messages());
    }

    /** The completion step of message k (0-based) by the pipelining formula. */
    public long[] paperFullCoverage() {
        return paperCoverage.clone();
    }

    /** d_SCC, 001 Theorem 1. */
    public long diameter() {
        return PaperFormulas.sccDiameter(run.n());
    }

    /** The papers' total steps relative to the diameter, in percent (001 §8.1), as in 001 Tables 3 and 5. */
    public double paperRelativeDistanceToDiameter() {
        return PaperFormulas.relativeDistanceToDiameter(paperSteps(), diameter());
    }

    /**
     * What the run applied beyond the papers' model: nothing, since 001's Algorithms 4 and 5 and the sequences of §8 run here
     * synchronously (every link one step) and without faults ({@link BroadcastExperiment}); slow lateral links and faults are runs of
     * their own ({@link PortBroadcastRun}, {@code FaultRuns}).
     */
    public AppliedFaults applied() {
        return AppliedFaults.NONE;
    }

    public String paperSource() {
        return PaperFormulas.source(algorithm, run.messages());
    }

    public boolean stepsAgree() {
        return sequence != null ? sequenceAgrees(sequence.totalSteps(), paperSteps()) : measuredSteps() == paperSteps();
    }

    public boolean lateralStepsAgree() {
        return sequence != null ? sequenceAgrees(sequence.lateralSteps(), paperLateralSteps()) : measuredLateralSteps() == paperLateralSteps();
    }

    public boolean localStepsAgree() {
        return sequence != null ? sequenceAgrees(sequence.localSteps(), paperLocalSteps()) : measuredLocalSteps() == paperLocalSteps();
    }

    /**
     * Every message reached every node, each at the step the formula gives; for a sequence of 001 §8, every node informed by the end
     * of the sequence as 001 counts it.
     */
    public boolean fullCoverageAgrees() {
        if (sequence != null) {
            return measuredCoverage[0] >= 0 && measuredCoverage[0] <= paperCoverage[0];
        }
        return Arrays.equals(measuredCoverage, paperCoverage);
    }

    private boolean sequenceAgrees(long measured, long paper) {
        return sequence.paperIsBound() ? measured <= paper : measured == paper;
    }

    public boolean agrees() {
        return stepsAgree() && lateralStepsAgree() && localStepsAgree() && fullCoverageAgrees();
    }

    /** The report as a Jackson tree, fields in contract order. */
    public ObjectNode toJsonNode() {
        RunMetrics metrics = run.metrics();
        ObjectNode o = JSON.createObjectNode();
        o.put("topology", run.topology());
        o.put("nodes", run.nodes());
        o.put("algorithm", algorithm.key());
        o.put("messages", run.messages());
        o.put("seed", run.seed());
        o.put("source", run.source());
        o.put("engine", run.engine());
        o.put("jvms", run.jvms());
        o.put("hostsPerJvm", run.hosts());
        o.put("partitioning", run.partitioning());
        o.put("steps", measuredSteps());
        o.put("lateralSteps", measuredLateralSteps());
        o.put("localSteps", measuredLocalSteps());
        o.put("localTrafficSteps", metrics.stepsUsing(LinkClass.LOCAL));
        putCoverage(o, measuredCoverage);
        o.put("informed", metrics.informed(0));
        ArrayNode perStep = o.putArray("perStepInformed");
        long[] after = metrics.informedAfterEachStep(0);
        for (long s = 0; s <= measuredSteps(); s++) {
            perStep.add(after[(int) Math.min(s, after.length - 1)]);
        }
        ObjectNode links = o.putObject("linkMessages");
        links.put(LinkClass.LATERAL.key(), metrics.linkMessages(LinkClass.LATERAL));
        links.put(LinkClass.LOCAL.key(), metrics.linkMessages(LinkClass.LOCAL));
        ObjectNode crossJvm = links.putObject("crossJvm");
        crossJvm.put(LinkClass.LATERAL.key(), run.crossJvmLateral());
        crossJvm.put(LinkClass.LOCAL.key(), run.crossJvmLocal());
        o.put("wallSeconds", run.wallSeconds());
        o.set("applied", applied().json());
        o.set("accounting", AccountingJson.of(run.accounting()));
        ObjectNode paper = o.putObject("paper");
        paper.put("steps", paperSteps());
        paper.put("lateralSteps", paperLateralSteps());
        paper.put("localSteps", paperLocalSteps());
        putCoverage(paper, paperCoverage);
        paper.put("diameter", diameter());
        paper.put("relativeDistanceToDiameter", paperRelativeDistanceToDiameter());
        paper.put("source", paperSource());
        if (sequence != null) {
            ObjectNode q = o.putObject("sequence");
            q.put("network", sequence.network());
            q.put("lateralSteps", sequence.lateralSteps());
            q.put("localSteps", sequence.localSteps());
            q.put("totalSteps", sequence.totalSteps());
            q.put("prologueLocalSteps", sequence.prologueSteps());
            q.put("completionSteps", sequence.completionSteps());
            q.put("stepsUntilAllInformed", sequence.stepsUntilAllInformed());
            q.put("paperIsUpperBound", sequence.paperIsBound());
        }
        ObjectNode agrees = o.putObject("agrees");
        agrees.put("steps", stepsAgree());
        agrees.put("lateralSteps", lateralStepsAgree());
        agrees.put("localSteps", localStepsAgree());
        agrees.put("fullCoverageStep", fullCoverageAgrees());
        return o;
    }

    /** The report as one JSON object on one line. */
    public String toJson() {
        return toJsonNode().toString(); // Jackson writes a node as compact JSON
    }

    private static void putCoverage(ObjectNode o, long[] steps) {
        if (steps.length == 1) {
            putStep(o, steps[0]);
            return;
        }
        ArrayNode array = o.putArray("fullCoverageStep");
        for (long s : steps) {
            if (s < 0) {
                array.addNull();
            } else {
                array.add(s);
            }
        }
    }

    private static void putStep(ObjectNode o, long step) {
        if (step < 0) {
            o.putNull("fullCoverageStep");
        } else {
            o.put("fullCoverageStep", step);
        }
    }

    /**
     * Per-step counts, one row per step 0..horizon: links messages sent per class, then for each message m1..mB the nodes newly
     * informed in that step and the running total.
     */
    public String toCsv() {
        RunMetrics metrics = run.metrics();
        int b = run.messages();
        StringBuilder csv = new StringBuilder("step,lateral_sent,local_sent");
        for (int m = 1; m <= b; m++) {
            csv.append(",informed_new_m").append(m).append(",informed_total_m").append(m);
        }
        csv.append('\n');
        long[] total = new long[b];
        for (long s = 0; s <= metrics.horizon(); s++) {
            csv.append(s).append(',').append(metrics.linkMessagesAt(s, LinkClass.LATERAL)).append(',')
                    .append(metrics.linkMessagesAt(s, LinkClass.LOCAL));
            for (int m = 0; m < b; m++) {
                long fresh = metrics.newlyInformedAt(s, m);
                total[m] += fresh;
                csv.append(',').append(fresh).append(',').append(total[m]);
            }
            csv.append('\n');
        }
        return csv.toString();
    }

    /** {@code per-step-<topology>-<algorithm>-B<k>.csv}, with characters unsafe in file names (the ':' of scc:6) as '_'. */
    public String csvFileName() {
        return "per-step-" + icn.protocols.FileNames.safe(run.topology()) + "-" + algorithm.key() + "-B" + run.messages() + ".csv";
    }
}
