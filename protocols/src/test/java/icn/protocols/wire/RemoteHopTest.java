package icn.protocols.wire;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import akka.actor.testkit.typed.javadsl.ActorTestKit;
import akka.actor.testkit.typed.javadsl.LoggingTestKit;
import akka.actor.testkit.typed.javadsl.TestProbe;
import akka.actor.typed.ActorRef;
import akka.actor.typed.ActorRefResolver;
import akka.actor.typed.ActorSystem;
import akka.serialization.SerializationExtension;
import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import icn.protocols.BroadcastAlgorithm;
import icn.protocols.LinkLatency;
import icn.protocols.Partition;
import icn.protocols.WireMessage;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.ResourceLock;

/**
 * A real remote hop: two ActorSystems in this JVM, each with Artery TCP on its own port of 127.0.0.1 and Java serialization off, so
 * every message between them is written by the KryoSerializer of one system and read by that of the other.
 */
@ResourceLock(WireSamples.WIRE_COUNTERS)
class RemoteHopTest {

    /** A WireMessage missing from KryoRegistrations: it must not cross. */
    record NotRegistered(int value) implements WireMessage {
    }

    private static final Config REMOTE = ConfigFactory.parseString(String.join("\n",
            "akka.actor.provider = remote",
            "akka.actor.allow-java-serialization = off",
            "akka.remote.artery.transport = tcp",
            "akka.remote.artery.canonical.hostname = 127.0.0.1",
            "akka.remote.artery.canonical.port = 0",
            "akka.remote.warn-about-direct-use = off"))
            .withFallback(ConfigFactory.load());

    private static final ActorTestKit A = ActorTestKit.create("sideA", REMOTE);
    private static final ActorTestKit B = ActorTestKit.create("sideB", REMOTE);

    private static final long SEED = 20_240_611L;
    private static final Duration NOTHING_ARRIVES = Duration.ofSeconds(1);

    @AfterAll
    static void shutdown() {
        A.shutdownTestKit();
        B.shutdownTestKit();
    }

    /** {@code ref} of system {@code from} as system {@code to} sees it: resolved from Akka's serialization format (its full address). */
    private static <T> ActorRef<T> seenFrom(ActorSystem<?> to, ActorRef<T> ref, ActorSystem<?> from) {
        return ActorRefResolver.get(to).resolveActorRef(ActorRefResolver.get(from).toSerializationFormat(ref));
    }

    @Test
    void messagesCrossEqualAndCarryReferencesThatResolve() {
        TestProbe<Object> inB = B.createTestProbe();
        ActorRef<Object> toB = seenFrom(A.system(), inB.ref(), B.system());
        assertTrue(toB.path().address().hasGlobalScope(), "B's probe is remote from A: " + toB.path());
        assertEquals(B.system().address(), toB.path().address());
        TestProbe<HostProtocol.Command> hostInA = A.createTestProbe(HostProtocol.Command.class);
        TestProbe<HostProtocol.Event> supervisorInA = A.createTestProbe(HostProtocol.Event.class);

        HostProtocol.PeerBatch batch = new HostProtocol.PeerBatch(30, 1, 0, true, 31, WireSamples.batch(4_096, 30, 2_903_040, SEED));
        HostProtocol.HostReady ready = new HostProtocol.HostReady(1, 120_960, hostInA.ref(), false);
        ManagerProtocol.PrepareRun prepare = new ManagerProtocol.PrepareRun(42, "scc:9",
                new BroadcastSpec(BroadcastAlgorithm.MULTI_PORT, 2, 0), Partition.Kind.SUPERNODE, new LinkLatency(2, 1), icn.protocols.fault.FaultPlan.NONE, 4, 2, 2, 2, supervisorInA.ref(), 99L);
        toB.tell(batch);
        toB.tell(ready);
        toB.tell(prepare);

        WireEquality.assertContentEquals(batch, inB.expectMessageClass(HostProtocol.PeerBatch.class), "PeerBatch, seed " + SEED);
        // in B the references are remote references to A's probes: equal to what B resolves from A's serialization format
        HostProtocol.HostReady readyInB = inB.expectMessageClass(HostProtocol.HostReady.class);
        assertEquals(new HostProtocol.HostReady(1, 120_960, seenFrom(B.system(), hostInA.ref(), A.system()), false), readyInB);
        assertEquals(A.system().address(), readyInB.ref().path().address());
        ManagerProtocol.PrepareRun prepareInB = inB.expectMessageClass(ManagerProtocol.PrepareRun.class);
        assertEquals(new ManagerProtocol.PrepareRun(42, "scc:9", new BroadcastSpec(BroadcastAlgorithm.MULTI_PORT, 2, 0),
                Partition.Kind.SUPERNODE, new LinkLatency(2, 1), icn.protocols.fault.FaultPlan.NONE, 4, 2, 2, 2, seenFrom(B.system(), supervisorInA.ref(), A.system()), 99L), prepareInB);

        // B answers through the references that travelled; a reference that goes back to A comes home as A's own probe
        readyInB.ref().tell(new HostProtocol.StartStepping(List.of(readyInB.ref())));
        HostProtocol.StartStepping start = hostInA.expectMessageClass(HostProtocol.StartStepping.class);
        assertEquals(List.of(hostInA.ref()), start.hosts());
        prepareInB.supervisor().tell(new ManagerProtocol.RunEnded(42, "sideB", 0, 0));
        assertEquals(new ManagerProtocol.RunEnded(42, "sideB", 0, 0), supervisorInA.expectMessageClass(ManagerProtocol.RunEnded.class));
        inB.expectNoMessage(Duration.ofMillis(100));
    }

    @Test
    void anUnregisteredMessageIsRefusedBySenderAndNeverArrives() {
        NotRegistered unlisted = new NotRegistered(7);
        // the sending side cannot serialize it, and says which class
        Exception refused = assertThrows(Exception.class, () -> SerializationExtension.get(A.system()).serialize(unlisted).get());
        assertTrue(String.valueOf(refused.getMessage()).contains(NotRegistered.class.getName()), refused.toString());

        TestProbe<Object> inB = B.createTestProbe();
        ActorRef<Object> toB = seenFrom(A.system(), inB.ref(), B.system());
        // Artery drops it on A's side and logs the failure; the association stays up
        LoggingTestKit.error("Failed to serialize message [" + NotRegistered.class.getName() + "]").expect(A.system(), () -> {
            toB.tell(unlisted);
            return null;
        });
        inB.expectNoMessage(NOTHING_ARRIVES);
        // what follows on the same connection still arrives, and first: the dropped message is not merely late
        HostProtocol.AbortRun after = new HostProtocol.AbortRun("after the unlisted message");
        toB.tell(after);
        assertEquals(after, inB.expectMessageClass(HostProtocol.AbortRun.class));
        inB.expectNoMessage(Duration.ofMillis(200));
        assertNotEquals(A.system().address(), B.system().address());
    }
}
