package icn.node.actor;

import akka.actor.typed.ActorRef;
import akka.actor.typed.Behavior;
import akka.actor.typed.ActorSystem;
import akka.actor.typed.Props;
import akka.actor.typed.javadsl.AbstractBehavior;
import akka.actor.typed.javadsl.ActorContext;
import akka.actor.typed.javadsl.Behaviors;
import akka.actor.typed.javadsl.Receive;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;

/**
 * The raw Akka tell rate of this machine, measured the way the broadcast benchmark compares against: {@code actors} trivial actors
 * spawned under as many parents as there are hosts, and driver actors (one per parent) telling {@code messages} messages to random
 * ones. The rate counts messages handled by their receivers per second.
 */
public final class TellRateProbe {

    /** What the probe measured. */
    public record Result(int actors, long messages, double spawnSeconds, double seconds) {
        public double tellsPerSecond() {
            return messages / seconds;
        }
    }

    private static final int CHUNK = 512;

    private TellRateProbe() {
    }

    public static Result measure(ActorSystem<?> system, int actors, long messages, int parents, long seed) throws Exception {
        LongAdder received = new LongAdder();
        CompletableFuture<List<ActorRef<Integer>>> spawned = new CompletableFuture<>();
        long t0 = System.nanoTime();
        AtomicInteger pending = new AtomicInteger(parents);
        List<List<ActorRef<Integer>>> groups = new ArrayList<>();
        for (int p = 0; p < parents; p++) {
            int count = actors / parents + (p < actors % parents ? 1 : 0);
            CompletableFuture<List<ActorRef<Integer>>> group = new CompletableFuture<>();
            system.systemActorOf(Parent.create(count, received, group), "tell-probe-" + System.nanoTime() + "-" + p, Props.empty());
            groups.add(null);
            int index = p;
            group.thenAccept(refs -> {
                synchronized (groups) {
                    groups.set(index, refs);
                }
                if (pending.decrementAndGet() == 0) {
                    List<ActorRef<Integer>> all = new ArrayList<>(actors);
                    synchronized (groups) {
                        groups.forEach(all::addAll);
                    }
                    spawned.complete(all);
                }
            });
        }
        List<ActorRef<Integer>> targets = spawned.get();
        double spawnSeconds = (System.nanoTime() - t0) / 1e9;
        @SuppressWarnings({"unchecked", "rawtypes"})
        ActorRef<Integer>[] array = targets.toArray(new ActorRef[0]);
        long start = System.nanoTime();
        for (int d = 0; d < parents; d++) {
            long share = messages / parents + (d < messages % parents ? 1 : 0);
            system.systemActorOf(Driver.create(array, share, seed + d), "tell-driver-" + System.nanoTime() + "-" + d, Props.empty());
        }
        while (received.sum() < messages) {
            Thread.onSpinWait();
            Thread.sleep(0, 200_000);
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        return new Result(actors, messages, spawnSeconds, seconds);
    }

    private static final class Parent extends AbstractBehavior<Integer> {
        private Parent(ActorContext<Integer> context, int count, LongAdder received, CompletableFuture<List<ActorRef<Integer>>> refs) {
            super(context);
            List<ActorRef<Integer>> children = new ArrayList<>(count);
            Behavior<Integer> sink = Behaviors.receiveMessage(m -> {
                received.increment();
                return Behaviors.same();
            });
            for (int i = 0; i < count; i++) {
                children.add(context.spawnAnonymous(sink));
            }
            refs.complete(children);
        }

        static Behavior<Integer> create(int count, LongAdder received, CompletableFuture<List<ActorRef<Integer>>> refs) {
            return Behaviors.setup(context -> new Parent(context, count, received, refs));
        }

        @Override
        public Receive<Integer> createReceive() {
            return newReceiveBuilder().build();
        }
    }

    private static final class Driver extends AbstractBehavior<Integer> {
        private final ActorRef<Integer>[] targets;
        private final SplittableRandom random;
        private long left;

        private Driver(ActorContext<Integer> context, ActorRef<Integer>[] targets, long messages, long seed) {
            super(context);
            this.targets = targets;
            this.left = messages;
            this.random = new SplittableRandom(seed);
            context.getSelf().tell(0);
        }

        static Behavior<Integer> create(ActorRef<Integer>[] targets, long messages, long seed) {
            return Behaviors.setup(context -> new Driver(context, targets, messages, seed));
        }

        @Override
        public Receive<Integer> createReceive() {
            return newReceiveBuilder().onMessage(Integer.class, this::onContinue).build();
        }

        private Behavior<Integer> onContinue(Integer ignored) {
            int n = (int) Math.min(CHUNK, left);
            for (int i = 0; i < n; i++) {
                targets[random.nextInt(targets.length)].tell(i);
            }
            left -= n;
            if (left == 0) {
                return Behaviors.stopped();
            }
            getContext().getSelf().tell(0);
            return this;
        }
    }
}
