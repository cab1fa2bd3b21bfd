package icn.launcher;

import icn.scenarios.BroadcastScenario;
import icn.scenarios.RoutingScenario;
import icn.scenarios.Scenario;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code icn coordinator}: the first member of a multi-host cluster; waits for its workers, then runs a scenario across them. */
@Command(name = "coordinator", mixinStandardHelpOptions = true,
        description = {"Start a cluster on --bind, wait until --expect members (this one included) have joined with",
                "'icn worker --join HOST:PORT', run SCENARIO across all of them, print the table and exit."})
final class CoordinatorCommand implements Callable<Integer> {

    @Mixin
    ScenarioOptions scenario;

    @Option(names = "--bind", defaultValue = "127.0.0.1:25520", paramLabel = "HOST:PORT",
            description = "The address workers join (default 127.0.0.1:25520; other hosts need a routable address).")
    String bind;

    @Option(names = "--expect", required = true, paramLabel = "K", description = "Members to wait for, this one included.")
    int expect;

    @Option(names = "--formation-timeout", defaultValue = "120", paramLabel = "SECONDS", description = "How long to wait for the members.")
    int formationTimeout;

    @Option(names = "--tls", description = "Use TLS between members (see docs/clusters.md; keys from ICN_TLS_KEYSTORE, ICN_TLS_TRUSTSTORE, ICN_TLS_PASSWORD).")
    boolean tls;

    @Override
    public Integer call() throws Exception {
        HostPort address = HostPort.parse("--bind", bind);
        BroadcastScenario.checkJvmsOption(expect);
        Scenario loaded = scenario.load();
        if (loaded instanceof RoutingScenario routing) {
            RoutingScenario rs = routing.clusterSize() == 1 || routing.jvms().stream().anyMatch(k -> k > expect) ? routing.withJvms(List.of(expect))
                    : routing;
            Progress progress = new Progress(scenario.json());
            ScenarioRunner.Options options = scenario.runnerOptions(scenario.open(rs, expect));
            try (ClusterMachines machines = ClusterMachines.form(address, expect, 0, Duration.ofSeconds(formationTimeout), tls, progress)) {
                return RoutingScenarioRunner.run(rs, machines, options, progress);
            }
        }
        if (loaded instanceof icn.scenarios.FaultScenario faults) {
            if (faults.experiment().equals("kill-jvm")) {
                throw new icn.protocols.InvalidInputException("experiment = kill-jvm forms local clusters of its own and kills their workers:"
                        + " run it with icn run, not on a cluster formed by hand");
            }
            return FaultScenarioRunner.run(faults, scenario.runnerOptions(scenario.open(faults, 1)), Duration.ofSeconds(formationTimeout),
                    new Progress(scenario.json()));
        }
        BroadcastScenario sc = (BroadcastScenario) loaded;
        if (sc.clusterSize() == 1 || sc.jvms().stream().anyMatch(k -> k > expect)) {
            sc = sc.withJvms(List.of(expect));
        }
        sc.checkSourceFitsEveryTopology();
        Progress progress = new Progress(scenario.json());
        ScenarioRunner.Options options = scenario.runnerOptions(scenario.open(sc, expect));
        try (ClusterMachines machines = ClusterMachines.form(address, expect, 0, Duration.ofSeconds(formationTimeout), tls, progress)) {
            return ScenarioRunner.run(sc, machines, options, progress);
        }
    }
}
