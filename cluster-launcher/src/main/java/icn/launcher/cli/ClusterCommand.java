package icn.launcher.cli;

import icn.launcher.cluster.CommandContext;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import icn.launcher.ExitCodes;
import icn.launcher.cluster.ClusterException;
import icn.launcher.cluster.HostPort;
import icn.launcher.cluster.LocalWorkers;
import icn.launcher.cluster.Tls;
import icn.launcher.pool.ClusterClient;
import icn.launcher.pool.ClusterRecord;
import icn.launcher.pool.Head;
import icn.launcher.pool.HostFile;
import icn.protocols.InvalidInputException;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import icn.scenarios.report.IcnLine;

/** {@code icn cluster start | status | stop}: a standing cluster that experiments are submitted to with {@code --cluster}. */
@Command(name = "cluster", mixinStandardHelpOptions = true,
        description = {"A standing cluster of emulated machines: warm JVMs that serve any number of experiments. 'icn cluster start'",
                "starts it (worker JVMs on this machine, or on the hosts of a host file over SSH) and records it; experiment commands",
                "run on it with --cluster; 'icn cluster status' shows its members; 'icn cluster stop' has every member leave and exit."},
        subcommands = {ClusterCommand.Start.class, ClusterStatusCommands.Status.class, ClusterStatusCommands.Stop.class, ClusterCommand.HeadProcess.class,
                ClusterCommand.JobProcessCommand.class})
final class ClusterCommand implements Runnable {
    private final CommandContext ctx;

    ClusterCommand(CommandContext ctx) {
        this.ctx = ctx;
    }


    /** The hidden subcommand that is the head's process. */
    static final String HEAD = "head";
    static final String JOB = "job";

