package icn.node.actor;

import akka.actor.typed.ActorRef;
import icn.node.engine.FaultModel;
import icn.protocols.Partition;
import java.util.Arrays;
import java.util.Comparator;
import java.util.stream.IntStream;

/**
 * The fault plan as one {@link Host} carries it out: which of its nodes crash at which step (their actors are stopped then), and
 * the step at which its JVM is killed. Crashes are kept sorted by step, so each step looks at the next few only.
 */
final class HostCrashes {

    private final int[] locals; // this host's nodes that crash, by crash step
    private final long[] steps;
    private final long killStep; // the step at which the fault plan kills this host's JVM, 0: never
    private int stopped;

    HostCrashes(FaultModel faults, Partition partition, int index, int hostsPerJvm) {
        int[] crashNodes = faults.plan().crashNodes();
        long[] crashSteps = faults.plan().crashSteps();
        long[][] crashes = IntStream.range(0, crashNodes.length)
                .filter(i -> partition.hostOf(crashNodes[i]) == index)
                .mapToObj(i -> new long[] {crashSteps[i], partition.localIndex(crashNodes[i])})
                .sorted(Comparator.comparingLong(c -> c[0])).toArray(long[][]::new);
        this.steps = Arrays.stream(crashes).mapToLong(c -> c[0]).toArray();
        this.locals = Arrays.stream(crashes).mapToInt(c -> (int) c[1]).toArray();
        long kill = 0;
        for (int i = 0; i < faults.plan().killJvms().length; i++) {
            if (faults.plan().killJvms()[i] == index / hostsPerJvm) {
                kill = kill == 0 ? faults.plan().killSteps()[i] : Math.min(kill, faults.plan().killSteps()[i]);
            }
        }
        this.killStep = kill;
    }

    /** Whether the fault plan has killed this host's JVM by {@code step}. */
    boolean killedBy(long step) {
        return killStep != 0 && step >= killStep;
    }

    /**
     * Stops the actors of the nodes that crash by {@code step}: a crashed node does nothing from its crash step on (the link layer
     * drops what would reach it).
     */
    void stopCrashedBy(long step, ActorRef<NodeActor.Command>[] nodes, boolean reportFinalState) {
        while (stopped < steps.length && steps[stopped] <= step) {
            int c = stopped++;
            nodes[locals[c]].tell(new NodeActor.Crash(steps[c], reportFinalState));
        }
    }

    /**
     * Stops the actors of the crashes at steps no host began: usually the crash's own drops (decided at the senders) took the work
     * its step would have had (the run checks admit a crash only at a step the run reaches, though they leave JVM kills out of that
     * reckoning); either way the plan crashed the node, and its actor stops now.
     */
    void stopRest(ActorRef<NodeActor.Command>[] nodes) {
        stopCrashedBy(Long.MAX_VALUE, nodes, false);
    }

    /** Which of this host's {@code size} nodes have been stopped as crashed. */
    boolean[] stoppedNodes(int size) {
        boolean[] crashed = new boolean[size];
        for (int c = 0; c < stopped; c++) {
            crashed[locals[c]] = true;
        }
        return crashed;
    }
}
