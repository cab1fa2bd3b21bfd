package icn.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import icn.node.kind.NetworkBroadcasts;
import icn.node.kind.NetworkPrograms;
import icn.node.kind.Programs;
import icn.node.kind.Routings;
import icn.node.routing.Router;
import icn.protocols.BroadcastAlgorithm;
import icn.protocols.NetworkKind;
import icn.protocols.Topology;
import icn.protocols.topology.Topologies;
import icn.protocols.wire.BroadcastSpec;
import icn.scenarios.kind.NetworkPapers;
import java.util.EnumMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Every network kind has an entry, or an explicit "none", in every table: its parser (protocols), its node programs (node-actor's
 * {@link NetworkPrograms}) and its papers (scenarios' {@link NetworkPapers}); and each entry builds what it names on a small network
 * of its kind. A kind added to {@link NetworkKind} without its entries fails here, naming the kind and the table.
 */
class NetworkKindTablesTest {

    /** A small network of every named kind (a named kind missing here fails the test). */
    private static final Map<NetworkKind, String> EXAMPLES = new EnumMap<>(Map.ofEntries(Map.entry(NetworkKind.SCC, "scc:4"),
            Map.entry(NetworkKind.CR, "cr:3"), Map.entry(NetworkKind.STAR, "star:4"), Map.entry(NetworkKind.HYPERCUBE, "hypercube:3"),
            Map.entry(NetworkKind.TORUS, "torus:3,2"), Map.entry(NetworkKind.CCC, "ccc:3"), Map.entry(NetworkKind.RNH, "rnh:2,3"),
            Map.entry(NetworkKind.INH, "inh:2:1,3,2,1"), Map.entry(NetworkKind.KCUBE, "kcube:2,3"), Map.entry(NetworkKind.ICUBE, "icube:3,3,2"),
            Map.entry(NetworkKind.MESH, "mesh:3,2"), Map.entry(NetworkKind.FATTREE, "fattree:2,2"),
            Map.entry(NetworkKind.DRAGONFLY, "dragonfly:1,2,1")));

    /**
     * A kind's class of programs or papers is registered once as a service provider (what {@link NetworkPrograms} and
     * {@link NetworkPapers} load): every concrete class implementing the interface is in its services file, and nothing else is.
     * One left out would leave its kind with nothing, silently.
     */
    @Test
    void everyKindClassIsRegisteredAsAServiceProvider() throws java.io.IOException {
        for (String[] service : new String[][] {{"icn.node.kind.KindPrograms", "icn.node.kind"},
                {"icn.scenarios.kind.KindPapers", "icn.scenarios.kind"}}) {
            java.util.Set<String> implemented = new java.util.TreeSet<>();
            for (com.tngtech.archunit.core.domain.JavaClass c : new com.tngtech.archunit.core.importer.ClassFileImporter()
                    .withImportOption(com.tngtech.archunit.core.importer.ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                    .importPackages(service[1])) {
                if (c.isAssignableTo(service[0]) && !c.isInterface() && !c.getModifiers().contains(com.tngtech.archunit.core.domain.JavaModifier.ABSTRACT)
                        && !c.isAnonymousClass()) {
                    implemented.add(c.getName());
                }
            }
            java.util.Set<String> registered = new java.util.TreeSet<>();
            try (java.io.InputStream in = getClass().getClassLoader().getResourceAsStream("META-INF/services/" + service[0])) {
                assertNotNull(in, "META-INF/services/" + service[0]);
                for (String line : new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8).split("\n")) {
                    if (!line.isBlank() && !line.strip().startsWith("#")) {
                        assertTrue(registered.add(line.strip()), line + " registered twice");
                    }
                }
            }
            assertEquals(implemented, registered, service[0] + ": the classes implementing it, and those registered");
        }
    }

    @Test
    void everyKindHasAnEntryInEveryTable() {
        for (NetworkKind k : NetworkKind.values()) {
            assertNotNull(NetworkPrograms.of(k), "NetworkPrograms has no entry for " + k);
            assertEquals(k, NetworkPrograms.of(k).kind(), "NetworkPrograms' entry of " + k);
            assertNotNull(NetworkPapers.of(k), "NetworkPapers has no entry for " + k);
            assertEquals(k, NetworkPapers.of(k).kind(), "NetworkPapers' entry of " + k);
            if (k.named()) {
                assertTrue(EXAMPLES.containsKey(k), "no example network of " + k + " in this test");
                assertTrue(Topologies.KINDS.contains(k.form()), "help texts list " + k.form());
            }
        }
    }

    @Test
    void everyNamedKindParsesToItselfAndBuildsWhatItsEntriesName() {
        for (Map.Entry<NetworkKind, String> e : EXAMPLES.entrySet()) {
            Topology t = Topologies.parse(e.getValue());
            NetworkKind k = e.getKey();
            assertEquals(k, t.kind(), e.getValue());
            NetworkPrograms.Entry programs = NetworkPrograms.of(t);
            assertFalse(Routings.routeKeys(t).isEmpty(), k + ": a routing");
            for (String key : Routings.routeKeys(t)) {
                Router r = Routings.router(t, key);
                assertEquals(key, r.key(), k + " router " + key);
                assertEquals(r.splits(), r.split(0, t.nodeCount() - 1, 1).isPresent(), k + " " + key + ": splits() says what split() gives");
            }
            assertEquals(!programs.shortest(), k == NetworkKind.SCC, k + ": shortest offered unless a router of its own is minimal");
            for (String key : Routings.trafficKeys(t)) {
                assertNotNull(Routings.traffic(t, key, 8), k + " traffic routing " + key);
            }
            for (BroadcastAlgorithm a : new BroadcastAlgorithm[] {BroadcastAlgorithm.ONE_PORT, BroadcastAlgorithm.MULTI_PORT}) {
                assertEquals(programs.portBroadcasts().isPresent(), NetworkBroadcasts.supports(t), k.toString());
                if (programs.portBroadcasts().isPresent()) {
                    assertNotNull(Programs.of(t, new BroadcastSpec(a, 1, 0)), k + " " + a.key());
                }
            }
            assertEquals(programs.papersBroadcasts(), k == NetworkKind.SCC, k + ": 001's own broadcasts are SCC_n's");
            NetworkPapers.Entry papers = NetworkPapers.of(t);
            // the networks machines are built from (issue 39) are in none of the five papers: no claims, no formulas of theirs
            boolean papers5 = !java.util.Set.of(NetworkKind.MESH, NetworkKind.FATTREE, NetworkKind.DRAGONFLY).contains(k);
            assertEquals(papers5, papers.claims().isPresent(), k + ": a paper's claims where a paper describes the kind");
            assertEquals(papers5, !NetworkPapers.formulas(t).isEmpty(), k + ": formulas where a paper describes the kind");
            papers.latencyModel().ifPresent(m -> assertNotNull(m.of(t, 4, 8).printed().apply(1e-4), k + " model"));
            assertTrue(papers.theorem11().applyAsInt(t, BroadcastAlgorithm.ONE_PORT) >= 1, k + ": R");
            assertFalse(papers.coverage().isEmpty(), k + ": fault coverage algorithms");
            assertFalse(papers.faultRoutings().apply(t).isEmpty(), k + ": fault routing algorithms");
            assertEquals(papers.routeFormulas().isPresent(), Routings.router(t, Routings.routeKeys(t).get(0)).splits(),
                    k + ": 000's route formulas go with routes whose cost splits");
        }
    }
}
