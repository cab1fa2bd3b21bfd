package icn.protocols.topology;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import icn.protocols.Bfs;
import icn.protocols.InvalidInputException;
import icn.protocols.Topology;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Networks read from a file (issue 32): both formats, the links they give, and every refusal naming its line. */
class FileNetworkTest {

    @TempDir
    Path dir;

    /** torus:5,2 written out as an edge list and as GraphML reads back as the same graph: every node's BFS distances. */
    @Test
    void aTorusWrittenToAFileIsTheSameNetwork() throws Exception {
        Torus torus = Torus.of(5, 2);
        StringBuilder edges = new StringBuilder("# torus:5,2, a link per line\n");
        StringBuilder graphMl = new StringBuilder("<?xml version=\"1.0\"?>\n<graphml><graph edgedefault=\"undirected\">\n");
        for (int v = 0; v < torus.nodeCount(); v++) {
            graphMl.append("<node id=\"v").append(v).append("\"/>\n");
        }
        for (int v = 0; v < torus.nodeCount(); v++) {
            for (int p = 0; p < torus.portCount(); p++) {
                int w = torus.neighbour(v, p);
                if (v < w) {
                    edges.append('v').append(v).append(p % 2 == 0 ? " " : ", ").append('v').append(w).append("  # port ").append(p).append('\n');
                    graphMl.append("<edge source=\"v").append(v).append("\" target=\"v").append(w).append("\"/>\n");
                }
            }
        }
        graphMl.append("</graph></graphml>\n");
        for (Path file : new Path[] {Files.writeString(dir.resolve("torus.txt"), edges), Files.writeString(dir.resolve("torus.graphml"), graphMl)}) {
            Topology t = Topologies.parse("file:" + file);
            assertEquals("file:" + file.toAbsolutePath(), t.name());
            assertEquals(25, t.nodeCount());
            assertEquals(4, t.portCount());
            for (int v = 0; v < 25; v++) {
                int id = t.parseLabel("v" + v);
                assertEquals("v" + v, t.label(id));
                int[] a = Bfs.distances(torus, v);
                int[] b = Bfs.distances(t, id);
                for (int w = 0; w < 25; w++) {
                    assertEquals(a[w], b[t.parseLabel("v" + w)], "distance v" + v + " to v" + w);
                }
                for (int p = 0; p < t.portCount(); p++) {
                    int w = t.neighbour(id, p);
                    assertEquals(id, t.neighbour(w, t.arrivalPort(id, p)), "a link arrives on the port that leads back");
                }
            }
            assertSame(t, Topologies.parse("file:" + file), "read once while unchanged");
        }
    }

