package icn.launcher.cluster;

import icn.node.engine.Engine;
import icn.node.engine.EngineKind;
import icn.node.engine.HeapEstimate;
import icn.node.engine.RunSettings;
import icn.protocols.InvalidInputException;
import icn.protocols.Topology;

/**
 * The one place an engine is chosen, by the {@link EngineKind} of a command's or scenario's settings: the sequential engine, or
 * node actors on the {@link Machines} this process runs them on: this machine (node actors in this JVM, or on a local cluster of
 * {@code jvms} JVMs on loopback, started here and stopped when the engine is closed), a cluster formed by hand ({@code icn
 * coordinator}), or the workers a standing cluster's head gave a job. One is made for each command ({@link #thisMachine()}, {@link
 * #on(Machines)}) and handed to it with its {@link CommandContext}: nothing of it is process-wide.
 */
public final class Engines {

    /** Where the engines of a command come from: opens the engine a run's settings name. */
    @FunctionalInterface
    public interface Source {
        public Engine open(RunSettings settings);
    }

    /**
     * Where node actors run, and what follows from it: how many JVMs a run takes unless told, how many it may take, how many
     * hosts per JVM by default, and whether their heaps hold a network.
     */
    public interface Machines {
        /** Node actors for a run of {@code settings} (whose engine is {@link EngineKind#ACTORS}). */
        Engine open(RunSettings settings);

        /** The JVMs a run takes when the command or scenario does not say. */
        int defaultJvms();

        /** The most JVMs a run may take. */
        int maxJvms();

        /** Hosts per JVM when the command does not say, for a run of {@code jvms} JVMs. */
        int defaultHosts(int jvms);

        /** Refuses (one line, exit 2, before anything starts) a network whose node actors {@code jvms} JVMs cannot hold. */
        void requireHeap(Topology network, int jvms);

        /**
         * How many runs of {@code jvms} JVMs each can run at once on these machines: a standing cluster's job spreads the
         * independent runs of a sweep over the workers it may use; 1 on this machine.
         */
        default int parallelRuns(int jvms) {
            return 1;
        }

        /** Whether these are a standing cluster's members (the command runs in its head). */
        default boolean standing() {
            return false;
        }
    }

    /** This machine: node actors in this JVM, or on a local cluster of JVMs on loopback that a run starts and stops. */
    public static final Machines THIS_MACHINE = new Machines() {
        @Override
        public Engine open(RunSettings settings) {
            if (settings.jvms() < 1 || settings.jvms() > RunSettings.MAX_JVMS) {
                throw new InvalidInputException("--jvms must be 1.." + RunSettings.MAX_JVMS + ", not " + settings.jvms());
            }
            return ActorMachines.open(settings.jvms(), settings.formationTimeout(), settings.progress());
        }

        @Override
        public int defaultJvms() {
            return 1;
        }

        @Override
        public int maxJvms() {
            return RunSettings.MAX_JVMS;
        }

        @Override
        public int defaultHosts(int jvms) {
            return Math.max(1, Math.min(Runtime.getRuntime().availableProcessors() / Math.max(1, jvms), RunSettings.MAX_HOSTS));
        }

        @Override
        public void requireHeap(Topology network, int jvms) {
            HeapEstimate.require(network.name(), network.nodeCount(), jvms);
        }
    };

    /** The machines of this command's runs; {@link #oneClusterFor} lends a local cluster for the time of a command's runs. */
    private volatile Machines machines;

    private Engines(Machines machines) {
        this.machines = machines;
    }

    /** Engines on this machine. */
    public static Engines thisMachine() {
        return new Engines(THIS_MACHINE);
    }

    /** Engines on {@code machines}: the workers a standing cluster's head gave a job. */
    public static Engines on(Machines machines) {
        return new Engines(machines);
    }

    /** Where this command's engines come from, for runners that open one per run. */
    public Source source() {
        return this::open;
    }

    /**
     * Node actors on {@code jvms} JVMs of this machine, opened by a command that starts JVMs of its own (it kills one, or measures
     * them): refused with one line on a standing cluster's workers, and for a JVM count out of range.
     */
    public ActorMachines openHere(int jvms, java.time.Duration formationTimeout, java.util.function.Consumer<String> progress) {
        if (standing()) {
            throw new InvalidInputException("this experiment starts JVMs of its own on the machine it runs on (it kills"
                    + " one, or measures them): run it without --cluster");
        }
        checkJvms(jvms);
        return ActorMachines.open(jvms, formationTimeout, progress);
    }

