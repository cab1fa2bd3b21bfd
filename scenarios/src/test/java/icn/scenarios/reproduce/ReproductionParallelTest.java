package icn.scenarios.reproduce;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import icn.node.engine.Engine;
import icn.node.engine.EngineKind;
import icn.node.engine.RunRequest;
import icn.node.engine.RunResult;
import icn.node.program.ProgramFactory;
import icn.protocols.Topology;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 37: on an engine that takes several runs at once (a standing cluster's job with workers to spread over), a reproduction
 * measures its artifacts side by side; the artifacts, their order and every cell are those of the same reproduction measured one
 * artifact after another, and an artifact that shares a measurement with another (000's routing sweep) waits for it.
 */
class ReproductionParallelTest {

    @TempDir
    Path tmp;

    /** The sequential engine, saying it takes {@code parallel} runs at once. */
    private static Engine taking(int parallel) {
        Engine reference = Engine.reference();
        return new Engine() {
            @Override
            public EngineKind kind() {
                return reference.kind();
            }

            @Override
            public int jvms() {
                return 1;
            }

            @Override
            public int parallelRuns() {
                return parallel;
            }

            @Override
            public CompletableFuture<RunResult> start(Topology topology, ProgramFactory programs, RunRequest request) {
                return reference.start(topology, programs, request);
            }

            @Override
            public void close() {
            }
        };
    }

    @Test
    void artifactsMeasuredSideBySideAreThoseMeasuredOneAfterAnother() throws Exception {
        List<ArtifactSpec> specs = Reproduction.select(List.of("000-table-1", "000-table-2", "001-table-3", "003-table-4.1", "001-fig-1"));
        List<Integer> told = new ArrayList<>();
        Reproduction.Result alone = Reproduction.run(specs, Profile.QUICK, 5, tmp.resolve("alone"), false, taking(1), "test",
                (i, n, s, e, left) -> { });
        int[] startedBeforeTheFirstEnded = {-1};
        Reproduction.Result together = Reproduction.run(specs, Profile.QUICK, 5, tmp.resolve("together"), false, taking(3), "test",
                new Reproduction.Listener() {
                    @Override
                    public void starting(int index, int total, ArtifactSpec spec, double elapsed, double remaining) {
                        synchronized (told) {
                            told.add(index);
                        }
                    }

                    @Override
                    public void row(String file, String header, String row) {
                        synchronized (told) {
                            if (startedBeforeTheFirstEnded[0] < 0) {
                                startedBeforeTheFirstEnded[0] = told.size();
                            }
                        }
                    }
                });
        assertTrue(startedBeforeTheFirstEnded[0] > 1, "artifacts measured side by side: " + startedBeforeTheFirstEnded[0]);
        assertEquals(ids(alone), ids(together), "the same artifacts, in the same order");
        assertEquals(specs.stream().map(ArtifactSpec::id).toList(), ids(together));
        assertEquals(cells(alone), cells(together), "every cell as measured one after another");
        assertEquals(specs.size(), told.size(), "each artifact told once as it starts");
    }

    private static List<String> ids(Reproduction.Result r) {
        return r.artifacts().stream().map(Artifact::id).toList();
    }

    private static Map<String, String> cells(Reproduction.Result r) {
        Map<String, String> all = new LinkedHashMap<>();
        for (Artifact a : r.artifacts()) {
            a.cells().forEach(c -> all.put(a.id() + " | " + c.row() + " | " + c.column(), String.valueOf(c.measured()) + " " + c.kind() + " " + c.agrees()));
            all.put(a.id() + " notes", String.valueOf(a.notes().stream().filter(n -> n.startsWith("FAILED")).toList()));
        }
        return all;
    }
}
