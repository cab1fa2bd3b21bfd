package icn.protocols.wire;

import akka.actor.testkit.typed.javadsl.ActorTestKit;
import akka.actor.typed.ActorRef;
import icn.protocols.BroadcastAlgorithm;
import icn.protocols.LinkClass;
import icn.protocols.LinkLatency;
import icn.protocols.Packet;
import icn.protocols.Partition;
import icn.protocols.PacketLog;
import icn.protocols.RunMetrics;
import icn.protocols.WireMessage;
import icn.protocols.topology.Scc;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.Set;

/**
 * One sample value for every class in {@link KryoRegistrations}: a registration without a sample fails the round-trip tests.
 *
 * <p>Samples of the classes in {@link #CARRYING_ACTOR_REFS} hold actor references, which only a real actor system can make and
 * only a {@link KryoSerializer} created with that system can write; build them with {@link #sample(Class, Refs)} from the refs of
 * an {@link ActorTestKit}. The other samples need no actor system.
 */
final class WireSamples {

    /** The registered classes whose sample holds actor references (checked against every sample as it is built). */
    static final Set<Class<?>> CARRYING_ACTOR_REFS = Set.of(ActorRefs.TYPED_REF_CLASS, HostProtocol.StartStepping.class,
            HostProtocol.HostReady.class, ManagerProtocol.PrepareRun.class, ManagerProtocol.EndRun.class, ManagerProtocol.Inspect.class,
            ManagerProtocol.Halt.class, ManagerProtocol.ConfirmRun.class);

    /** JUnit resource lock of the tests that serialize {@link HostProtocol.PeerBatch}es, which {@link WireCounters} counts. */
    static final String WIRE_COUNTERS = "icn.protocols.wire.WireCounters";

    /** Actor references of a real actor system: each call spawns a fresh test probe. */
    static final class Refs {

        private final ActorTestKit testKit;

        Refs(ActorTestKit testKit) {
            this.testKit = testKit;
        }

        <T> ActorRef<T> ref(Class<T> protocol) {
            return testKit.createTestProbe(protocol).ref();
        }
    }

    private WireSamples() {
    }

    static boolean carriesActorRefs(Class<?> type) {
        return CARRYING_ACTOR_REFS.contains(type);
    }

    /** The sample of a class that holds no actor reference. */
    static Object sample(Class<?> type) {
        if (carriesActorRefs(type)) {
            throw new IllegalArgumentException("the sample of " + type.getName()
                    + " holds actor references: build it with sample(type, refs) from the refs of an actor system");
        }
        return build(type, null);
    }

    /** The sample of any registered class, its actor references taken from {@code refs}. */
    static Object sample(Class<?> type, Refs refs) {
        Object sample = build(type, refs);
        if (holdsActorRef(sample) != carriesActorRefs(type)) {
            throw new AssertionError("the sample of " + type.getName() + (carriesActorRefs(type) ? " holds no" : " holds an")
                    + " actor reference: update WireSamples.CARRYING_ACTOR_REFS");
        }
        return sample;
    }

    /** A sample of every registered message. */
    static List<WireMessage> messages(Refs refs) {
        List<WireMessage> messages = new ArrayList<>();
        for (Class<? extends WireMessage> type : KryoRegistrations.wireMessages()) {
            messages.add(type.cast(sample(type, refs)));
        }
        return messages;
    }

    /** A sample of every registered message that holds no actor reference (what a KryoSerializer without a system can write). */
    static List<WireMessage> messagesWithoutActorRefs() {
        List<WireMessage> messages = new ArrayList<>();
        for (Class<? extends WireMessage> type : KryoRegistrations.wireMessages()) {
            if (!carriesActorRefs(type)) {
                messages.add(type.cast(sample(type)));
            }
        }
        return messages;
    }

