package icn.launcher.cli;

import java.time.Duration;
import picocli.CommandLine.Option;

/**
 * The one {@code --formation-timeout} of every command that forms a cluster: how long its members may take to join. A command that
 * starts a local cluster takes it with {@code --jvms} ({@link ClusterOptions}); {@code icn coordinator}, whose members join from
 * elsewhere, takes it alone.
 */
public final class FormationOptions {

    /** How long a cluster may take to form unless told otherwise. */
    public static final int FORMATION_SECONDS = 60;

    @Option(names = "--formation-timeout", paramLabel = "SECONDS",
            description = "How long to wait for the cluster to form (default " + FORMATION_SECONDS + " s; 120 s for a coordinator).")
    Integer seconds;

    /** The formation timeout given, or {@value #FORMATION_SECONDS} s. */
    public Duration timeout() {
        return timeout(FORMATION_SECONDS);
    }

    /** The formation timeout given, or {@code otherwiseSeconds}. */
    public Duration timeout(int otherwiseSeconds) {
        return Duration.ofSeconds(seconds != null ? seconds : otherwiseSeconds);
    }
}
