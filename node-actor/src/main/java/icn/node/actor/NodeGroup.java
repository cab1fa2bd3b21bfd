package icn.node.actor;

import akka.actor.typed.ActorRef;
import akka.actor.typed.Behavior;
import akka.actor.typed.DispatcherSelector;
import akka.actor.typed.Props;
import akka.actor.typed.javadsl.AbstractBehavior;
import akka.actor.typed.javadsl.ActorContext;
import akka.actor.typed.javadsl.Behaviors;
import akka.actor.typed.javadsl.Receive;
import icn.node.program.NodeProgram;
import icn.node.program.ProgramFactory;
import icn.protocols.Partition;
import icn.protocols.wire.HostProtocol;

/**
 * Parent of a contiguous range of a host's node actors. Akka keeps a parent's children in a sorted map, so spawning a million
 * children under one host costs a deep map per spawn; groups of at most {@link #SIZE} keep every map small, and spawn in parallel.
 * A group spawns its nodes, and resets them for the next run of a kept network ({@link Rearm}); the host talks to the nodes
 * directly.
 */
final class NodeGroup extends AbstractBehavior<NodeGroup.Command> {

    /** Children per group: Akka looks a new child up in its parent's sorted map by name, so the map is kept shallow. */
    static final int SIZE = 256;
    /** The dispatcher of node actors, their parents and their hosts (node-actor's reference.conf). */
    static final String DISPATCHER = "icn.node-dispatcher";
    /** Props of node actors, their parents and hosts: the node dispatcher. */
    static final Props PROPS = DispatcherSelector.fromConfig(DISPATCHER);

    interface Command {
    }

    /** The nodes of group {@code group}, and the nodes (local indices) that want to be woken at a step without any message. */
    record Spawned(int group, ActorRef<NodeActor.Command>[] nodes, int[] wakeLocals, long[] wakeSteps) implements HostProtocol.Command {
    }

    /** Reset every node of the group with its program from {@code programs}, answering to {@code replyTo}; then {@link Spawned}. */
    record Rearm(ProgramFactory programs, ActorRef<HostProtocol.Command> replyTo) implements Command {
    }

    private final int group;
    private final int host;
    private final int firstLocal;
    private final Partition partition;
    private final ActorRef<NodeActor.Command>[] nodes;

    private NodeGroup(ActorContext<Command> context, int group, int host, int firstLocal, int count, Partition partition,
            ProgramFactory programs, ActorRef<HostProtocol.Command> replyTo) {
        super(context);
        this.group = group;
        this.host = host;
        this.firstLocal = firstLocal;
        this.partition = partition;
        @SuppressWarnings({"unchecked", "rawtypes"})
        ActorRef<NodeActor.Command>[] spawned = new ActorRef[count];
        this.nodes = spawned;
        Wakes wakes = new Wakes();
        for (int i = 0; i < count; i++) {
            int local = firstLocal + i;
            NodeProgram program = programs.create(partition.globalId(host, local));
            nodes[i] = NodeActor.spawn(context, local, program, replyTo);
            wakes.add(local, program.initialWake());
        }
        replyTo.tell(wakes.spawned(group, nodes));
    }

    private Behavior<Command> onRearm(Rearm rearm) {
        Wakes wakes = new Wakes();
        for (int i = 0; i < nodes.length; i++) {
            int local = firstLocal + i;
            NodeProgram program = rearm.programs().create(partition.globalId(host, local));
            nodes[i].tell(new NodeActor.Reset(program, rearm.replyTo()));
            wakes.add(local, program.initialWake());
        }
        rearm.replyTo().tell(wakes.spawned(group, nodes));
        return this;
    }

    /** The nodes of a group that want to be woken at a step of their own. */
    private static final class Wakes {
        private int count;
        private int[] locals = new int[1];
        private long[] steps = new long[1];

        void add(int local, long wake) {
            if (wake == NodeProgram.NO_WAKE) {
                return;
            }
            if (count == locals.length) {
                locals = java.util.Arrays.copyOf(locals, count * 2);
                steps = java.util.Arrays.copyOf(steps, count * 2);
            }
            locals[count] = local;
            steps[count] = wake;
            count++;
        }

        Spawned spawned(int group, ActorRef<NodeActor.Command>[] nodes) {
            return new Spawned(group, nodes, java.util.Arrays.copyOf(locals, count), java.util.Arrays.copyOf(steps, count));
        }
    }

    static Behavior<Command> create(int group, int host, int firstLocal, int count, Partition partition,
            ProgramFactory programs, ActorRef<HostProtocol.Command> replyTo) {
        return Behaviors.setup(context -> new NodeGroup(context, group, host, firstLocal, count, partition, programs, replyTo));
    }

    @Override
    public Receive<Command> createReceive() {
        return newReceiveBuilder().onMessage(Rearm.class, this::onRearm).build();
    }
}
