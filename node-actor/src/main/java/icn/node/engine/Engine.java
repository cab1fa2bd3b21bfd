package icn.node.engine;

import icn.node.program.ProgramFactory;
import icn.protocols.InvalidInputException;
import icn.protocols.Topology;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;

/**
 * The one seam every experiment runs through: a run of node programs on some engine (the sequential engine in this JVM, node actors
 * in this JVM, node actors on a cluster of JVMs), with one result type whatever ran it. An experiment is given an engine and never
 * asks which one it is; the engine is chosen once, by {@link EngineKind}, where the command or scenario is read. An engine that
 * holds resources (an actor system, worker JVMs) releases them in {@link #close()}.
 */
public interface Engine extends AutoCloseable {

    /**
     * The reference every engine is held to: the sequential engine, in the calling thread. For the one place that chooses engines by
     * {@link EngineKind}, and for experiments that set a run beside what it must give (the kill of a JVM beside the same nodes
     * crashed, the steps a fault must fall within).
     */
    static Engine reference() {
        return SequentialEngine.engine();
    }

    /** How an engine starts a run (what {@link #start} does). */
    @FunctionalInterface
    interface Starter {
        CompletableFuture<RunResult> start(Topology topology, ProgramFactory programs, RunRequest request);
    }

    /** An engine of {@code kind} on {@code jvms} JVMs whose runs {@code starter} starts; closing it releases nothing. */
    static Engine of(EngineKind kind, int jvms, Starter starter) {
        return new Engine() {
            @Override
            public EngineKind kind() {
                return kind;
            }

            @Override
            public int jvms() {
                return jvms;
            }

            @Override
            public CompletableFuture<RunResult> start(Topology topology, ProgramFactory programs, RunRequest request) {
                return starter.start(topology, programs, request);
            }
        };
    }

    /** Which kind of engine this is (for reports: what ran). */
    EngineKind kind();

    /** How many JVMs a run may use. */
    int jvms();

    /**
     * How many runs this engine can run at once, each on machines of its own: a standing cluster's job spreads the independent
     * runs of a sweep over the workers it may use ({@link Sweeps#map}); 1 everywhere else, where runs go one after another.
     */
    default int parallelRuns() {
        return 1;
    }

    /**
     * Starts {@code request}. {@code programs} are its node programs built in this JVM from {@code topology} (what
     * {@code Programs.of(topology, request.program(), request.faults())} gives, or the same programs built by hand): an engine
     * that runs here uses them, an engine that runs elsewhere builds its own from the request.
     */
    CompletableFuture<RunResult> start(Topology topology, ProgramFactory programs, RunRequest request);

    /**
     * Runs {@code request} to its end. A request the engine refuses (bad input) is thrown as it is; a run that could not finish as
     * a {@link RunFailedException} whose cause says why.
     */
    default RunResult run(Topology topology, ProgramFactory programs, RunRequest request) {
        if (request.jvms() > jvms()) {
            throw new InvalidInputException("the run asks for " + request.jvms() + " JVMs but the cluster has " + jvms());
        }
        CompletableFuture<RunResult> running = start(topology, programs, request);
        try {
            return running.get();
        } catch (InterruptedException e) {
            running.cancel(true); // an engine that runs elsewhere stops the run and releases what it spawned
            Thread.currentThread().interrupt();
            throw new RunFailedException("interrupted while the run was going on", e);
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof InvalidInputException bad) {
                throw bad;
            }
            throw new RunFailedException("the run failed: " + cause, cause);
        }
    }

    /** Releases what the engine holds; an engine holding nothing does nothing. */
    @Override
    default void close() {
    }
}