    /**
     * A batch of {@code size} node messages as a host sends them after step {@code step}: every message is in its destination's
     * inbox at step {@code step + 1}, the destinations are random node ids below {@code nodes}, the ports random in 0..2, and the
     * payload is message 0 (an Integer), as in a broadcast of one message.
     */
    static HostBatch batch(int size, long step, int nodes, long seed) {
        Random random = new Random(seed);
        long[] at = new long[size];
        int[] dest = new int[size];
        int[] port = new int[size];
        Object[] payload = new Object[size];
        for (int i = 0; i < size; i++) {
            at[i] = step + 1;
            dest[i] = random.nextInt(nodes);
            port[i] = random.nextInt(3);
            payload[i] = 0;
        }
        return new HostBatch(at, dest, port, payload);
    }

    private static Object build(Class<?> type, Refs refs) {
        if (type == int[].class) {
            return new int[] {0, -1, Integer.MAX_VALUE, 2_903_040};
        } else if (type == long[].class) {
            return new long[] {0L, Long.MIN_VALUE, 32_659_200L};
        } else if (type == byte[].class) {
            return new byte[] {1, 2, 3, 4, 5, -128};
        } else if (type == boolean[].class) {
            return new boolean[] {true, false, true};
        } else if (type == double[].class) {
            return new double[] {0.5, Double.NaN, -0.0};
        } else if (type == String[].class) {
            return new String[] {"<2,12345>", "⟨3,21453⟩", ""};
        } else if (type == Object[].class) {
            return new Object[] {1, "two", 3L, new int[] {4}, BroadcastAlgorithm.ONE_PORT};
        } else if (type == ArrayList.class) {
            return new ArrayList<>(List.of(1, "two", LinkClass.LATERAL));
        } else if (type == BroadcastAlgorithm.class) {
            return BroadcastAlgorithm.MULTI_PORT;
        } else if (type == LinkClass.class) {
            return LinkClass.LOCAL;
        } else if (type == BroadcastSpec.class) {
            return new BroadcastSpec(BroadcastAlgorithm.MULTI_PORT, 16, 2_903_039);
        } else if (type == ActorRefs.TYPED_REF_CLASS) {
            return refs.ref(Object.class);
        } else if (type == Partition.Kind.class) {
            return Partition.Kind.ROUND_ROBIN;
        } else if (type == HostBatch.class) {
            // payloads are Objects: node programs send Integers (message indices); others must be registered too
            return new HostBatch(new long[] {1, 31, 31, Integer.MAX_VALUE / 8}, new int[] {0, 2_903_039, 17, 5},
                    new int[] {0, 1, 2, 0}, new Object[] {0, 15, 0, "x"});
        } else if (type == RunMetrics.Data.class) {
            return runMetrics();
        } else if (type == HostProtocol.StartStepping.class) {
            return new HostProtocol.StartStepping(List.of(refs.ref(HostProtocol.Command.class), refs.ref(HostProtocol.Command.class),
                    refs.ref(HostProtocol.Command.class)));
        } else if (type == HostProtocol.PeerBatch.class) {
            return new HostProtocol.PeerBatch(30, 2, 1, true, 33, (HostBatch) build(HostBatch.class, refs));
        } else if (type == HostProtocol.AbortRun.class) {
            return new HostProtocol.AbortRun("member akka://scc@127.0.0.1:25521 was lost ⟨3,21453⟩");
        } else if (type == HostProtocol.HostReady.class) {
            return new HostProtocol.HostReady(3, 120_960, refs.ref(HostProtocol.Command.class), true);
        } else if (type == HostProtocol.HostFinished.class) {
            return new HostProtocol.HostFinished(3, runMetrics(), 30, 2_903_040L, 17, new long[] {1_000_000L, 0},
                    new long[] {Long.MAX_VALUE, 5}, true, new long[] {0, 12, 7}, new long[] {3, 0, 9});
        } else if (type == HostProtocol.KillPoint.class) {
            return new HostProtocol.KillPoint(2, 17, runMetrics(), new long[] {5, 6, 0}, new long[] {1, 2, 0});
        } else if (type == HostProtocol.RunRefused.class) {
            return new HostProtocol.RunRefused("akka://emulator@127.0.0.1:25520", "its share of scc:9 needs about 1.3 GiB");
        } else if (type == HostProtocol.MemberLost.class) {
            return new HostProtocol.MemberLost(new int[] {2, 3});
        } else if (type == ManagerProtocol.Inspect.class) {
            return new ManagerProtocol.Inspect(true, refs.ref(ManagerProtocol.MemberStats.class));
        } else if (type == ManagerProtocol.MemberStats.class) {
            return new ManagerProtocol.MemberStats("akka://emulator@10.231.0.2:25521", "host2", 4242L, 2, "17.0.13", 4L << 30, 3L << 30,
                    123_456_789L, 57, 2, 282_240L, 3_600L, 11L, 3_600_000L);
        } else if (type == ManagerProtocol.ConfirmRun.class) {
            return new ManagerProtocol.ConfirmRun(12L, -3_333_333_333_333L, Long.MAX_VALUE - 1, refs.ref(ManagerProtocol.Command.class));
        } else if (type == ManagerProtocol.RunConfirmed.class) {
            return new ManagerProtocol.RunConfirmed(12L, Long.MIN_VALUE, true);
        } else if (type == ManagerProtocol.Halt.class) {
            return new ManagerProtocol.Halt("the fault plan kills JVM 2 at step 17", refs.ref(HostProtocol.Event.class), 7L, -8_102_345_678_901L);
        } else if (type == ManagerProtocol.PrepareRun.class) {
            return new ManagerProtocol.PrepareRun(Long.MAX_VALUE, "scc:9", new BroadcastSpec(BroadcastAlgorithm.ONE_PORT, 3, 0),
                    Partition.Kind.SUPERNODE, new LinkLatency(3, 1), faultPlan(), 16, 8, 4, 4, refs.ref(HostProtocol.Event.class),
                    Long.MIN_VALUE + 5);
        } else if (type == ManagerProtocol.EndRun.class) {
            return new ManagerProtocol.EndRun(-1L, refs.ref(HostProtocol.Event.class), true, 4_611_686_018_427_387_904L);
        } else if (type == Packet.class) {
            return Packet.distributed(5, 17, 0, Long.MIN_VALUE + 3).withHeader(4, 99).movedTo(18, false);
        } else if (type == icn.protocols.fault.FaultPlan.class) {
            return faultPlan();
        } else if (type == LinkLatency.class) {
            return new LinkLatency(2, 5);
        } else if (type == PacketLog.Data.class) {
            return packetLog().data();
        } else if (type == HostProtocol.PacketsDelivered.class) {
            return new HostProtocol.PacketsDelivered(2, packetLog().data());
        } else if (type == RoutingSpec.class) {
            return new RoutingSpec("dfs", "distributed", "sample:10000", -3, 250);
        } else if (type == icn.protocols.traffic.TrafficSpec.class) {
            return new icn.protocols.traffic.TrafficSpec("adaptive", "hotspot:0.1", 8, 64, 4, 0.0025, -9L, 12_000, 15_000, "bursty:4",
                    "hotspot:0.1@0.25@64:1;uniform@0.75@4:0.5+32:0.5");
        } else if (type == icn.protocols.traffic.MessageHeader.class) {
            return header();
        } else if (type == icn.protocols.traffic.ChannelStep.class) {
            // a head flit with credits for VCs 0 and 31; body flits and credit-only steps carry no header (null on the wire)
            return new icn.protocols.traffic.ChannelStep(7, icn.protocols.traffic.ChannelStep.HEAD, header().id(), header(), 1 | 1 << 31);
        } else if (type == icn.protocols.traffic.MessageDelivered.class) {
            return new icn.protocols.traffic.MessageDelivered(header().id(), 1023, 5, 17, 19, 60, 7, 64, 3);
        } else if (type == icn.protocols.traffic.MessageLost.class) {
            return new icn.protocols.traffic.MessageLost(-1L, 3, 4, 5, 6, 7, icn.protocols.traffic.MessageLost.Reason.LINK_DOWN_BEHIND);
        } else if (type == icn.protocols.traffic.MessageLost.Reason.class) {
            return icn.protocols.traffic.MessageLost.Reason.KILLED;
        } else if (type == icn.protocols.traffic.RouterState.class) {
            return routerState();
        } else if (type == HostProtocol.Observed.class) {
            return new HostProtocol.Observed(1, new Object[] {new icn.protocols.traffic.MessageDelivered(1, 2, 3, 4, 5, 6, 7, 8, 1), routerState(),
                    new icn.protocols.traffic.MessageLost(8, 9, 10, 11, 12, 13, icn.protocols.traffic.MessageLost.Reason.NO_ROUTE)});
        } else if (type == ManagerProtocol.RunEnded.class) {
            return new ManagerProtocol.RunEnded(7L, "akka://scc@127.0.0.1:25522", 123_456_789_012L, 2_903_040L);
        }
        throw new AssertionError("no sample for " + type.getName() + ": add one to WireSamples.sample");
    }