    /** Issue 39: a link's latency of its own, as a third column or GraphML's latency attribute, read and written back. */
    @Test
    void linksMayGiveTheirLatency() throws Exception {
        Path edges = Files.writeString(dir.resolve("slow.txt"), "a b 2\nb c, 5\nc d\n");
        Topology t = Topologies.parse("file:" + edges);
        assertTrue(t.hasLinkLatencies());
        assertEquals(2, t.linkLatency(t.parseLabel("a"), 0));
        assertEquals(2, t.linkLatency(t.parseLabel("b"), 0), "both ends of a link");
        assertEquals(5, t.linkLatency(t.parseLabel("b"), 1));
        assertEquals(0, t.linkLatency(t.parseLabel("c"), 1), "no latency given: the class's");
        Path graphMl = Files.writeString(dir.resolve("slow.graphml"), NetworkExport.graphMl(t));
        Path again = Files.writeString(dir.resolve("again.txt"), NetworkExport.edgeList(Topologies.parse("file:" + graphMl)));
        for (Topology back : new Topology[] {Topologies.parse("file:" + graphMl), Topologies.parse("file:" + again)}) {
            for (int v = 0; v < t.nodeCount(); v++) {
                for (int p = 0; p < t.portCount(); p++) {
                    assertEquals(t.linkLatency(v, p), back.linkLatency(back.parseLabel(t.label(v)), p), "written back: " + t.label(v) + " " + p);
                }
            }
        }
        assertTrue(NetworkExport.graphMl(t).contains("latency=\"5\""), NetworkExport.graphMl(t));
        Path bad = Files.writeString(dir.resolve("bad.graphml"), "<graphml><graph>\n<node id=\"a\"/><node id=\"b\"/>\n"
                + "<edge source=\"a\" target=\"b\" latency=\"-3\"/>\n</graph></graphml>\n");
        InvalidInputException e = assertThrows(InvalidInputException.class, () -> Topologies.parse("file:" + bad));
        assertTrue(e.getMessage().contains("line 3: a link's latency"), e.getMessage());
        assertFalse(Topologies.parse("torus:3,2").hasLinkLatencies());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "a b c d|line 1: expected two node names",
        "a b c|latency is a whole number of cycles, 1..1000",
        "a b 0|line 1: a link",
        "a b\\nb c 1001|line 2: a link",
        "a b 99999999999999|latency is a whole number of cycles",
        "a b\\nb a|line 2: the link b a is given twice (first on line 1)",
        "# none\\n\\nx x|line 3: a link from x to itself",
        "a b\\nc d|is not connected: a cannot reach c",
        "# nothing|has no links",
        "a b\\nb c;d|line 2: expected two node names"})
    void badEdgeListsAreRefusedInOneLineNamingTheLine(String text, String says) throws Exception {
        Path file = Files.writeString(dir.resolve("bad.txt"), text.replace("\\n", "\n") + "\n");
        InvalidInputException e = assertThrows(InvalidInputException.class, () -> Topologies.parse("file:" + file));
        assertTrue(e.getMessage().startsWith("file:" + file.toAbsolutePath()) && e.getMessage().contains(says), e.getMessage());
        assertEquals(1, e.getMessage().lines().count());
    }

    @Test
    void badGraphMlAndMissingFilesAreRefused() throws Exception {
        Path undeclared = Files.writeString(dir.resolve("u.graphml"), "<graphml><graph>\n<node id=\"a\"/>\n<edge source=\"a\" target=\"b\"/>\n</graph></graphml>\n");
        InvalidInputException e = assertThrows(InvalidInputException.class, () -> Topologies.parse("file:" + undeclared));
        assertTrue(e.getMessage().endsWith("line 3: an edge to node 'b', which no <node> declares"), e.getMessage());
        Path broken = Files.writeString(dir.resolve("b.xml"), "<graphml><graph><node id=\"a\"></graph>");
        assertTrue(assertThrows(InvalidInputException.class, () -> Topologies.parse("file:" + broken)).getMessage().contains("not well-formed XML"));
        Path external = Files.writeString(dir.resolve("e.graphml"), "<?xml version=\"1.0\"?>\n<!DOCTYPE g [<!ENTITY x SYSTEM \"file:///etc/passwd\">]>\n"
                + "<graphml><node id=\"a\"/><node id=\"b\"/><edge source=\"a\" target=\"b\"/><data>&x;</data></graphml>\n");
        InvalidInputException entity = assertThrows(InvalidInputException.class, () -> Topologies.parse("file:" + external));
        assertTrue(entity.getMessage().contains("e.graphml"), entity.getMessage());
        Path twice = Files.writeString(dir.resolve("t.graphml"), "<graphml><graph>\n<node id=\"a\"/>\n<node id=\"a\"/>\n</graph></graphml>\n");
        assertTrue(assertThrows(InvalidInputException.class, () -> Topologies.parse("file:" + twice)).getMessage()
                .endsWith("line 3: node 'a' is declared twice"));
        Path directed = Files.writeString(dir.resolve("d.graphml"), "<graphml>\n<graph edgedefault=\"directed\">\n</graph></graphml>\n");
        assertTrue(assertThrows(InvalidInputException.class, () -> Topologies.parse("file:" + directed)).getMessage()
                .contains("line 2: a directed graph"));
        InvalidInputException parallel = assertThrows(InvalidInputException.class, () -> NetworkExport.edgeList(Scc.of(3)));
        assertTrue(parallel.getMessage().startsWith("scc:3 has parallel links"), parallel.getMessage());
        InvalidInputException missing = assertThrows(InvalidInputException.class, () -> Topologies.parse("file:" + dir.resolve("none.txt")));
        assertEquals("cannot read file:" + dir.resolve("none.txt").toAbsolutePath() + ": no such file", missing.getMessage());
        assertTrue(Arrays.asList(Topologies.KINDS.toArray()).contains("file:PATH"));
    }
}