    /**
     * How many of a sweep's independent runs of {@code settings} may run at once, each on machines of its own: more than 1 only for
     * node actors of one JVM each on a standing cluster's workers ({@link Machines#parallelRuns}).
     */
    public int parallelRuns(RunSettings settings) {
        return settings.engine().actors() ? Math.max(1, machines.parallelRuns(settings.jvms())) : 1;
    }

    /** A cluster formed for the runs of one command, taken down when the command closes it. */
    public interface Shared extends AutoCloseable {
        @Override
        void close();
    }

    /**
     * For a command of several runs on a local cluster of several JVMs (several networks, algorithms or sources): forms the cluster
     * once, lets every run of the command borrow it, and takes it down when closed. Nothing is formed for the sequential engine,
     * for one JVM, for a single run, or on a standing cluster (whose members serve every run already).
     */
    public Shared oneClusterFor(RunSettings settings, int runs) {
        if (runs < 2 || !settings.engine().actors() || settings.jvms() < 2 || machines.standing()) {
            return () -> { };
        }
        Machines before = machines;
        ActorMachines cluster = ActorMachines.open(settings.jvms(), settings.formationTimeout(), settings.progress());
        machines = new Machines() {
            @Override
            public Engine open(RunSettings run) {
                return run.jvms() == cluster.jvms() ? borrowed(cluster) : before.open(run);
            }

            @Override
            public int defaultJvms() {
                return before.defaultJvms();
            }

            @Override
            public int maxJvms() {
                return before.maxJvms();
            }

            @Override
            public int defaultHosts(int jvms) {
                return before.defaultHosts(jvms);
            }

            @Override
            public void requireHeap(Topology network, int jvms) {
                before.requireHeap(network, jvms);
            }
        };
        return () -> {
            machines = before;
            cluster.close();
        };
    }

    /** Whether this process runs node actors on a standing cluster's members (it is the head, running a submitted command). */
    public boolean standing() {
        return machines.standing();
    }

    /** The JVMs a run takes unless told (1 on this machine: this JVM alone; every worker of a standing cluster). */
    public int defaultJvms() {
        return machines.defaultJvms();
    }

    /** One host per core (of this machine, or of the standing cluster's workers), up to the limit of hosts per JVM. */
    public int defaultHosts() {
        return defaultHosts(1);
    }

    /** For {@code jvms} JVMs sharing this machine: one host per core over all of them, at least one each. */
    public int defaultHosts(int jvms) {
        return machines.defaultHosts(jvms);
    }

    /** Refuses a JVM count out of 1..{@value RunSettings#MAX_JVMS} (or beyond a standing cluster's workers) with one line (exit 2). */
    public int checkJvms(int jvms) {
        int max = machines.maxJvms();
        if (machines.standing() && max == 0) {
            throw new ClusterException("the standing cluster has no worker JVM left: start it again (icn cluster stop, icn cluster start)");
        }
        if (jvms < 1 || jvms > max) {
            throw new InvalidInputException(machines.standing()
                    ? "--jvms must be 1.." + max + " on this standing cluster (it has " + max + " worker JVM" + (max == 1 ? "" : "s") + "), not " + jvms
                    : "--jvms must be 1.." + max + ", not " + jvms);
        }
        return jvms;
    }

    /** Refuses (one line, before anything starts) a network {@code kind} cannot hold on {@code jvms} JVMs. */
    public void requireHeap(EngineKind kind, Topology network, int jvms) {
        if (kind.actors()) {
            machines.requireHeap(network, jvms);
        } else {
            kind.requireHeap(network, jvms);
        }
    }

    /** The engine of {@code settings}, opened (a local cluster formed, within the settings' formation timeout). */
    public Engine open(RunSettings settings) {
        return switch (settings.engine()) {
            case SEQUENTIAL -> Engine.reference();
            case ACTORS -> machines.open(settings);
        };
    }

    /**
     * As {@link #open(RunSettings)}, after refusing (exit 2, one line, within the second) a {@code network} the engine cannot
     * hold: before any worker JVM is started or any actor spawned.
     */
    public Engine open(RunSettings settings, Topology network) {
        requireHeap(settings.engine(), network, settings.jvms());
        return open(settings);
    }

    /**
     * Engines on a cluster formed by hand: its node actors (closing the engine leaves the cluster up; whoever formed it takes it
     * down), or the sequential engine where the settings name it.
     */
    public static Source onFormed(ActorMachines cluster) {
        return settings -> switch (settings.engine()) {
            case SEQUENTIAL -> Engine.reference();
            case ACTORS -> borrowed(cluster);
        };
    }

    private static Engine borrowed(ActorMachines cluster) {
        return Engine.of(cluster.kind(), cluster.jvms(), cluster::start);
    }
}
