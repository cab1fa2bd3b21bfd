package icn.launcher.cli;

import java.time.Duration;
import picocli.CommandLine.Option;

/**
 * The one {@code --jvms} and {@code --formation-timeout} of every command that starts a cluster: K JVMs on loopback (this one and
 * K − 1 worker JVMs it starts and stops), and how long they may take to form. A command's default K is in its description (1 for a
 * run: this JVM alone).
 */
public final class ClusterOptions {

    /** How long a cluster may take to form unless told otherwise. */
    public static final int FORMATION_SECONDS = 60;

    @Option(names = "--jvms", paramLabel = "K",
            description = "Run on a local cluster of K JVMs on loopback: this one and K-1 worker JVMs it starts and stops.")
    Integer jvms;

    @Option(names = "--formation-timeout", paramLabel = "SECONDS",
            description = "How long to wait for the cluster to form (default " + FORMATION_SECONDS + " s; icn coordinator 120 s).")
    Integer formationTimeout;

    /** Whether --jvms was given. */
    public boolean jvmsGiven() {
        return jvms != null;
    }

    /** The JVMs given, or {@code otherwise}. */
    public int jvms(int otherwise) {
        return jvms != null ? jvms : otherwise;
    }

    /** The formation timeout given, or {@value #FORMATION_SECONDS} s. */
    public Duration formationTimeout() {
        return formationTimeout(FORMATION_SECONDS);
    }

    /** The formation timeout given, or {@code otherwiseSeconds}. */
    public Duration formationTimeout(int otherwiseSeconds) {
        return Duration.ofSeconds(formationTimeout != null ? formationTimeout : otherwiseSeconds);
    }
}
