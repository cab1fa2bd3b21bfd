package icn.scenarios.broadcast;

import akka.actor.typed.ActorSystem;
import akka.actor.typed.javadsl.Behaviors;
import com.typesafe.config.ConfigFactory;
import icn.node.actor.ActorEngine;
import icn.node.actor.ActorRunResult;
import icn.node.actor.RunRequest;
import icn.node.broadcast.StarSequencePrograms;
import icn.node.engine.SequentialEngine;
import icn.node.program.Programs;
import icn.protocols.BroadcastAlgorithm;
import icn.protocols.InvalidInputException;
import icn.protocols.LinkLatency;
import icn.protocols.Partition;
import icn.protocols.RunMetrics;
import icn.protocols.topology.Scc;
import icn.protocols.wire.BroadcastSpec;
import icn.scenarios.BroadcastScenario;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Runs a one-port broadcasting sequence of 001 §8.1–8.3 ({@code cyclic-seq}, {@code cyclic-par}, {@code switching-nlogn},
 * {@code switching-n2}) on SCC_n in this JVM, on the sequential engine or on node actors, from ⟨2, 12…n⟩ unless told otherwise: what an
 * {@code icn reproduce} report of 001 Tables 1, 2 and 4 calls.
 */
public final class StarSequenceExperiment {

    private StarSequenceExperiment() {
    }

    /** {@code algorithm} on scc:n from node 0, ⟨2, 12…n⟩, on engine "sequential" or "actor" (an actor system of its own, in-process). */
    public static StarSequenceRun run(int n, BroadcastAlgorithm algorithm, String engine) {
        if (engine.equals("actor")) {
            ActorSystem<Void> system = ActorSystem.create(Behaviors.empty(), "icn-sequence", ConfigFactory.load());
            try {
                return run(n, algorithm, engine, 0, system);
            } finally {
                system.terminate();
                try {
                    system.getWhenTerminated().toCompletableFuture().get(30, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                } catch (ExecutionException | TimeoutException e) {
                    // the run is measured; a slow shutdown does not change it
                }
            }
        }
        return run(n, algorithm, engine, 0, null);
    }

    /**
     * {@code algorithm} on scc:n from node {@code source}; the actor engine runs on {@code system} (one host per JVM, whole supernodes),
     * which may be null for the sequential engine.
     */
    public static StarSequenceRun run(int n, BroadcastAlgorithm algorithm, String engine, int source, ActorSystem<?> system) {
        if (!algorithm.starSequence()) {
            throw new InvalidInputException(algorithm.key() + " is not a broadcasting sequence of 001 §8: expected cyclic-seq, cyclic-par,"
                    + " switching-nlogn or switching-n2");
        }
        if (!BroadcastScenario.ENGINES.contains(engine)) {
            throw new InvalidInputException("unknown engine '" + engine + "': expected one of " + BroadcastScenario.ENGINES);
        }
        Scc scc = Scc.of(n);
        BroadcastSpec spec = new BroadcastSpec(algorithm, 1, source);
        StarSequencePrograms programs = (StarSequencePrograms) Programs.of(scc, spec);
        long start = System.nanoTime();
        RunMetrics metrics;
        if (engine.equals("actor")) {
            if (system == null) {
                throw new IllegalArgumentException("the actor engine needs an actor system");
            }
            metrics = await(ActorEngine.runLocal(system, new RunRequest(scc.name(), spec, Partition.Kind.SUPERNODE, 1, false))).metrics();
        } else {
            metrics = SequentialEngine.run(scc, programs, LinkLatency.SYNCHRONOUS);
        }
        double wall = (System.nanoTime() - start) / 1e9;
        return StarSequenceRun.measure(programs.schedule(), engine, scc.nodeCount(), metrics, wall);
    }

    private static ActorRunResult await(java.util.concurrent.CompletableFuture<ActorRunResult> future) {
        try {
            return future.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while the run was going on", e);
        } catch (ExecutionException e) {
            throw new IllegalStateException("the run failed: " + e.getCause(), e.getCause());
        }
    }
}
