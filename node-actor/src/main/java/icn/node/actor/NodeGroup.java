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
 * A group only spawns; the host talks to the nodes directly.
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

    private NodeGroup(ActorContext<Command> context, int group, int host, int firstLocal, int count, Partition partition,
            ProgramFactory programs, ActorRef<HostProtocol.Command> replyTo) {
        super(context);
        @SuppressWarnings({"unchecked", "rawtypes"})
        ActorRef<NodeActor.Command>[] nodes = new ActorRef[count];
        int wakes = 0;
        int[] wakeLocals = new int[1];
        long[] wakeSteps = new long[1];
        for (int i = 0; i < count; i++) {
            int local = firstLocal + i;
            int id = partition.globalId(host, local);
            NodeProgram program = programs.create(id);
            nodes[i] = NodeActor.spawn(context, local, program, replyTo);
            long wake = program.initialWake();
            if (wake != NodeProgram.NO_WAKE) {
                if (wakes == wakeLocals.length) {
                    wakeLocals = java.util.Arrays.copyOf(wakeLocals, wakes * 2);
                    wakeSteps = java.util.Arrays.copyOf(wakeSteps, wakes * 2);
                }
                wakeLocals[wakes] = local;
                wakeSteps[wakes] = wake;
                wakes++;
            }
        }
        replyTo.tell(new Spawned(group, nodes, java.util.Arrays.copyOf(wakeLocals, wakes), java.util.Arrays.copyOf(wakeSteps, wakes)));
    }

    static Behavior<Command> create(int group, int host, int firstLocal, int count, Partition partition,
            ProgramFactory programs, ActorRef<HostProtocol.Command> replyTo) {
        return Behaviors.setup(context -> new NodeGroup(context, group, host, firstLocal, count, partition, programs, replyTo));
    }

    @Override
    public Receive<Command> createReceive() {
        return newReceiveBuilder().build();
    }
}
