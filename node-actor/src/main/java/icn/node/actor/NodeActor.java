package icn.node.actor;

import akka.actor.typed.ActorRef;
import akka.actor.typed.Behavior;
import akka.actor.typed.javadsl.AbstractBehavior;
import akka.actor.typed.javadsl.ActorContext;
import akka.actor.typed.javadsl.Behaviors;
import akka.actor.typed.javadsl.Receive;
import icn.node.program.Inbox;
import icn.node.program.NodeProgram;
import icn.node.program.Outbox;
import icn.protocols.wire.HostProtocol;
import java.util.Arrays;

/**
 * One node of the emulated network. It holds its label and its program, and acts only when its host hands it a {@link Step}: it
 * takes in its inbox, runs the program for that step and answers the host with one {@link Host.Acted} carrying its sends.
 */
public final class NodeActor extends AbstractBehavior<NodeActor.Command> {

    public interface Command {
    }

    /** Step {@code step}: what reached the node at the end of step−1, with the port each message arrived on. */
    public record Step(long step, int[] ports, Object[] payloads) implements Command, Inbox {
        @Override
        public int size() {
            return ports.length;
        }

        @Override
        public int port(int i) {
            return ports[i];
        }

        @Override
        public Object payload(int i) {
            return payloads[i];
        }
    }

    /**
     * The node crashes (a fault of the run) in step {@code step}: the actor stops, first reporting its final state to its host when
     * {@code report} (runs whose programs want final states).
     */
    public record Crash(long step, boolean report) implements Command {
    }

    /** The run is over: report the final state to the host (runs whose programs want final states). */
    public enum Finish implements Command {
        INSTANCE
    }

    private static final ThreadLocal<Collector> COLLECTOR = ThreadLocal.withInitial(Collector::new);

    private final int local;
    private final String label;
    private final NodeProgram program;
    private final ActorRef<HostProtocol.Command> host;

    private NodeActor(ActorContext<Command> context, int local, String label, NodeProgram program, ActorRef<HostProtocol.Command> host) {
        super(context);
        this.local = local;
        this.label = label;
        this.program = program;
        this.host = host;
    }

    public static Behavior<Command> create(int local, String label, NodeProgram program, ActorRef<HostProtocol.Command> host) {
        return Behaviors.setup(context -> new NodeActor(context, local, label, program, host));
    }

    /** The node's label in the papers' text form. */
    public String label() {
        return label;
    }

    @Override
    public Receive<Command> createReceive() {
        return newReceiveBuilder()
                .onMessage(Step.class, this::onStep)
                .onMessage(Crash.class, this::onCrash)
                .onMessageEquals(Finish.INSTANCE, this::onFinish)
                .build();
    }

    private Behavior<Command> onCrash(Crash crash) {
        if (crash.report()) {
            host.tell(new Host.FinalState(local, program.finalState(crash.step())));
        }
        return Behaviors.stopped();
    }

    private Behavior<Command> onFinish() {
        host.tell(new Host.FinalState(local, program.finalState(0)));
        return this;
    }

    private Behavior<Command> onStep(Step step) {
        Collector out = COLLECTOR.get();
        out.clear();
        long wake = program.step(step.step(), step, out);
        host.tell(out.acted(local, step.step(), wake, program.ignoredMessages()));
        return this;
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
