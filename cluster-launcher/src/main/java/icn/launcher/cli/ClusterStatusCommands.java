package icn.launcher.cli;

import icn.launcher.cluster.CommandContext;
import com.fasterxml.jackson.databind.JsonNode;
import icn.launcher.ExitCodes;
import icn.launcher.cluster.ClusterException;
import icn.launcher.cluster.Processes;
import icn.launcher.pool.ClusterClient;
import icn.launcher.pool.ClusterRecord;
import icn.launcher.pool.StatusText;
import icn.protocols.InvalidInputException;
import java.time.Duration;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code icn cluster status} and {@code icn cluster stop}: what the standing cluster is, and its end. */
final class ClusterStatusCommands {

    private ClusterStatusCommands() {
    }

    @Command(name = "status", mixinStandardHelpOptions = true,
            description = {"Show the standing cluster: its head and every worker (address, host, cores, heap, node actors, runs served,",
                    "threads, uptime, health), the submission running and how many wait."})
    static final class Status implements Callable<Integer> {
        private final CommandContext ctx;

        Status(CommandContext ctx) {
            this.ctx = ctx;
        }

        @Option(names = "--cluster", paramLabel = "ADDRESS", description = "The cluster's API, HOST:PORT (default: the one recorded on this machine).")
        String cluster;

        @Option(names = "--gc", description = "Have every worker collect first, so that its heap is what it holds live.")
        boolean gc;

        @Option(names = "--json", description = "Print exactly one JSON object on stdout (what GET /v1/cluster answers).")
        boolean json;

        @Override
        public Integer call() {
            ClusterClient client = ClusterClient.of(cluster);
            JsonNode status = client.status(gc);
            ctx.out().print(json ? status + System.lineSeparator() : StatusText.of(status));
            if (!json) {
                client.webLink().ifPresent(l -> ctx.out().println("Web view: " + l));
            }
            return ExitCodes.OK;
        }
    }

    @Command(name = "stop", mixinStandardHelpOptions = true,
            description = "Stop the standing cluster: the running submission is cancelled, every worker leaves and exits, then the head.")
    static final class Stop implements Callable<Integer> {
        private final CommandContext ctx;

        Stop(CommandContext ctx) {
            this.ctx = ctx;
        }

        @Option(names = "--cluster", paramLabel = "ADDRESS", description = "The cluster's API, HOST:PORT (default: the one recorded on this machine).")
        String cluster;

        @Override
        public Integer call() throws InterruptedException {
            ClusterClient client = ClusterClient.of(cluster);
            JsonNode status;
            try {
                status = client.status(false);
            } catch (InvalidInputException e) {
                if (cluster == null) {
                    ClusterRecord.read().ifPresent(r -> ClusterRecord.remove(r.pid()));
                    throw new InvalidInputException(e.getMessage() + " (the stale record in " + ClusterRecord.file() + " is removed)");
                }
                throw e;
            }
            long pid = status.path("head").path("pid").asLong(-1);
            // the head's process, when it runs on this machine: stop returns once it is gone, not when its API stops answering
            java.util.Optional<ProcessHandle> headProcess = ClusterRecord.read().filter(r -> r.pid() == pid && !r.stale())
                    .flatMap(r -> ProcessHandle.of(pid));
            client.stop();
            long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
            while (client.answers() && System.nanoTime() < deadline) {
                Thread.sleep(200);
            }
            if (headProcess.isPresent()) {
                long left = Math.max(1, (deadline - System.nanoTime()) / 1_000_000_000L + 30);
                long until = System.nanoTime() + left * 1_000_000_000L;
                // onExit() of a process that is not this one's child is polled by the JDK; a zombie counts as gone here
                while (Processes.alive(pid) && System.nanoTime() < until) {
                    Thread.sleep(100);
                }
                if (Processes.alive(pid)) {
                    throw new ClusterException("the standing cluster's head (process " + pid + ") did not exit within " + (60 + 30) + " s");
                }
            }
            if (client.answers()) {
                throw new ClusterException("the standing cluster at " + client.address() + " did not stop within 60 s");
            }
            ctx.out().printf("Standing cluster stopped: the head and %d worker JVM%s left%n", status.path("workers").size(),
                    status.path("workers").size() == 1 ? "" : "s");
            return ExitCodes.OK;
        }
    }
}
