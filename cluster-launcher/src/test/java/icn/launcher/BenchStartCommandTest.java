package icn.launcher;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;

/** {@code icn bench start}: one sample of this JVM's start to an actor system up and terminated (scripts/bench-start.sh repeats it). */
class BenchStartCommandTest {

    @Test
    void oneJsonSampleOfALocalSystem() {
        Cli.Result r = Cli.run("bench", "start", "--json");
        assertEquals(0, r.exit(), r::toString);
        JsonNode j = r.json();
        assertAll(r.toString(),
                () -> assertEquals("start", j.get("benchmark").asText()),
                () -> assertEquals("local", j.get("system").asText()),
                () -> assertTrue(j.get("msToCommand").asLong() > 0, "the JVM started before the command ran"),
                () -> assertTrue(j.get("msToCommand").asLong() <= j.get("msToSystemUp").asLong()),
                () -> assertTrue(j.get("msToSystemUp").asLong() <= j.get("msToTerminated").asLong()),
                () -> assertTrue(j.get("cpuMsToTerminated").asLong() > 0),
                () -> assertTrue(j.get("classesLoaded").asInt() > 1000),
                () -> assertFalse(j.get("sharedArchive").asBoolean(), "tests run without -XX:SharedArchiveFile"),
                () -> assertFalse(j.has("spawnedEmptyActors"), "no spawn unless asked"),
                () -> assertEquals(ProcessHandle.current().pid(), j.get("pid").asLong(), "the sample is of this JVM"),
                () -> assertEquals(Runtime.getRuntime().maxMemory(), j.get("maxHeapBytes").asLong()),
                // SLF4J's note of calls it replayed comes from starting logging in a test JVM (Icn.main starts it first)
                () -> assertTrue(r.errBesidesResults().stream().allMatch(l -> l.startsWith("SLF4J:")), "nothing on stderr but where the results are"));
    }

    @Test
    void thenASpawnOfEmptyTypedActorsTimed() {
        Cli.Result r = Cli.run("bench", "start", "--spawn", "3000", "--json");
        assertEquals(0, r.exit(), r::toString);
        JsonNode j = r.json();
        assertAll(r.toString(),
                () -> assertEquals(3000, j.get("spawnedEmptyActors").asInt()),
                () -> assertTrue(j.get("emptyActorSpawnSeconds").asDouble() > 0),
                // the start figures are taken before the spawn, the termination after it
                () -> assertTrue(j.get("msToTerminated").asLong() - j.get("msToSystemUp").asLong()
                        >= (long) (j.get("emptyActorSpawnSeconds").asDouble() * 1000) - 1, "terminated after the spawn"));
        Cli.Result text = Cli.run("bench", "start", "--spawn", "1000");
        assertEquals(0, text.exit(), text::toString);
        assertTrue(text.outLines().get(1).startsWith("then 1,000 empty typed actors spawned in "), text::toString);
    }

    @Test
    void oneLineOfAClusterMember() {
        Cli.Result r = Cli.run("bench", "start", "--member");
        assertEquals(0, r.exit(), r::toString);
        assertEquals(2, r.outLines().size(), r::toString);
        assertTrue(r.out().startsWith("cluster actor system, from JVM start: command "), r::toString);
        assertTrue(r.outLines().get(1).startsWith("Results: "), r::toString);
    }

    @Test
    void theTrainingOptionIsHidden() {
        Cli.Result r = Cli.run("bench", "start", "--help");
        assertEquals(0, r.exit(), r::toString);
        assertFalse(r.out().contains("training"), r::toString);
    }
}