    /** Where the API listens unless told otherwise. */
    static final String DEFAULT_API = "127.0.0.1:25580";

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(ctx.out());
    }

    /** How a standing cluster is made: shared by {@code start} and the head's own process. */
    static final class HeadOptions {
        private final CommandContext ctx;

        HeadOptions(CommandContext ctx) {
            this.ctx = ctx;
        }

        @Option(names = "--workers", paramLabel = "K", description = "Worker JVMs on this machine (default 1); not with --hosts.")
        Integer workers;

        @Option(names = "--hosts", paramLabel = "FILE",
                description = "Start the workers on the hosts of FILE over SSH, one host a line: HOST [bind=ADDRESS] [port=PORT] [jvms=K]"
                        + " [heap=SIZE] [dir=PATH] [advertise=ADDRESS:PORT] (docs/clusters.md).")
        Path hosts;

        @Option(names = "--bind", paramLabel = "HOST[:PORT]",
                description = "The head's cluster address (default 127.0.0.1 on a free port; with --hosts an address the hosts reach).")
        String bind;

        @Option(names = "--advertise", paramLabel = "HOST:PORT",
                description = "Where the other members reach the head when it is not --bind (a relay, a forwarded port).")
        String advertise;

        @Option(names = "--api", paramLabel = "HOST:PORT", defaultValue = DEFAULT_API,
                description = "Where the HTTP API listens (default " + DEFAULT_API + "; every request needs the cluster's token, which"
                        + " is in the record).")
        String api;

        @Option(names = "--ssh", paramLabel = "COMMAND",
                description = "The SSH command that starts workers on the hosts (default: $ICN_SSH, else 'ssh -o BatchMode=yes -o"
                        + " ConnectTimeout=10').")
        String ssh;

        @Option(names = "--tls", description = "TLS with your own stores (docs/clusters.md; keys from ICN_TLS_KEYSTORE, ICN_TLS_TRUSTSTORE,"
                + " ICN_TLS_PASSWORD) instead of the cluster's own CA, which is made at every start by default.")
        boolean tls;

        @Option(names = "--insecure", description = "No TLS between members: for measuring what TLS costs, and on trusted networks only"
                + " (anyone who reaches a member can join and is given node actors).")
        boolean insecure;

        @Option(names = "--keep-network", paramLabel = "SECONDS", defaultValue = "30",
                description = "How long a worker keeps the node actors of a completed run for a next run on the same network and"
                        + " partitioning, which then resets them instead of spawning anew (default 30; 0: release them at once).")
        int keepNetwork;

        @Option(names = "--keep-jobs", paramLabel = "N", defaultValue = "1000",
                description = "How many ended jobs the head keeps (their records, output and results, under ICN_HOME/jobs; default 1000).")
        int keepJobs;

        @Option(names = "--keep-days", paramLabel = "DAYS", defaultValue = "30",
                description = "Forget ended jobs older than this (default 30 days).")
        int keepDays;

        @Mixin
        FormationOptions formation;

        /** The checked configuration; one line (exit 2) for any mistake. */
        Head.Config config(boolean record) {
            HostFile hostFile = hosts == null ? null : HostFile.read(hosts);
            if (hostFile != null && workers != null) {
                throw new InvalidInputException("--workers is for workers on this machine; with --hosts each line says its jvms=K");
            }
            int k = workers == null ? 1 : workers;
            if (hostFile == null && (k < 1 || k > 64)) {
                throw new InvalidInputException("--workers must be 1..64, not " + k);
            }
            if (hostFile != null && bind == null) {
                throw new InvalidInputException("--hosts needs --bind ADDRESS[:PORT]: the address of this machine that the hosts reach");
            }
            HostPort at = bind == null ? new HostPort("127.0.0.1", 0)
                    : bind.contains(":") ? HostPort.parse("--bind", bind) : new HostPort(bind, 0);
            HostPort seen = advertise == null ? null : HostPort.parse("--advertise", advertise);
            if (tls && insecure) {
                throw new InvalidInputException("--tls and --insecure exclude each other");
            }
            if (insecure) {
                // on the stderr of 'icn cluster start', and in the head's log; not "icn: ...", which 'start' would take for the
                // reason of a head that ended without one
                ctx.err().println("warning: --insecure: members talk plain TCP without authentication; anyone who reaches them can"
                        + " join the cluster and is given node actors (for measuring what TLS costs, and trusted networks only)");
            }
            if (keepNetwork < 0 || keepNetwork > 86_400) {
                throw new InvalidInputException("--keep-network must be 0..86400 seconds, not " + keepNetwork);
            }
            if (keepJobs < 0 || keepJobs > 1_000_000) {
                throw new InvalidInputException("--keep-jobs must be 0..1000000, not " + keepJobs);
            }
            if (keepDays < 0 || keepDays > 36_500) {
                throw new InvalidInputException("--keep-days must be 0..36500, not " + keepDays);
            }
            Tls.Mode mode = tls ? Tls.Mode.OWN_STORES : insecure ? Tls.Mode.INSECURE : Tls.Mode.CLUSTER_CA;
            return new Head.Config(at, seen, HostPort.parse("--api", api), hostFile == null ? k : 0, hostFile, ssh, mode,
                    formation.timeout(hostFile == null ? 60 : 180), logs(), record, Duration.ofSeconds(keepNetwork),
                    new Head.Retention(keepJobs, Duration.ofDays(keepDays)));
        }

        /** Whether an address given (--api, --bind, --advertise) is an IPv6 one: only then does the head listen on IPv6. */
        boolean asksForIpv6() {
            return java.util.stream.Stream.of(api, bind, advertise).anyMatch(a -> a != null && a.indexOf(':') != a.lastIndexOf(':'));
        }

        /** The words that give the same options to the head's process. */
        List<String> words() {
            List<String> w = new ArrayList<>();
            if (workers != null) {
                w.add("--workers=" + workers);
            }
            if (hosts != null) {
                w.add("--hosts=" + hosts.toAbsolutePath());
            }
            if (bind != null) {
                w.add("--bind=" + bind);
            }
            if (advertise != null) {
                w.add("--advertise=" + advertise);
            }
            w.add("--api=" + api);
            if (ssh != null) {
                w.add("--ssh=" + ssh);
            }
            if (tls) {
                w.add("--tls");
            }
            if (insecure) {
                w.add("--insecure");
            }
            if (formation.seconds != null) {
                w.add("--formation-timeout=" + formation.seconds);
            }
            w.add("--keep-network=" + keepNetwork);
            w.add("--keep-jobs=" + keepJobs);
            w.add("--keep-days=" + keepDays);
            return w;
        }
    }

    /** The directory of the cluster's logs (the head's, its local workers'). */
    static Path logs() {
        return ClusterRecord.home().resolve("cluster");
    }

    @Command(name = "start", mixinStandardHelpOptions = true,
            description = {"Start a standing cluster and record it (in $ICN_HOME/cluster.json, by default ~/.icn/): a head (the API and",
                    "the coordinator role) and its workers, on this machine (--workers K) or on the hosts of a host file over SSH",
                    "(--hosts FILE). Prints the API's address once every worker has joined, and returns; the cluster runs on until",
                    "'icn cluster stop'."})
    static final class Start implements Callable<Integer> {
        private final CommandContext ctx;

        Start(CommandContext ctx) {
            this.ctx = ctx;
        }

        @Mixin
        HeadOptions head;

        @Option(names = "--json", description = "Print exactly one JSON object on stdout: the cluster's API, address, token file, logs.")
        boolean json;

        @Override
        public Integer call() throws Exception {
            Head.Config config = head.config(true);
            ClusterRecord.live().ifPresent(r -> {
                if (ClusterClient.of(null).answers()) {
                    throw new InvalidInputException("a standing cluster is running already (its API at " + r.api() + ", recorded in "
                            + ClusterRecord.file() + "): stop it first with 'icn cluster stop'");
                }
            });
            Files.createDirectories(config.logs());
            rotate(config.logs());
            Path log = config.logs().resolve("head.log");
            List<String> command = new ArrayList<>();
            if (new File("/usr/bin/setsid").canExecute()) {
                command.add("/usr/bin/setsid"); // its own session: a Ctrl-C or a closed terminal here does not reach the cluster
            }
            List<String> java = LocalWorkers.icnCommand(1);
            command.add(java.get(0));
            if (!head.asksForIpv6()) {
                // the JDK binds 0.0.0.0 as IPv6's :: too: IPv6 only when an address given asks for it
                command.add("-Djava.net.preferIPv4Stack=true");
            }
            command.addAll(java.subList(1, java.size()));
            command.add("cluster");
            command.add(HEAD);
            command.addAll(head.words());
            Process process = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile())
                    .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null"))).start();
            ClusterRecord ready = await(ctx, process, log, config.formationTimeout().plusSeconds(60));
            ClusterClient client = ClusterClient.of(null);
            JsonNode status = client.status(false);
            if (json) {
                ObjectNode o = new com.fasterxml.jackson.databind.ObjectMapper().createObjectNode();
                o.put("api", ready.api());
                o.put("head", ready.akka());
                o.put("workers", status.path("workers").size());
                o.put("record", ClusterRecord.file().toString());
                o.put("logs", ready.logs());
                o.put("pid", ready.pid());
                client.webLink().ifPresent(l -> o.put("webView", l));
                ctx.out().println(o);
            } else {
                ctx.out().printf("Standing cluster up: head %s and %d worker JVM%s; API %s%n", ready.akka(), status.path("workers").size(),
                        status.path("workers").size() == 1 ? "" : "s", ready.api());
                ctx.out().printf("Recorded in %s (commands with --cluster find it there); logs in %s%n", ClusterRecord.file(), ready.logs());
                client.webLink().ifPresent(l -> ctx.out().println("Web view (the link holds the cluster's token: keep it to yourself): " + l));
                ctx.out().println("Submit with e.g.: " + IcnLine.of("broadcast").option(IcnLine.TOPOLOGY, "scc:8")
                        .option(IcnLine.ALGORITHM, "one-port").flag("--cluster").text());
            }
            return ExitCodes.OK;
        }

        /** Waits for the head to record itself; its progress lines are shown meanwhile; one line if it ends or takes too long. */
        private static ClusterRecord await(CommandContext ctx, Process process, Path log, Duration limit) throws InterruptedException, IOException {
            long deadline = System.nanoTime() + limit.toNanos();
            int shown = 0;
            while (true) {
                List<String> lines = Files.exists(log) ? Files.readAllLines(log, StandardCharsets.UTF_8) : List.of();
                for (; shown < lines.size(); shown++) {
                    if (lines.get(shown).startsWith("[")) {
                        ctx.err().println(lines.get(shown));
                    }
                }
                var record = ClusterRecord.read().filter(r -> r.pid() == process.pid());
                if (record.isPresent()) {
                    return record.get();
                }
                if (!process.isAlive()) {
                    String why = lines.stream().filter(l -> l.startsWith("icn: ")).reduce((a, b) -> b).map(l -> l.substring(5))
                            .orElse("the head's process ended (exit " + process.exitValue() + "); see " + log);
                    if (process.exitValue() == ExitCodes.BAD_INPUT) {
                        throw new InvalidInputException(why);
                    }
                    throw new ClusterException(why);
                }
                if (System.nanoTime() > deadline) {
                    process.descendants().forEach(ProcessHandle::destroyForcibly);
                    process.destroyForcibly();
                    throw new ClusterException("the standing cluster did not start within " + limit.toSeconds() + " s (see " + log + ")");
                }
                Thread.sleep(100);
            }
        }

        /**
         * Keeps the logs of earlier clusters: each {@code NAME.log} becomes {@code NAME.log.1}, {@code .1} becomes {@code .2}, and
         * so on up to {@value #KEPT_LOGS}; the oldest goes. What an earlier head and its callers did stays readable.
         */
        static void rotate(Path logs) throws IOException {
            List<Path> current;
            try (Stream<Path> all = Files.list(logs)) {
                current = all.filter(p -> p.getFileName().toString().endsWith(".log")).toList();
            }
            for (Path log : current) {
                Files.deleteIfExists(log.resolveSibling(log.getFileName() + "." + KEPT_LOGS));
                for (int k = KEPT_LOGS - 1; k >= 1; k--) {
                    Path older = log.resolveSibling(log.getFileName() + "." + k);
                    if (Files.exists(older)) {
                        Files.move(older, log.resolveSibling(log.getFileName() + "." + (k + 1)), StandardCopyOption.REPLACE_EXISTING);
                    }
                }
                Files.move(log, log.resolveSibling(log.getFileName() + ".1"), StandardCopyOption.REPLACE_EXISTING);
            }
        }

        static final int KEPT_LOGS = 5;
    }

    @Command(name = HEAD, hidden = true, mixinStandardHelpOptions = true,
            description = "The head of a standing cluster, in this process ('icn cluster start' runs it in the background).")
    static final class HeadProcess implements Callable<Integer> {
        @Mixin
        HeadOptions head;

        @Override
        public Integer call() throws Exception {
            Head.Config config = head.config(true);
            Head running = Head.start(config, Icn::refuseUnparsable,
                    line -> System.err.println("[" + java.time.LocalTime.now().withNano(0) + "] " + line));
            System.err.println("icn cluster head: serving the API at " + running.apiUrl() + "; head " + running.address());
            running.awaitStopped();
            System.err.println("icn cluster head: stopped");
            return ExitCodes.OK;
        }
    }

    @Command(name = JOB, hidden = true, mixinStandardHelpOptions = true,
            description = "A standing cluster's job runner: runs the jobs its head hands it on stdin (its head starts it; not for people).")
    static final class JobProcessCommand implements Callable<Integer> {
        private final CommandContext ctx;

        JobProcessCommand(CommandContext ctx) {
            this.ctx = ctx;
        }
        @Option(names = "--join", required = true, paramLabel = "HOST:PORT", description = "The head's cluster address.")
        String join;

        @Option(names = "--bind", required = true, paramLabel = "HOST:PORT", description = "Where this job's member listens.")
        String bind;

        @Option(names = "--advertise", paramLabel = "HOST:PORT", description = "Where the other members reach it, when not --bind.")
        String advertise;

        @Option(names = "--tls-stores", paramLabel = "DIR", description = "The stores of the head (a job is the head's).")
        Path tlsStores;

        @Option(names = "--tls", description = "TLS with the user's own stores (ICN_TLS_*).")
        boolean tls;

        @Option(names = "--parent-pid", paramLabel = "PID", description = "Stop when the head's process is gone.")
        Long parentPid;

        @Override
        public Integer call() {
            icn.launcher.cluster.Tls.Stores stores = tlsStores != null ? icn.launcher.cluster.ClusterCertificates.read(tlsStores)
                    : tls ? icn.launcher.cluster.Tls.Stores.OWN : null;
            return icn.launcher.pool.JobProcess.serve(new icn.launcher.pool.JobProcess.Options(HostPort.parse("--join", join),
                    HostPort.parse("--bind", bind), advertise == null ? null : HostPort.parse("--advertise", advertise), stores, parentPid),
                    ctx.session(), Icn::execute);
        }
    }
}
