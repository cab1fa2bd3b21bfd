package icn.scenarios.broadcast;

import icn.node.engine.Engine;
import icn.node.engine.RunResult;
import icn.node.engine.RunSettings;
import icn.node.program.ProgramFactory;
import icn.node.kind.Programs;
import icn.protocols.BroadcastAlgorithm;
import icn.protocols.InvalidInputException;
import icn.protocols.topology.Scc;
import icn.protocols.wire.BroadcastSpec;

/** Runs one broadcast (Algorithm 4 or 5 of 001, or a broadcasting sequence of 001 §8.1–8.3) on the engine it is given. */
public final class BroadcastExperiment {

    /** What node actors add to a run's measurements (absent where no node actor was spawned). */
    public record Timing(double spawnSeconds, double runSeconds, long activations, long crossHostLateral, long crossHostLocal,
            RunResult actor) {
    }

    /** A finished run and, where node actors ran it, their timing. */
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

    public static Outcome run(Engine engine, Scc scc, BroadcastAlgorithm algorithm, int messages, int source, RunSettings settings) {
        if (messages < 1) {
            throw new InvalidInputException("messages (B) must be at least 1, not " + messages);
        }
        BroadcastSpec spec = new BroadcastSpec(algorithm, messages, source);
        ProgramFactory programs = Programs.of(scc, spec); // checks the spec before anything is spawned
        long start = System.nanoTime();
        RunResult result = engine.run(scc, programs, settings.request(scc, spec));
        double wall = (System.nanoTime() - start) / 1e9;
        Timing timing = result.engine().actors() ? new Timing(result.spawnSeconds(), result.runSeconds(), result.activations(),
                result.crossHostLateral(), result.crossHostLocal(), result) : null;
        BroadcastRun run = new BroadcastRun(scc.name(), scc.n(), scc.nodeCount(), algorithm.key(), messages, scc.label(source),
                settings.seed(), result.engine().key(), result.jvms(), result.hostsPerJvm(), result.metrics(), wall,
                settings.partitioning().key(), result.crossJvmLateral(), result.crossJvmLocal(), result.accounting());
        return new Outcome(run, timing);
    }
}
