package icn.protocols.wire;

import akka.actor.typed.ActorRef;
import icn.protocols.RunMetrics;
import icn.protocols.WireMessage;
import java.util.ArrayList;
import java.util.List;

/**
 * What hosts and their run supervisor (the coordinator) tell each other, within a JVM or across JVMs. {@code Host} actors accept
 * {@link Command}s; the supervisor accepts {@link Event}s. The records here are registered with Kryo; local-only commands of a
 * host (its nodes' answers) implement {@link Command} in {@code node-actor} and never cross a JVM.
 */
public final class HostProtocol {

    private HostProtocol() {
    }

    /** A message a host accepts. */
    public interface Command {
    }

    /** A message a run supervisor accepts. */
    public interface Event {
    }

    /** Start stepping; {@code hosts} holds every host of the run by global index, the receiver included. */
    public record StartStepping(List<ActorRef<Command>> hosts) implements Command, WireMessage {
        public StartStepping {
            hosts = new ArrayList<>(hosts);
        }
    }

    /**
     * Part {@code chunk} of what host {@code from} sent to the receiver's nodes at the end of {@code step}; the part marked
     * {@code last} also carries the sender's earliest pending step ({@code nextWork}, 0: none) and how many parts there were.
     */
    public record PeerBatch(long step, int from, int chunk, boolean last, long nextWork, HostBatch batch) implements Command, WireMessage {
    }

    /** Stop stepping and report what was measured so far (a member was lost). */
    public record AbortRun(String reason) implements Command, WireMessage {
    }

    /** Part of the routed packets host {@code host} delivered; all parts come before its {@link HostFinished}. */
    public record PacketsDelivered(int host, icn.protocols.PacketLog.Data packets) implements Event, WireMessage {
    }

    /**
     * Part of what host {@code host}'s node programs reported (observations: a traffic run's delivered and lost messages, its routers'
     * final states); all parts come before its {@link HostFinished}.
     */
    public record Observed(int host, Object[] observations) implements Event, WireMessage {
    }

    /**
     * Host {@code host} has spawned its {@code nodes} node actors (or, {@code kept}, reset those it kept from the run before) and
     * waits for {@link StartStepping}.
     */
    public record HostReady(int host, int nodes, ActorRef<Command> ref, boolean kept) implements Event, WireMessage {
    }

    /**
     * Host {@code host} is done (all hosts agreed the run ended at {@code lastStep}, or it was aborted): what it measured, the node
     * activations it made, deliveries to nodes that had declared they would ignore them, and link messages that crossed to another
     * host and to another JVM, by link class ordinal.
     */
    public record HostFinished(int host, RunMetrics.Data metrics, long lastStep, long activations, long ignoredDeliveries,
            long[] crossHost, long[] crossJvm, boolean aborted, long[] sentTo, long[] receivedFrom) implements Event, WireMessage {
    }

    /**
     * Host {@code host} reached {@code step}, at which the fault plan kills its JVM: it has stopped and reports what it measured so
     * far, with the link messages it put into batches for each host ({@code sentTo}) and took in from each ({@code receivedFrom}),
     * so that the supervisor can account for the messages that go with it.
     */
    public record KillPoint(int host, long step, RunMetrics.Data metrics, long[] sentTo, long[] receivedFrom) implements Event, WireMessage {
    }

    /** The JVM(s) of hosts {@code hosts} are gone and the run goes on without them (fault plan: on-member-loss = continue). */
    /**
     * A member refuses its share of a run before spawning anything: {@code reason} says what it needs and what it has (its heap
     * cannot hold its node actors). The supervisor ends the run and fails it with the reason.
     */
    public record RunRefused(String member, String reason) implements Event, WireMessage {
    }

    public record MemberLost(int[] hosts) implements Command, WireMessage {
    }
}
