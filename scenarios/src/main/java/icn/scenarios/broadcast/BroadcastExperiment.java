package icn.scenarios.broadcast;

import icn.node.actor.ActorRunResult;
import icn.node.actor.RunRequest;
import icn.protocols.LinkLatency;
import icn.node.engine.SequentialEngine;
import icn.protocols.BroadcastAlgorithm;
import icn.protocols.InvalidInputException;
import icn.protocols.Partition;
import icn.protocols.RunMetrics;
import icn.protocols.topology.Scc;
import icn.protocols.wire.BroadcastSpec;
import icn.scenarios.BroadcastScenario;
import icn.scenarios.Machines;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;

/** Runs one broadcast (Algorithm 4 or 5 of 001, or a broadcasting sequence of 001 §8.1–8.3) on the actor engine (one or more JVMs) or the sequential engine. */
public final class BroadcastExperiment {

    /** How a run is executed: engine ("actor" or "sequential"), JVMs, hosts per JVM, how nodes are split among hosts, seed. */
    public record Settings(String engine, int jvms, int hosts, Partition.Kind partitioning, long seed) {
        /** Host actors one JVM may run. */
        public static final int MAX_HOSTS = 64;
        /** JVMs one run may use. */
        public static final int MAX_JVMS = 64;

        public Settings {
            if (!BroadcastScenario.ENGINES.contains(engine)) {
                throw new InvalidInputException("unknown engine '" + engine + "': expected one of " + BroadcastScenario.ENGINES);
            }
            if (hosts < 1 || hosts > MAX_HOSTS) {
                throw new InvalidInputException("hosts per JVM must be 1.." + MAX_HOSTS + ", not " + hosts);
            }
            if (jvms < 1 || jvms > MAX_JVMS) {
                throw new InvalidInputException("jvms must be 1.." + MAX_JVMS + ", not " + jvms);
            }
        }

        /** One JVM. */
        public Settings(String engine, int hosts, Partition.Kind partitioning, long seed) {
            this(engine, 1, hosts, partitioning, seed);
        }

        public boolean actors() {
            return engine.equals("actor");
        }
    }

    /** What the actor engine adds to a run's measurements (absent for the sequential engine). */
    public record Timing(double spawnSeconds, double runSeconds, long activations, long crossHostLateral, long crossHostLocal,
            ActorRunResult actor) {
    }

    /** A finished run and, for the actor engine, its timing. */
    public record Outcome(BroadcastRun run, Timing timing) {
        /** False if a member was lost and the run was stopped early. */
        public boolean completed() {
            return timing == null || timing.actor().completed();
        }

        /** Members lost during or after the run (after it: while its hosts were being stopped; the run is then complete). */
        public java.util.List<String> lostMembers() {
            return timing == null ? java.util.List.of() : timing.actor().lostMembers();
        }
    }

    private BroadcastExperiment() {
    }

    public static Outcome run(Machines machines, Scc scc, BroadcastAlgorithm algorithm, int messages, int source, Settings settings) {
        if (messages < 1) {
            throw new InvalidInputException("messages (B) must be at least 1, not " + messages);
        }
        BroadcastSpec spec = new BroadcastSpec(algorithm, messages, source);
        icn.node.program.ProgramFactory programs = icn.node.program.Programs.of(scc, spec); // checks the spec before anything is spawned
        long start = System.nanoTime();
        RunMetrics metrics;
        icn.protocols.fault.Accounting accounting;
        Timing timing = null;
        long crossJvmLateral = 0;
        long crossJvmLocal = 0;
        if (settings.actors()) {
            if (machines == null) {
                throw new IllegalStateException("the actor engine needs an actor system");
            }
            if (settings.jvms() > machines.jvms()) {
                throw new InvalidInputException("the run asks for " + settings.jvms() + " JVMs but the cluster has " + machines.jvms());
            }
            RunRequest request = new RunRequest(scc.name(), spec, settings.partitioning(), settings.hosts(), false);
            ActorRunResult result = await(machines.run(settings.jvms(), request));
            metrics = result.metrics();
            accounting = result.accounting();
            crossJvmLateral = result.crossJvmLateral();
            crossJvmLocal = result.crossJvmLocal();
            timing = new Timing(result.spawnSeconds(), result.runSeconds(), result.activations(), result.crossHostLateral(),
                    result.crossHostLocal(), result);
        } else {
            metrics = SequentialEngine.run(scc, programs, LinkLatency.SYNCHRONOUS);
            accounting = metrics.accounting();
        }
        double wall = (System.nanoTime() - start) / 1e9;
        BroadcastRun run = new BroadcastRun(scc.name(), scc.n(), scc.nodeCount(), algorithm.key(), messages, scc.label(source),
                settings.seed(), settings.engine(), settings.actors() ? settings.jvms() : 1, settings.actors() ? settings.hosts() : 1,
                metrics, wall, settings.partitioning().key(), crossJvmLateral, crossJvmLocal, accounting);
        return new Outcome(run, timing);
    }

    private static ActorRunResult await(CompletableFuture<ActorRunResult> future) {
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
