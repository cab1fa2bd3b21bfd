package icn.launcher.cluster;

import icn.node.engine.Engine;
import icn.node.engine.EngineKind;
import icn.node.engine.RunSettings;
import icn.protocols.Topology;

/**
 * The one place an engine is chosen, by the {@link EngineKind} of a command's or scenario's settings: the sequential engine, node
 * actors in this JVM, node actors on a local cluster of {@code jvms} JVMs on loopback (started here, stopped when the engine is
 * closed), or node actors on a cluster formed by hand ({@code icn coordinator}).
 */
public final class Engines {

    /** Where the engines of a command come from: opens the engine a run's settings name. */
    @FunctionalInterface
    public interface Source {
        public Engine open(RunSettings settings);
    }

    /** Engines on this machine: the sequential engine, or node actors on a local cluster of the settings' JVMs. */
    public static final Source LOCAL = Engines::open;

    private Engines() {
    }

    /** One host per core, up to the limit of hosts per JVM. */
    public static int defaultHosts() {
        return defaultHosts(1);
    }

    /** For {@code jvms} JVMs sharing this machine: one host per core over all of them, at least one each. */
    public static int defaultHosts(int jvms) {
        return Math.max(1, Math.min(Runtime.getRuntime().availableProcessors() / Math.max(1, jvms), RunSettings.MAX_HOSTS));
    }

    /** Refuses a JVM count out of 1..{@value RunSettings#MAX_JVMS} with one line (exit 2), before anything starts. */
    public static int checkJvms(int jvms) {
        if (jvms < 1 || jvms > RunSettings.MAX_JVMS) {
            throw new icn.protocols.InvalidInputException("--jvms must be 1.." + RunSettings.MAX_JVMS + ", not " + jvms);
        }
        return jvms;
    }

    /** The engine of {@code settings}, opened (a local cluster formed, within the settings' formation timeout). */
    public static Engine open(RunSettings settings) {
        return switch (settings.engine()) {
            case SEQUENTIAL -> Engine.reference();
            case ACTORS -> ActorMachines.open(settings.jvms(), settings.formationTimeout(), settings.progress());
        };
    }

    /**
     * As {@link #open(RunSettings)}, after refusing (exit 2, one line, within the second) a {@code network} the engine cannot
     * hold: before any worker JVM is started or any actor spawned.
     */
    public static Engine open(RunSettings settings, Topology network) {
        settings.engine().requireHeap(network, settings.jvms());
        return open(settings);
    }

    /**
     * Engines on a cluster formed by hand: its node actors (closing the engine leaves the cluster up; whoever formed it takes it
     * down), or the sequential engine where the settings name it.
     */
    public static Source on(ActorMachines cluster) {
        return settings -> switch (settings.engine()) {
            case SEQUENTIAL -> Engine.reference();
            case ACTORS -> borrowed(cluster);
        };
    }

    private static Engine borrowed(ActorMachines cluster) {
        return Engine.of(cluster.kind(), cluster.jvms(), cluster::start);
    }
}
