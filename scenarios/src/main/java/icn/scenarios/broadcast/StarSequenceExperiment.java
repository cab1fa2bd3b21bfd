package icn.scenarios.broadcast;

import icn.node.broadcast.StarSequencePrograms;
import icn.node.engine.Engine;
import icn.node.engine.RunResult;
import icn.node.engine.RunSettings;
import icn.node.kind.Programs;
import icn.protocols.BroadcastAlgorithm;
import icn.protocols.InvalidInputException;
import icn.protocols.Partition;
import icn.protocols.topology.Scc;
import icn.protocols.wire.BroadcastSpec;

/**
 * Runs a one-port broadcasting sequence of 001 §8.1–8.3 ({@code cyclic-seq}, {@code cyclic-par}, {@code switching-nlogn},
 * {@code switching-n2}) on SCC_n on the engine it is given, from ⟨2, 12…n⟩ unless told otherwise: what an
 * {@code icn reproduce} report of 001 Tables 1, 2 and 4 calls.
 */
public final class StarSequenceExperiment {

    private StarSequenceExperiment() {
    }

    /** {@code algorithm} on scc:n from node 0, ⟨2, 12…n⟩, on {@code engine}. */
    public static StarSequenceRun run(Engine engine, int n, BroadcastAlgorithm algorithm) {
        return run(engine, n, algorithm, 0);
    }

    /** {@code algorithm} on scc:n from node {@code source} on {@code engine}: one JVM, one host, whole supernodes. */
    public static StarSequenceRun run(Engine engine, int n, BroadcastAlgorithm algorithm, int source) {
        if (!algorithm.starSequence()) {
            throw new InvalidInputException(algorithm.key() + " is not a broadcasting sequence of 001 §8: expected cyclic-seq, cyclic-par,"
                    + " switching-nlogn or switching-n2");
        }
        Scc scc = Scc.of(n);
        BroadcastSpec spec = new BroadcastSpec(algorithm, 1, source);
        StarSequencePrograms programs = (StarSequencePrograms) Programs.of(scc, spec);
        RunSettings settings = new RunSettings(engine.kind(), 1, Partition.Kind.SUPERNODE, 0);
        long start = System.nanoTime();
        RunResult result = engine.run(scc, programs, settings.request(scc, spec));
        double wall = (System.nanoTime() - start) / 1e9;
        return StarSequenceRun.measure(programs.schedule(), result.engine().key(), scc.nodeCount(), result.metrics(), wall);
    }
}
