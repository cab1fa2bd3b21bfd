package icn.node.engine;

import icn.node.program.ProgramFactory;
import icn.protocols.InvalidInputException;
import icn.protocols.LinkLatency;
import icn.protocols.Topology;
import icn.protocols.fault.FaultPlan;
import java.util.ArrayList;
import java.util.List;

/**
 * Whether the faults of a plan act within the run they are planned for, decided before anything runs by the sequential engine's
 * timeline: a crash, cut or kill at a step the run never gets to would never act, and is refused in one line.
 */
public final class FaultReach {

    private FaultReach() {
    }

    /**
     * Checks that every timed fault acts within the run (one line naming the fault, its step and where the run ends otherwise; random
     * faults act before step 1 and need no check). A fault at step s changes nothing before s, so whether the run gets to step s is
     * decided by the faults before s: extra delay and loss, and the crashes, cuts and restores of earlier steps (extra delay lengthens
     * the run, detours around crashed nodes can too, crashes can shorten it). The run gets to step s when the sequential engine's
     * timeline has work at s or later ({@link SequentialEngine#reach}): then the actor engine's hosts begin a step at or after s, so a
     * crash there stops its node's actor and a JVM kill happens. A crash, cut or kill at a step the run does not get to would never act,
     * and is refused; a link may be restored at the step after the run's last one (it then stays cut to the end). JVM kills are left
     * out of the reference runs (the sequential engine has no JVMs); a kill after another, with {@code continue}, is checked against
     * the run without the first loss.
     */
    public static void check(Topology topology, ProgramFactory programs, FaultPlan plan) {
        if (plan.lastFaultStep() <= 1) {
            return;
        }
        for (int i = 0; i < plan.crashNodes().length; i++) {
            requireReached(topology, programs, plan, plan.crashSteps()[i], "the crash of " + topology.label(plan.crashNodes()[i]));
        }
        for (int i = 0; i < plan.cutNodes().length; i++) {
            String arc = topology.label(plan.cutNodes()[i]) + " " + topology.portName(plan.cutPorts()[i]);
            requireReached(topology, programs, plan, plan.cutFrom()[i], "the cut of " + arc);
            long until = plan.cutUntil()[i];
            if (until != FaultPlan.NEVER) {
                long reached = reach(topology, programs, plan, until - 1);
                if (reached < until - 1) {
                    throw new InvalidInputException("the restore of " + arc + " at step " + until + " is beyond the run: it ends after step "
                            + reached + ", so the link can be restored at step " + (reached + 1) + " at the latest");
                }
            }
        }
        for (int i = 0; i < plan.killJvms().length; i++) {
            requireReached(topology, programs, plan, plan.killSteps()[i], "the kill of JVM " + plan.killJvms()[i]);
        }
    }

    private static void requireReached(Topology topology, ProgramFactory programs, FaultPlan plan, long step, String what) {
        long reached = reach(topology, programs, plan, step);
        if (reached < step) {
            throw new InvalidInputException(what + " at step " + step + " is beyond the run: with the faults before it, it ends after step "
                    + reached);
        }
    }

    /** How far the run gets toward {@code step} with the crashes and cuts of {@code plan} before {@code step} (kills left out). */
    private static long reach(Topology topology, ProgramFactory programs, FaultPlan plan, long step) {
        if (step <= 1) {
            return step;
        }
        List<Integer> crashes = new ArrayList<>();
        for (int i = 0; i < plan.crashNodes().length; i++) {
            if (plan.crashSteps()[i] < step) {
                crashes.add(i);
            }
        }
        List<Integer> cuts = new ArrayList<>();
        for (int i = 0; i < plan.cutNodes().length; i++) {
            if (plan.cutFrom()[i] < step) {
                cuts.add(i);
            }
        }
        FaultPlan before = new FaultPlan(plan.seed(), crashes.stream().mapToInt(i -> plan.crashNodes()[i]).toArray(),
                crashes.stream().mapToLong(i -> plan.crashSteps()[i]).toArray(), cuts.stream().mapToInt(i -> plan.cutNodes()[i]).toArray(),
                cuts.stream().mapToInt(i -> plan.cutPorts()[i]).toArray(), cuts.stream().mapToLong(i -> plan.cutFrom()[i]).toArray(),
                cuts.stream().mapToLong(i -> plan.cutUntil()[i]).toArray(), plan.loss(), plan.extraDelay(), new int[0], new long[0],
                plan.continueOnMemberLoss());
        return SequentialEngine.reach(topology, programs, LinkLatency.SYNCHRONOUS, before, step);
    }

}
