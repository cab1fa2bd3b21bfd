package icn.launcher.cli;

import java.time.Duration;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * The one {@code --jvms} of every command that starts a local cluster, with its {@code --formation-timeout}: K JVMs on loopback
 * (this one and K − 1 worker JVMs it starts and stops), and how long they may take to form. A command's default K is in its
 * description (1 for a run: this JVM alone).
 */
public final class ClusterOptions {

    @Option(names = "--jvms", paramLabel = "K",
            description = {"Run on a local cluster of K JVMs on loopback: this one and K-1 worker JVMs it starts and stops.",
                    "With --cluster: the job holds K of the standing cluster's workers and spreads each run over all K (how cross-JVM"
                            + " behaviour is measured); without it a job holds one worker."})
    Integer jvms;

    @Mixin
    FormationOptions formation;

    /** Whether --jvms was given. */
    public boolean jvmsGiven() {
        return jvms != null;
    }

    /** The JVMs given, or {@code otherwise}. */
    public int jvms(int otherwise) {
        return jvms != null ? jvms : otherwise;
    }

    /** The formation timeout given, or {@value FormationOptions#FORMATION_SECONDS} s. */
    public Duration formationTimeout() {
        return formation.timeout();
    }
}
