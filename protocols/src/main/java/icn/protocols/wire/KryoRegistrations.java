package icn.protocols.wire;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.KryoException;
import com.esotericsoftware.kryo.Registration;
import com.esotericsoftware.kryo.Serializer;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.util.DefaultClassResolver;
import icn.protocols.BroadcastAlgorithm;
import icn.protocols.LinkClass;
import icn.protocols.LinkLatency;
import icn.protocols.Packet;
import icn.protocols.PacketLog;
import icn.protocols.Partition;
import icn.protocols.RunMetrics;
import icn.protocols.WireMessage;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The one list of classes that may cross JVMs, each with its fixed Kryo registration id: the wire carries these ids, never class
 * names. Both ends must run the same list, so ids are only ever appended, never reused or renumbered; a new {@link WireMessage} is
 * one more line in {@link #ENTRIES} (and a sample in the round-trip test).
 *
 * <p>Ids start at {@link #FIRST_ID}; below it are Kryo's built-in registrations (the primitives, their boxes and String, ids 0–9),
 * which are always present. Records use Kryo 5's {@code RecordSerializer} (canonical constructor, so their checks run on arrival too),
 * enums Kryo's ordinal-based {@code EnumSerializer}; arrays, lists and String the {@link BoundedSerializers}, which check every
 * length they read against the frame before allocating (issue 36).
 */
public final class KryoRegistrations {

    public static final int FIRST_ID = 100;

    /** A class and its registration id. */
    public record Entry(int id, Class<?> type) {
    }

    /** Every registered class, by id. Append only. */
    public static final List<Entry> ENTRIES = List.of(
            // plain values that messages contain
            new Entry(100, int[].class),
            new Entry(101, long[].class),
            new Entry(102, byte[].class),
            new Entry(103, boolean[].class),
            new Entry(104, double[].class),
            new Entry(105, String[].class),
            new Entry(106, Object[].class),
            new Entry(107, ArrayList.class),
            // enums of protocols
            new Entry(120, BroadcastAlgorithm.class),
            new Entry(121, LinkClass.class),
            // wire messages
            new Entry(200, BroadcastSpec.class),
            // actor references travel as Akka's serialization format (a string), resolved at the receiver (see ActorRefs)
            new Entry(130, ActorRefs.TYPED_REF_CLASS),
            new Entry(131, Partition.Kind.class),
            new Entry(210, HostBatch.class),
            new Entry(211, RunMetrics.Data.class),
            new Entry(212, HostProtocol.StartStepping.class),
            new Entry(213, HostProtocol.PeerBatch.class),
            new Entry(214, HostProtocol.AbortRun.class),
            new Entry(215, HostProtocol.HostReady.class),
            new Entry(216, HostProtocol.HostFinished.class),
            new Entry(220, ManagerProtocol.PrepareRun.class),
            new Entry(221, ManagerProtocol.EndRun.class),
            new Entry(222, ManagerProtocol.RunEnded.class),
            new Entry(230, Packet.class),
            new Entry(231, PacketLog.Data.class),
            new Entry(232, RoutingSpec.class),
            new Entry(233, HostProtocol.PacketsDelivered.class),
            new Entry(234, LinkLatency.class),
            new Entry(235, icn.protocols.fault.FaultPlan.class),
            new Entry(236, HostProtocol.KillPoint.class),
            new Entry(237, HostProtocol.MemberLost.class),
            new Entry(238, ManagerProtocol.Halt.class),
            // traffic runs (issue 13): the program, what crosses a link in a step, and what routers report
            new Entry(240, icn.protocols.traffic.TrafficSpec.class),
            new Entry(241, icn.protocols.traffic.ChannelStep.class),
            new Entry(242, icn.protocols.traffic.MessageHeader.class),
            new Entry(243, icn.protocols.traffic.MessageDelivered.class),
            new Entry(244, icn.protocols.traffic.MessageLost.class),
            new Entry(245, icn.protocols.traffic.MessageLost.Reason.class),
            new Entry(246, icn.protocols.traffic.RouterState.class),
            new Entry(247, HostProtocol.Observed.class),
            new Entry(248, HostProtocol.RunRefused.class),
            // a standing cluster's head asks its members how they are (issue 30)
            new Entry(250, ManagerProtocol.Inspect.class),
            new Entry(251, ManagerProtocol.MemberStats.class),
            // a host manager has the supervisor a run names confirm it (issue 36)
            new Entry(252, ManagerProtocol.ConfirmRun.class),
            new Entry(253, ManagerProtocol.RunConfirmed.class));

    static {
        Set<Integer> ids = new HashSet<>();
        Set<Class<?>> types = new HashSet<>();
        for (Entry e : ENTRIES) {
            if (e.id() < FIRST_ID || !ids.add(e.id()) || !types.add(e.type())) {
                throw new ExceptionInInitializerError("KryoRegistrations: id " + e.id() + " or " + e.type().getName()
                        + " is below " + FIRST_ID + " or used twice");
            }
        }
    }

    private KryoRegistrations() {
    }

    /** A Kryo instance that writes and reads exactly the registered classes; not thread-safe (pool it). */
    public static Kryo newKryo() {
        return newKryo(null);
    }

    /** As {@link #newKryo()}, resolving actor references with {@code actorRefs} (null: actor references are refused). */
    public static Kryo newKryo(ActorRefs actorRefs) {
        Kryo kryo = new Kryo(new IdsOnly(), null);
        kryo.setRegistrationRequired(true);
        kryo.setReferences(false); // messages are trees of values: no shared or cyclic references to track
        kryo.setMaxDepth(WireLimits.MAX_DEPTH); // a frame of deeply nested arrays would otherwise overflow the receiver's stack
        // over Kryo's built-in String serializer, at its id: that one trusts the char count it reads (issue 36)
        kryo.register(String.class, BoundedSerializers.of(String.class), kryo.getRegistration(String.class).getId());
        for (Entry e : ENTRIES) {
            Serializer<?> bounded = BoundedSerializers.of(e.type());
            if (e.type() == ActorRefs.TYPED_REF_CLASS) {
                kryo.register(e.type(), ActorRefs.serializer(actorRefs), e.id());
            } else if (e.type() == HostBatch.class) {
                kryo.register(e.type(), new HostBatchSerializer(), e.id());
            } else if (bounded != null) {
                kryo.register(e.type(), bounded, e.id());
            } else {
                kryo.register(e.type(), e.id());
            }
        }
        return kryo;
    }

    /**
     * Kryo's class resolver, except that a class name on the wire is refused before it is read: with registration required, none
     * is ever written, and Kryo reads one (id 1) with {@code Input.readString}, which allocates the char count it reads (issue 36).
     */
    private static final class IdsOnly extends DefaultClassResolver {

        @Override
        protected Registration readName(Input input) {
            throw new KryoException("a class name on the wire: only registration ids are read");
        }
    }

    /** The registered {@link WireMessage} classes. */
    public static List<Class<? extends WireMessage>> wireMessages() {
        List<Class<? extends WireMessage>> messages = new ArrayList<>();
        for (Entry e : ENTRIES) {
            if (WireMessage.class.isAssignableFrom(e.type())) {
                messages.add(e.type().asSubclass(WireMessage.class));
            }
        }
        return Collections.unmodifiableList(messages);
    }

    public static boolean isRegistered(Class<?> type) {
        return ENTRIES.stream().anyMatch(e -> e.type() == type);
    }
}
