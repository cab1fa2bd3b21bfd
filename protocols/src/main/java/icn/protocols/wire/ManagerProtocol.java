package icn.protocols.wire;

import akka.actor.typed.ActorRef;
import icn.protocols.LinkLatency;
import icn.protocols.Partition;
import icn.protocols.ProgramSpec;
import icn.protocols.WireMessage;

/**
 * What a run supervisor tells the host manager of each JVM (registered with the Receptionist): spawn the hosts of a run, and
 * stop them when it is over.
 */
public final class ManagerProtocol {

    private ManagerProtocol() {
    }

    /** A message a host manager accepts. */
    public interface Command {
    }

    /**
     * Spawn hosts {@code firstHost .. firstHost+hosts−1} of run {@code runId} (of {@code totalHosts}, {@code hostsPerJvm} per JVM)
     * for {@code topology} (e.g. "scc:6") running {@code program}, nodes split by {@code partitioning}; they report to
     * {@code supervisor}. {@code controlKey} is this member's secret for the run: only a message that carries it may end the run
     * here or halt this member, so that a member of the cluster cannot end another's runs by naming their supervisor.
     */
    public record PrepareRun(long runId, String topology, ProgramSpec program, Partition.Kind partitioning, LinkLatency latency,
            icn.protocols.fault.FaultPlan faults, int totalHosts, int firstHost, int hosts, int hostsPerJvm, ActorRef<HostProtocol.Event> supervisor,
            long controlKey) implements Command, WireMessage {
    }

    /**
     * The fault plan kills this JVM: halt the process at once (no shutdown hooks, as a crash would). {@code from} is the run
     * supervisor that decided it: a host manager obeys only a supervisor of its own JVM or of the member with the coordinator role,
     * and only with the {@code controlKey} it was given for run {@code runId}, which it holds.
     */
    public record Halt(String reason, ActorRef<HostProtocol.Event> from, long runId, long controlKey) implements Command, WireMessage {
    }

    /**
     * Run {@code runId} is over: answer with {@link RunEnded}, and stop its hosts, or with {@code keep} (a run that completed without
     * crashes or kills) keep them and their node actors for a next run of the same network and partitioning, if this member keeps
     * networks (a standing cluster's worker, for a while). {@code controlKey}: the run's, as {@link PrepareRun} gave it.
     */
    public record EndRun(long runId, ActorRef<HostProtocol.Event> replyTo, boolean keep, long controlKey) implements Command, WireMessage {
    }

    /** The hosts of run {@code runId} on this JVM have stopped; the serialized bytes of node messages this JVM sent to other JVMs. */
    public record RunEnded(long runId, String member, long wireBytes, long wireNodeMessages) implements HostProtocol.Event, WireMessage {
    }

    /**
     * A host manager asks the supervisor a {@link PrepareRun} names whether it sent it: run {@code runId} with {@code controlKey}.
     * Anyone who reaches a member's port can send a PrepareRun naming any supervisor; only the supervisor that made the key can
     * say yes. {@code nonce} ties the answer to this question.
     */
    public record ConfirmRun(long runId, long controlKey, long nonce, ActorRef<Command> replyTo) implements HostProtocol.Event, WireMessage {
    }

    /** The supervisor's answer to {@link ConfirmRun}: whether it sent that run with that key. */
    public record RunConfirmed(long runId, long nonce, boolean confirmed) implements Command, WireMessage {
    }

    /**
     * What the member looks like now: asked by a standing cluster's head for {@code icn cluster status} and between runs (whether a
     * finished run left anything behind). With {@code collectGarbage} the member collects first, so that the heap it reports is
     * what it holds live.
     */
    public record Inspect(boolean collectGarbage, ActorRef<MemberStats> replyTo) implements Command, WireMessage {
    }

    /**
     * A member's answer to {@link Inspect}: its address and host name, process id, cores, Java version, heap (maximum, usable for
     * live data, in use), threads, the hosts and node actors it holds now for runs (0 and 0 between runs once the last run's hosts
     * have stopped) and kept for a next run of the same network, the runs it has served and how long it has been up.
     */
    public record MemberStats(String member, String hostName, long pid, int cores, String java, long maxHeap, long usableHeap,
            long usedHeap, int threads, int hosts, long nodeActors, long keptNodeActors, long runsServed, long uptimeMillis)
            implements WireMessage {
    }
}
