package icn.scenarios;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.typesafe.config.ConfigFactory;
import icn.node.engine.EngineKind;
import icn.protocols.InvalidInputException;
import icn.protocols.topology.Scc;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BroadcastScenarioTest {

    @TempDir
    Path dir;

    private static BroadcastScenario parse(String hocon) {
        return BroadcastScenario.parse(ConfigFactory.parseString(hocon));
    }

    /** Parses, expects an InvalidInputException, checks it is one line and returns its message. */
    private static String error(String hocon) {
        InvalidInputException e = assertThrows(InvalidInputException.class, () -> parse(hocon));
        assertOneLine(e.getMessage());
        return e.getMessage();
    }

    private static void assertOneLine(String message) {
        assertFalse(message.isBlank());
        assertFalse(message.contains("\n"), () -> "not one line: " + message);
    }

    @Test
    void clusterEquivalenceResourceSweepsJvmsAndPartitionings() {
        BroadcastScenario s = BroadcastScenario.load("cluster-equivalence");
        assertEquals(List.of(1, 2, 3, 4), s.jvms());
        assertEquals(List.of("supernode", "block", "round-robin"), s.partitionings());
        assertEquals(4 * 2 * 2 * 4 * 3, s.runCount());
    }

    @Test
    void defaultResource() {
        BroadcastScenario s = BroadcastScenario.load("default");
        assertEquals("default", s.name());
        assertEquals(List.of("scc:4", "scc:5", "scc:6", "scc:7"), s.topologies());
        assertEquals(List.of("one-port", "multi-port"), s.algorithms());
        assertEquals(List.of(1), s.messages());
        assertEquals(Optional.empty(), s.source());
        assertEquals(1, s.seed());
        assertEquals(EngineKind.ACTORS, s.engine());
        assertEquals(1, s.hostsPerJvm());
        assertEquals(List.of(3), s.jvms(), "the front door runs on a local cluster of 3 JVMs");
        assertEquals(List.of("supernode"), s.partitionings());
        assertEquals(3, s.clusterSize());
        assertEquals(8, s.runCount());
        assertEquals(s, BroadcastScenario.load("default.conf"));
        assertEquals(s, BroadcastScenario.load("scenarios/default.conf"));
    }

    @Test
    void pipelinedResource() {
        BroadcastScenario s = BroadcastScenario.load("pipelined");
        assertEquals("pipelined", s.name());
        assertEquals(List.of("scc:4", "scc:5", "scc:6"), s.topologies());
        assertEquals(List.of("one-port", "multi-port"), s.algorithms());
        assertEquals(List.of(1, 2, 3, 4), s.messages());
    }

    @Test
    void unknownResource() {
        InvalidInputException e = assertThrows(InvalidInputException.class, () -> BroadcastScenario.load("nope"));
        assertTrue(e.getMessage().contains("nope"));
        assertOneLine(e.getMessage());
    }

    @Test
    void defaultsFillAbsentKeys() {
        BroadcastScenario s = parse("name = mini");
        assertEquals(new BroadcastScenario("mini", List.of("scc:4", "scc:5", "scc:6", "scc:7"), List.of("one-port", "multi-port"),
                List.of(1), Optional.empty(), 1, EngineKind.ACTORS, 2), s);
    }

    @Test
    void allKeys() {
        BroadcastScenario s = parse("name = x\nkind = broadcast\ntopologies = [\"scc:4\", \"SCC: 4 \"]\nalgorithms = [multi-port]\n"
                + "messages = [2, 5]\nsource = \"<3,1234>\"\nseed = -7\nengine = sequential\nhosts-per-jvm = 1");
        assertEquals(List.of("scc:4", "scc:4"), s.topologies());
        assertEquals(List.of("multi-port"), s.algorithms());
        assertEquals(List.of(2, 5), s.messages());
        assertEquals(Optional.of("<3,1234>"), s.source());
        assertEquals(-7, s.seed());
        assertEquals(EngineKind.SEQUENTIAL, s.engine());
        assertEquals(1, s.hostsPerJvm());
    }

    @Test
    void unknownKeyListsTheAllowedKeys() {
        String m = error("name = x\nseeds = 3");
        assertTrue(m.contains("unknown key 'seeds'"), m);
        assertTrue(m.contains("line 2"), m);
        for (String key : BroadcastScenario.KEYS) {
            assertTrue(m.contains(key), m);
        }
    }

    @Test
    void wrongTypesNameTheKey() {
        assertTrue(error("name = x\nseed = abc").contains("seed must be a whole number, not the string \"abc\""));
        assertTrue(error("name = x\nseed = 1.5").contains("seed must be a whole number, not the number 1.5"));
        assertTrue(error("name = x\nmessages = 1").contains("messages must be a list of whole numbers"));
        assertTrue(error("name = x\nmessages = [1, two]").contains("messages must be a list of whole numbers"));
        assertTrue(error("name = x\ntopologies = \"scc:4\"").contains("topologies must be a list of strings"));
        assertTrue(error("name = x\nalgorithms = [{a = 1}]").contains("algorithms must be a list of strings"));
        assertTrue(error("name = x\nhosts-per-jvm = [2]").contains("hosts-per-jvm must be a whole number, not a list"));
        assertTrue(error("name = x\nengine = {a = 1}").contains("engine must be a string, not an object"));
        assertTrue(error("name = x\nmessages = [3000000000]").contains("messages: 3000000000 is out of range"));
    }

    @Test
    void unknownAlgorithm() {
        String m = error("name = x\nalgorithms = [one-port, two-port]");
        assertTrue(m.contains("two-port"), m);
        assertTrue(m.contains("one-port, multi-port"), m);
        assertTrue(m.startsWith("scenario: line 2: algorithms:"), m);
    }

    @Test
    void messagesBelowOne() {
        assertTrue(error("name = x\nmessages = [1, 0]").contains("messages: 0 is too small"));
        assertTrue(error("name = x\nmessages = [-3]").contains("messages: -3 is too small"));
        assertTrue(error("name = x\nmessages = []").contains("messages must not be empty"));
    }

    @Test
    void topologiesAreAnyNetworkAsIcnBroadcastParsesThem() {
        String tooBig = error("name = x\ntopologies = [\"scc:11\"]");
        String fromScc = assertThrows(InvalidInputException.class, () -> Scc.of(11)).getMessage();
        assertTrue(tooBig.endsWith("topologies: " + fromScc), tooBig);
        assertTrue(error("name = x\ntopologies = [\"scc:2\"]").contains("scc:2 is out of range 3..10"));
        assertEquals(List.of("star:4"), parse("name = x\ntopologies = [\"star:4\"]\nalgorithms = [one-port]").topologies());
        assertEquals(List.of("torus:4,3"), parse("name = x\ntopologies = [\"torus:4,3\"]\nalgorithms = [flooding]").topologies());
        assertTrue(error("name = x\ntopologies = [\"slimfly:4\"]").contains("topologies: unknown topology 'slimfly:4'"));
        assertTrue(error("name = x\ntopologies = [\"mesh:4\"]").contains("topologies: malformed topology 'mesh:4': expected mesh:K,N"));
        assertTrue(error("name = x\ntopologies = [4]").contains("unknown topology '4'"));
        assertTrue(error("name = x\ntopologies = []").contains("topologies must not be empty"));
    }

    @Test
    void unquotedTopologyIsAHoconErrorOnOneLine() throws IOException {
        Path file = dir.resolve("bad.conf");
        Files.writeString(file, "name = x\ntopologies = [scc:4]\n");
        InvalidInputException e = assertThrows(InvalidInputException.class, () -> BroadcastScenario.load(file));
        assertOneLine(e.getMessage());
        assertTrue(e.getMessage().startsWith("bad.conf: line 2: "), e.getMessage());
    }

    @Test
    void unknownEngineAndKind() {
        assertTrue(error("name = x\nengine = threads").contains("engine 'threads' is unknown: allowed engines are actor, sequential"));
        assertTrue(error("name = x\nkind = wormhole").contains("kind 'wormhole' is not supported: kinds are broadcast, routing, faults and traffic"));
    }

    @Test
    void hostsPerJvmAtLeastOne() {
        assertTrue(error("name = x\nhosts-per-jvm = 0").contains("hosts-per-jvm must be at least 1"));
    }

    @Test
    void sourceSyntaxAtParseTimeAndItsNPerTopology() {
        assertTrue(error("name = x\nsource = \"<1,1234>\"").contains("source: label <1,1234> is impossible"));
        assertTrue(error("name = x\nsource = \"2,1234\"").contains("source: malformed label"));
        BroadcastScenario s = parse("name = x\ntopologies = [\"scc:4\"]\nsource = \"<2,2134>\"");
        Scc scc4 = Scc.of(4);
        assertEquals(scc4.parseLabel("<2,2134>"), s.sourceNode(scc4));
        assertEquals("<2,2134>", s.sourceLabel(scc4));
        InvalidInputException e = assertThrows(InvalidInputException.class, () -> s.sourceNode(Scc.of(5)));
        assertTrue(e.getMessage().startsWith("source: "), e.getMessage());
        assertTrue(e.getMessage().contains("scc:5"), e.getMessage());
        assertOneLine(e.getMessage());
        // read: the source is checked against every listed network, at the line of the source key
        String m = error("name = x\ntopologies = [\"scc:4\", \"scc:5\"]\nsource = \"<2,2134>\"");
        assertEquals("scenario: line 3: source: " + e.getMessage().substring("source: ".length()), m);
    }

    @Test
    void defaultSourceIsNodeZero() {
        Scc scc5 = Scc.of(5);
        BroadcastScenario s = parse("name = x");
        assertEquals(0, s.sourceNode(scc5));
        assertEquals("<2,12345>", s.sourceLabel(scc5));
    }

    @Test
    void nameIsRequiredUnlessTheFileNamesIt() throws IOException {
        assertTrue(error("seed = 2").contains("name is missing"));
        Path file = dir.resolve("my-run.conf");
        Files.writeString(file, "seed = 2\n");
        assertEquals("my-run", BroadcastScenario.load(file).name());
        Files.writeString(file, "name = other\n");
        assertEquals("other", BroadcastScenario.load(file).name());
    }

    @Test
    void fileErrorsCarryTheFileNameAndLine() throws IOException {
        Path file = dir.resolve("s.conf");
        Files.writeString(file, "name = x\nseed = 4\nmessages = [1, 0]\n");
        InvalidInputException e = assertThrows(InvalidInputException.class, () -> BroadcastScenario.load(file));
        assertEquals("s.conf: line 3: messages: 0 is too small: every B must be at least 1", e.getMessage());
    }

    @Test
    void malformedHoconIsOneLineWithTheFileName() throws IOException {
        Path file = dir.resolve("broken.conf");
        Files.writeString(file, "name = x\nmessages = [1, 2\n");
        InvalidInputException e = assertThrows(InvalidInputException.class, () -> BroadcastScenario.load(file));
        assertOneLine(e.getMessage());
        assertTrue(e.getMessage().startsWith("broken.conf: "), e.getMessage());
        Files.writeString(file, "name = ${missing}\n");
        e = assertThrows(InvalidInputException.class, () -> BroadcastScenario.load(file));
        assertOneLine(e.getMessage());
        assertTrue(e.getMessage().startsWith("broken.conf: line 1: "), e.getMessage());
    }

    @Test
    void missingFile() {
        InvalidInputException e = assertThrows(InvalidInputException.class, () -> BroadcastScenario.load(dir.resolve("none.conf")));
        assertTrue(e.getMessage().contains("no such scenario file"));
    }

    /** A scenario is read on its own (issue 36: a submitted scenario's include read the head's files): an include is refused. */
    @Test
    void includeIsRefusedNamingIt() throws IOException {
        Files.writeString(dir.resolve("base.conf"), "topologies = [\"scc:5\"]\nseed = 9\n");
        Path file = dir.resolve("child.conf");
        Files.writeString(file, "include \"base.conf\"\nname = child\nseed = 10\n");
        InvalidInputException e = assertThrows(InvalidInputException.class, () -> BroadcastScenario.load(file));
        assertEquals("child.conf: include \"base.conf\" is refused: a scenario or fault file is read on its own, without includes"
                + " (write the settings into it)", e.getMessage());
    }

    @Test
    void constructorValidatesToo() {
        assertThrows(InvalidInputException.class, () -> new BroadcastScenario("x", List.of("scc:12"), List.of("one-port"), List.of(1),
                Optional.empty(), 1, EngineKind.ACTORS, 2));
        assertThrows(InvalidInputException.class, () -> new BroadcastScenario("x", List.of("scc:4"), List.of("one-port"), List.of(0),
                Optional.empty(), 1, EngineKind.ACTORS, 2));
        assertThrows(InvalidInputException.class, () -> new BroadcastScenario("x", List.of("scc:4"), List.of(), List.of(1),
                Optional.empty(), 1, EngineKind.ACTORS, 2));
    }
}
