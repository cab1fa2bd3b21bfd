package icn.node.actor;

import akka.actor.typed.ActorRef;
import akka.actor.typed.Behavior;
import akka.actor.typed.ExtensibleBehavior;
import akka.actor.typed.Signal;
import akka.actor.typed.TypedActorContext;
import akka.actor.typed.javadsl.Behaviors;
import icn.node.program.Inbox;
import icn.node.program.NodeProgram;
import icn.node.program.Outbox;
import icn.protocols.wire.HostProtocol;
import java.util.Arrays;

/**
 * One node of the emulated network. It holds its program (whose state includes what the node knows of its label: the label itself is
 * the node's global id, read in the papers' text form through the topology when one is printed), and acts only when its host hands
 * it a {@link Step}: it takes in its inbox, runs the program for that step and answers the host with one {@link Host.Acted}
 * carrying its sends.
 *
 * <p>Written as a plain {@link ExtensibleBehavior} rather than {@code Behaviors.setup} plus {@code AbstractBehavior}: a node needs
 * no actor context, so it is spawned without a deferred factory, a context reference or a receive table of its own; millions of
 * them cost what Akka's cell, mailbox and adapter cost and little more (the benchmark prints both).
 */
public final class NodeActor extends ExtensibleBehavior<NodeActor.Command> {

    public interface Command {
    }

    /**
     * Step {@code step}: what reached the node at the end of step−1, with the port each message arrived on. Most inboxes hold one
     * message or none: those are carried in the fields {@code port0} and {@code payload0}, without arrays.
     */
    public static final class Step implements Command, Inbox {
        private static final int[] NO_PORTS = new int[0];
        private static final Object[] NO_PAYLOADS = new Object[0];

        private final long step;
        private final int size;
        private final int port0;
        private final Object payload0;
        private final int[] ports;
        private final Object[] payloads;

        /** The first {@code count} messages of {@code ports} and {@code payloads} (copied: the arrays may be scratch space). */
        public Step(long step, int count, int[] ports, Object[] payloads) {
            this.step = step;
            this.size = count;
            if (count == 1) {
                this.port0 = ports[0];
                this.payload0 = payloads[0];
                this.ports = NO_PORTS;
                this.payloads = NO_PAYLOADS;
            } else {
                this.port0 = -1;
                this.payload0 = null;
                this.ports = count == 0 ? NO_PORTS : Arrays.copyOf(ports, count);
                this.payloads = count == 0 ? NO_PAYLOADS : Arrays.copyOf(payloads, count);
            }
        }

        public long step() {
            return step;
        }

        @Override
        public int size() {
            return size;
        }

        @Override
        public int port(int i) {
            if (size == 1) {
                java.util.Objects.checkIndex(i, 1);
                return port0;
            }
            return ports[i];
        }

        @Override
        public Object payload(int i) {
            if (size == 1) {
                java.util.Objects.checkIndex(i, 1);
                return payload0;
            }
            return payloads[i];
        }
    }

    /**
     * The node crashes (a fault of the run) in step {@code step}: the actor stops, first reporting its final state to its host when
     * {@code report} (runs whose programs want final states).
     */
    public record Crash(long step, boolean report) implements Command {
    }

    /**
     * The node's first message: its index in its host's partition, its program and its host. Node actors are spawned from one
     * shared {@link #PROPS} (see there) and become the node on this message; it is sent by the spawning parent right after the
     * spawn, before the host learns of the node, so it is always the first message the node takes in.
     */
    record Init(int local, NodeProgram program, ActorRef<HostProtocol.Command> host) implements Command {
    }

    /**
     * The node becomes the node of a next run on the same network: its program anew, answering to {@code host} (a kept network,
     * reset instead of spawned again). Sent by its group before the host learns the group is ready, so it comes before any step.
     */
    record Reset(NodeProgram program, ActorRef<HostProtocol.Command> host) implements Command {
    }

    /** The run is over: report the final state to the host (runs whose programs want final states). */
    public enum Finish implements Command {
        INSTANCE
    }

    private static final ThreadLocal<Collector> COLLECTOR = ThreadLocal.withInitial(Collector::new);

    private final int local;
    private final NodeProgram program;
    private final ActorRef<HostProtocol.Command> host;

    private NodeActor(int local, NodeProgram program, ActorRef<HostProtocol.Command> host) {
        this.local = local;
        this.program = program;
        this.host = host;
    }

    /**
     * A node actor before its {@link Init}: one stateless behavior shared by all of them. It becomes the node on {@code Init}; any
     * other first message is a bug of the host.
     */
    static final ExtensibleBehavior<Command> UNBORN = new ExtensibleBehavior<>() {
        @Override
        public Behavior<Command> receive(TypedActorContext<Command> context, Command message) {
            if (message instanceof Init init) {
                return new NodeActor(init.local(), init.program(), init.host());
            }
            throw new IllegalStateException("a node actor's first message must be its Init, not " + message);
        }

        @Override
        public Behavior<Command> receiveSignal(TypedActorContext<Command> context, Signal signal) {
            return Behaviors.unhandled();
        }
    };