    private static icn.protocols.traffic.MessageHeader header() {
        return new icn.protocols.traffic.MessageHeader(icn.protocols.traffic.MessageHeader.id(1023, 70_000), 1023, 5, 17, 19, 3, 64, -2, 32, 2);
    }

    private static icn.protocols.traffic.RouterState routerState() {
        return new icn.protocols.traffic.RouterState(12, 0, 400, 12_800, 12_768, 0, 31, 2, new long[] {1L << 32, 5L << 32 | 9}, new long[] {3, 40},
                new long[] {2_000_123L}, new int[] {0, 2}, new long[] {17, -2_000_124L}, new long[] {44_000}, new long[] {99},
                new long[] {2_000_123L}, new long[] {1_204, 0, 977});
    }

    /** Every kind of fault at once. */
    private static icn.protocols.fault.FaultPlan faultPlan() {
        double[] loss = new double[LinkClass.values().length];
        loss[LinkClass.LATERAL.ordinal()] = 0.25;
        int[] delay = new int[LinkClass.values().length];
        delay[LinkClass.LOCAL.ordinal()] = 2;
        return new icn.protocols.fault.FaultPlan(-7L, new int[] {5, 2_903_039}, new long[] {1, 30}, new int[] {4}, new int[] {2},
                new long[] {3}, new long[] {icn.protocols.fault.FaultPlan.NEVER}, loss, delay, new int[] {2}, new long[] {9}, true);
    }

