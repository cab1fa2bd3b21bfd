package icn.node.actor;

import akka.actor.typed.ActorRef;
import akka.actor.typed.ActorSystem;
import akka.actor.typed.Behavior;
import akka.actor.typed.Props;
import akka.actor.typed.javadsl.AbstractBehavior;
import akka.actor.typed.javadsl.ActorContext;
import akka.actor.typed.javadsl.Behaviors;
import akka.actor.typed.javadsl.Receive;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * What Akka itself costs per actor on this JVM, for the benchmark to print beside the node actors: {@code actors} empty typed actors
 * (one shared stateless behavior) spawned the way node actors are, under parents of {@link NodeGroup#SIZE} children on the node
 * dispatcher, all parents at once; the seconds until every parent has spawned its children (as a host counts its node groups),
 * and the heap they hold once every one of them has started.
 */
public final class EmptyActorProbe {

    /** What the probe measured: spawn seconds and live heap bytes per actor (−1 unless measured). */
    public record Result(int actors, double spawnSeconds, long bytesPerActor) {
        public double actorsPerSecond() {
            return actors / spawnSeconds;
        }
    }


    private EmptyActorProbe() {
    }

    /** Spawns {@code actors} empty actors, measures, and stops them again; {@code measureHeap} runs a full GC before and after. */
    public static Result measure(ActorSystem<?> system, int actors, boolean measureHeap) throws InterruptedException {
        int groups = (actors + NodeGroup.SIZE - 1) / NodeGroup.SIZE;
        long before = measureHeap ? liveHeap() : 0;
        CountDownLatch spawned = new CountDownLatch(groups);
        // one shared stateless behavior; each child counts down on its one message, so all have started when the count is 0
        CountDownLatch started = new CountDownLatch(actors);
        Behavior<Object> empty = Behaviors.receiveMessage(m -> {
            started.countDown();
            return Behaviors.same();
        });
        CountDownLatch stopped = new CountDownLatch(groups);
        @SuppressWarnings({"unchecked", "rawtypes"})
        ActorRef<Boolean>[] parents = new ActorRef[groups];
        long t0 = System.nanoTime();
        for (int g = 0; g < groups; g++) {
            int count = Math.min(NodeGroup.SIZE, actors - g * NodeGroup.SIZE);
            parents[g] = system.systemActorOf(Parent.create(count, empty, spawned, stopped), "empty-probe-" + System.nanoTime() + "-" + g,
                    Props.empty().withDispatcherFromConfig(NodeGroup.DISPATCHER));
        }
        if (!spawned.await(10, TimeUnit.MINUTES)) {
            throw new IllegalStateException("empty actors not spawned within 10 minutes");
        }
        double seconds = (System.nanoTime() - t0) / 1e9;
        started.await(10, TimeUnit.MINUTES);
        long bytes = measureHeap ? (liveHeap() - before) / actors : -1;
        for (ActorRef<Boolean> parent : parents) {
            parent.tell(Boolean.TRUE);
        }
        stopped.await(10, TimeUnit.MINUTES);
        return new Result(actors, seconds, bytes);
    }

    private static long liveHeap() {
        return LiveHeap.settled();
    }

    private static final class Parent extends AbstractBehavior<Boolean> {
        private final CountDownLatch stopped;

        private Parent(ActorContext<Boolean> context, int count, Behavior<Object> empty, CountDownLatch spawned,
                CountDownLatch stopped) {
            super(context);
            this.stopped = stopped;
            for (int i = 0; i < count; i++) {
                context.spawnAnonymous(empty, NodeGroup.PROPS).tell(Boolean.TRUE);
            }
            spawned.countDown();
        }

        static Behavior<Boolean> create(int count, Behavior<Object> empty, CountDownLatch spawned, CountDownLatch stopped) {
            return Behaviors.setup(context -> new Parent(context, count, empty, spawned, stopped));
        }

        @Override
        public Receive<Boolean> createReceive() {
            return newReceiveBuilder().onMessage(Boolean.class, m -> {
                stopped.countDown();
                return Behaviors.stopped();
            }).build();
        }
    }
}
