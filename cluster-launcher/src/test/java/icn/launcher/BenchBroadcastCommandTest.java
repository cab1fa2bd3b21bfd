package icn.launcher;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;

/**
 * {@code icn bench broadcast} on one JVM: beside the node actors' spawn rate, Akka's first spawn of as many empty typed actors,
 * measured in a fresh JVM started with this JVM's options ({@code icn bench start --spawn}); {@code --no-fresh-spawn} skips it.
 */
class BenchBroadcastCommandTest {

    @Test
    void akkasFirstSpawnInAFreshJvmBesideTheNodeActors() {
        Cli.Result r = Cli.run("bench", "broadcast", "--topology", "scc:4", "--json");
        assertEquals(0, r.exit(), r::toString);
        JsonNode j = r.json();
        assertAll(r.toString(),
                () -> assertTrue(j.get("actorMatchesSequential").asBoolean()),
                () -> assertFalse(j.has("freshJvmSpawnNotMeasured"), "the fresh JVM ran"),
                () -> assertEquals(j.get("nodes").asInt(), j.get("freshJvmEmptyActors").asInt(), "as many empty actors as node actors"),
                () -> assertTrue(j.get("freshJvmEmptyActorsSpawnedPerSecond").asDouble() > 0),
                // another process, started with this JVM's options: the test JVM's -Xmx2g and collector, not the machine's default
                // heap (a quarter of its memory)
                () -> assertTrue(j.get("freshJvmPid").asLong() > 0 && j.get("freshJvmPid").asLong() != ProcessHandle.current().pid(),
                        "a JVM of its own"),
                () -> assertEquals(Runtime.getRuntime().maxMemory(), j.get("freshJvmMaxHeapBytes").asLong(), "this JVM's heap"));
    }

    @Test
    void skippedOnRequest() {
        Cli.Result r = Cli.run("bench", "broadcast", "--topology", "scc:4", "--no-fresh-spawn");
        assertEquals(0, r.exit(), r::toString);
        assertFalse(r.out().contains("Akka's first spawn"), r::toString);
        assertTrue(r.out().contains("node actors per second"), r::toString);
    }
}