    /** What a host of a two-message broadcast measured in its first steps, made by RunMetrics itself. */
    private static RunMetrics.Data runMetrics() {
        RunMetrics metrics = new RunMetrics(2);
        metrics.countInformed(0, 0);
        metrics.countSend(1, LinkClass.LATERAL);
        metrics.countInformed(1, 0, 5);
        metrics.countSend(2, LinkClass.LOCAL);
        metrics.countSend(2, LinkClass.LOCAL);
        metrics.countInformed(2, 1);
        metrics.countSend(70, LinkClass.LATERAL); // past the initial capacity of 64 steps
        Scc scc = Scc.of(4);
        metrics.countDelivered(1, Packet.at(1, 0, scc.neighbour(0, 2), new int[] {2}).movedTo(scc.neighbour(0, 2), false), scc);
        metrics.countGaveUp(3, false);
        metrics.countGaveUp(4, true);
        metrics.countGaveUp(4, true);
        return metrics.data();
    }

    /** Two delivered packets, one of whose recorded hops is not a link. */
    private static PacketLog packetLog() {
        Scc scc = Scc.of(4);
        PacketLog log = new PacketLog();
        int right = scc.neighbour(0, 2);
        log.add(Packet.at(1, 0, right, new int[] {2}).movedTo(right, false), 1, scc);
        log.add(Packet.at(2, 0, 40, new int[0]).movedTo(40, true), 1, scc);
        return log;
    }

    /** True when {@code value} is or holds (in a record component, list element or array element) an actor reference. */
    static boolean holdsActorRef(Object value) {
        if (value instanceof ActorRef) {
            return true;
        } else if (value instanceof Object[]) {
            for (Object element : (Object[]) value) {
                if (holdsActorRef(element)) {
                    return true;
                }
            }
        } else if (value instanceof List) {
            for (Object element : (List<?>) value) {
                if (holdsActorRef(element)) {
                    return true;
                }
            }
        } else if (value != null && value.getClass().isRecord()) {
            for (RecordComponent c : value.getClass().getRecordComponents()) {
                if (holdsActorRef(WireEquality.component(value, c))) {
                    return true;
                }
            }
        }
        return false;
    }
}