    /**
     * The classic props every node actor of this JVM is spawned from (on the node dispatcher), made once: a typed spawn builds
     * the same props anew for every actor (copies with their deployment merged, which a profile of SCC_8's spawn showed in a
     * sixth of its samples). Each actor starts as {@link #UNBORN} and becomes its node on {@link Init}.
     */
    static final akka.actor.Props PROPS = akka.actor.typed.javadsl.Adapter.props(() -> UNBORN, NodeGroup.PROPS);

    /** Spawns node {@code local} running {@code program} under {@code parent}: the node actor and its {@link Init}. */
    static ActorRef<Command> spawn(akka.actor.typed.javadsl.ActorContext<?> parent, int local, NodeProgram program,
            ActorRef<HostProtocol.Command> host) {
        ActorRef<Command> node = akka.actor.typed.javadsl.Adapter.toTyped(akka.actor.typed.javadsl.Adapter.toClassic(parent).actorOf(PROPS));
        node.tell(new Init(local, program, host));
        return node;
    }

    @Override
    public Behavior<Command> receive(TypedActorContext<Command> context, Command message) {
        if (message instanceof Step step) {
            return onStep(step);
        }
        if (message instanceof Crash crash) {
            return onCrash(crash);
        }
        if (message instanceof Reset reset) {
            return new NodeActor(local, reset.program(), reset.host());
        }
        return onFinish();
    }

    @Override
    public Behavior<Command> receiveSignal(TypedActorContext<Command> context, Signal signal) {
        return Behaviors.unhandled();
    }

    private Behavior<Command> onCrash(Crash crash) {
        if (crash.report()) {
            host.tell(new Host.FinalState(local, program.finalState(crash.step())));
        }
        return Behaviors.stopped();
    }

    private Behavior<Command> onFinish() {
        host.tell(new Host.FinalState(local, program.finalState(0)));
        return Behaviors.same();
    }

    private Behavior<Command> onStep(Step step) {
        Collector out = COLLECTOR.get();
        out.clear();
        long wake = program.step(step.step(), step, out);
        host.tell(out.acted(local, step.step(), wake, program.ignoredMessages()));
        // same, not this: the supervision Adapter.props puts around every node actor wraps any other behavior returned to it in
        // a new interceptor (InterceptorImpl.deduplicate), four objects per activation (JFR allocation samples of SCC_8's run)
        return Behaviors.same();
    }

    /** Scratch space for one activation on one dispatcher thread; its contents are copied into the immutable reply. */
    private static final class Collector implements Outbox {
        private static final int[] NONE = new int[0];
        private static final Object[] NO_PAYLOADS = new Object[0];

        private int sends;
        private int[] ports = new int[8];
        private Object[] payloads = new Object[8];
        private int informedCount;
        private int[] informed = new int[4];
        private java.util.List<Object> delivered;
        private java.util.List<Object> observed;
        private int gaveUp;
        private int hopLimited;

        void clear() {
            Arrays.fill(payloads, 0, sends, null);
            sends = 0;
            informedCount = 0;
            delivered = null;
            observed = null;
            gaveUp = 0;
            hopLimited = 0;
        }

        @Override
        public void gaveUp(Object packet, long step, boolean hopLimit) {
            if (hopLimit) {
                hopLimited++;
            } else {
                gaveUp++;
            }
        }

        @Override
        public void delivered(Object packet, long afterStep) {
            if (delivered == null) {
                delivered = new java.util.ArrayList<>(2);
            }
            delivered.add(packet);
        }

        @Override
        public void observe(Object observation) {
            if (observed == null) {
                observed = new java.util.ArrayList<>(2);
            }
            observed.add(observation);
        }

        /** Sent back over the link arriving on {@code inPort}: the host tells it apart by the port, {@code −1 − inPort}. */
        @Override
        public void sendBack(int inPort, Object payload) {
            send(-1 - inPort, payload);
        }

        @Override
        public void send(int port, Object payload) {
            if (sends == ports.length) {
                ports = Arrays.copyOf(ports, sends * 2);
                payloads = Arrays.copyOf(payloads, sends * 2);
            }
            ports[sends] = port;
            payloads[sends] = payload;
            sends++;
        }

        @Override
        public void informed(int message, long afterStep) {
            if (informedCount == informed.length) {
                informed = Arrays.copyOf(informed, informedCount * 2);
            }
            informed[informedCount++] = message;
        }

        Host.Acted acted(int local, long step, long wake, long ignored) {
            return new Host.Acted(local, step, wake, ignored,
                    sends == 0 ? NONE : Arrays.copyOf(ports, sends),
                    sends == 0 ? NO_PAYLOADS : Arrays.copyOf(payloads, sends),
                    informedCount == 0 ? NONE : Arrays.copyOf(informed, informedCount),
                    delivered == null ? NO_PAYLOADS : delivered.toArray(), gaveUp, hopLimited,
                    observed == null ? NO_PAYLOADS : observed.toArray());
        }
    }
}
