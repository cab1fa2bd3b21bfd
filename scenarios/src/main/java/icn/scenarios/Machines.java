package icn.scenarios;

import icn.node.actor.ActorRunResult;
import icn.node.actor.RunRequest;
import java.util.concurrent.CompletableFuture;

/** The JVMs an experiment may run its node actors on: this JVM alone, or the members of a cluster, on one host or several. */
public interface Machines {

    /** How many JVMs are available. */
    int jvms();

    /** Runs {@code request} on the first {@code jvms} JVMs (this one first). */
    CompletableFuture<ActorRunResult> run(int jvms, RunRequest request);
}
