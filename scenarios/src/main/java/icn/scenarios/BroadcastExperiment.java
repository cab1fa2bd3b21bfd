package icn.scenarios;

import akka.actor.typed.ActorSystem;
import icn.node.actor.ActorEngine;
import icn.node.actor.ActorRunResult;
import icn.node.broadcast.BroadcastPrograms;
import icn.node.engine.LinkLatency;
import icn.node.engine.RunMetrics;
import icn.node.engine.SequentialEngine;
import icn.protocols.BroadcastAlgorithm;
import icn.protocols.InvalidInputException;
import icn.protocols.Partition;
import icn.protocols.Scc;
import icn.protocols.wire.BroadcastSpec;
import java.util.concurrent.ExecutionException;

/** Runs one broadcast (Algorithm 4 or 5 of 001) on the actor engine or the sequential engine and returns what it measured. */
public final class BroadcastExperiment {

    /** How a run is executed: engine ("actor" or "sequential"), hosts in this JVM and how nodes are split among them, seed. */
    public record Settings(String engine, int hosts, Partition.Kind partitioning, long seed) {
        /** Host actors one JVM may run. */
        public static final int MAX_HOSTS = 64;

        public Settings {
            if (!BroadcastScenario.ENGINES.contains(engine)) {
                throw new InvalidInputException("unknown engine '" + engine + "': expected one of " + BroadcastScenario.ENGINES);
            }
            if (hosts < 1 || hosts > MAX_HOSTS) {
                throw new InvalidInputException("hosts per JVM must be 1.." + MAX_HOSTS + ", not " + hosts);
            }
        }

        public boolean actors() {
            return engine.equals("actor");
        }
    }

    /** What the actor engine adds to a run's measurements (absent for the sequential engine). */
    public record Timing(double spawnSeconds, double runSeconds, long activations, long crossHostLateral, long crossHostLocal) {
    }

    /** A finished run and, for the actor engine, its timing. */
    public record Outcome(BroadcastRun run, Timing timing) {
    }

    private BroadcastExperiment() {
    }

    public static Outcome run(ActorSystem<?> system, Scc scc, BroadcastAlgorithm algorithm, int messages, int source, Settings settings) {
        if (messages < 1) {
            throw new InvalidInputException("messages (B) must be at least 1, not " + messages);
        }
        BroadcastPrograms programs = new BroadcastPrograms(scc, new BroadcastSpec(algorithm, messages, source));
        long start = System.nanoTime();
        RunMetrics metrics;
        Timing timing = null;
        if (settings.actors()) {
            if (system == null) {
                throw new IllegalStateException("the actor engine needs an ActorSystem");
            }
            Partition partition = new Partition(settings.partitioning(), settings.hosts(), scc.nodeCount(), scc.ringSize());
            ActorRunResult result = await(ActorEngine.run(system, scc, programs, partition, LinkLatency.SYNCHRONOUS));
            metrics = result.metrics();
            timing = new Timing(result.spawnSeconds(), result.runSeconds(), result.activations(), result.crossHostLateral(),
                    result.crossHostLocal());
        } else {
            metrics = SequentialEngine.run(scc, programs, LinkLatency.SYNCHRONOUS);
        }
        double wall = (System.nanoTime() - start) / 1e9;
        BroadcastRun run = new BroadcastRun(scc.name(), scc.n(), scc.nodeCount(), algorithm.key(), messages, scc.label(source),
                settings.seed(), settings.engine(), 1, settings.actors() ? settings.hosts() : 1, metrics, wall);
        return new Outcome(run, timing);
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
