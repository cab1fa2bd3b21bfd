package icn.launcher.cli;

import icn.launcher.cluster.CommandContext;

import icn.launcher.cluster.ClusterMachines;
import icn.launcher.cluster.Engines;
import icn.launcher.cluster.HostPort;
import icn.launcher.cluster.Tls;
import icn.launcher.output.Progress;
import icn.launcher.run.ScenarioDispatcher;
import icn.launcher.run.ScenarioRunner;
import icn.protocols.InvalidInputException;
import icn.scenarios.Scenario;
import icn.scenarios.ScenarioChecks;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code icn coordinator}: the first member of a multi-host cluster; waits for its workers, then runs a scenario across them. */
@Command(name = "coordinator", mixinStandardHelpOptions = true,
        description = {"Start a cluster on --bind, wait until --expect members (this one included) have joined with",
                "'icn worker --join HOST:PORT', run SCENARIO across all of them, print the table and exit."})
final class CoordinatorCommand implements Callable<Integer> {
    private final CommandContext ctx;

    CoordinatorCommand(CommandContext ctx) {
        this.ctx = ctx;
    }


    @Mixin
    ScenarioOptions scenario;

    @Option(names = "--bind", defaultValue = "127.0.0.1:25520", paramLabel = "HOST:PORT",
            description = "The address workers join (default 127.0.0.1:25520; other hosts need a routable address).")
    String bind;

    @Option(names = "--expect", required = true, paramLabel = "K", description = "Members to wait for, this one included.")
    int expect;

    @Mixin
    FormationOptions formation;

    @Option(names = "--tls", description = "Use TLS between members (see docs/clusters.md; keys from ICN_TLS_KEYSTORE, ICN_TLS_TRUSTSTORE, ICN_TLS_PASSWORD).")
    boolean tls;

    @Option(names = "--insecure", description = "Form the cluster without TLS on an address other than loopback (trusted networks only:"
            + " anyone who reaches --bind can join and is given node actors).")
    boolean insecure;

    @Override
    public Integer call() throws Exception {
        HostPort address = HostPort.parse("--bind", bind);
        Tls.requireOffLoopback("icn coordinator", tls, insecure, Map.of("--bind", address));
        ScenarioChecks.checkJvmsOption(expect);
        Scenario sc = ScenarioDispatcher.onCluster(scenario.load(), expect);
        Progress progress = new Progress(ctx.session(), scenario.json());
        ScenarioRunner.Options options = scenario.runnerOptions(scenario.open(sc, expect));
        Duration timeout = formation.timeout(120); // members on other hosts may take longer to start
        try (ClusterMachines machines = ClusterMachines.form(address, expect, 0, timeout, tls, progress::step)) {
            return ScenarioDispatcher.run(ctx, sc, Engines.onFormed(machines), options, timeout, progress);
        }
    }
}
