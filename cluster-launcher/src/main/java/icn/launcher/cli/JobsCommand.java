package icn.launcher.cli;

import icn.launcher.cluster.CommandContext;
import com.fasterxml.jackson.databind.JsonNode;
import icn.launcher.ExitCodes;
import icn.launcher.output.Console;
import icn.launcher.pool.ClusterClient;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code icn jobs [show|logs|cancel|fetch ID]}: the jobs a standing cluster keeps, as Ray's {@code ray job list/logs/stop} and
 * Slurm's {@code squeue}/{@code scancel} show theirs; every one of them a request of the cluster's API.
 */
@Command(name = "jobs", mixinStandardHelpOptions = true,
        description = {"The jobs (submissions) the standing cluster keeps: id, state, exit code, when, command line. 'icn jobs show ID',",
                "'logs ID' (its stderr lines and stdout, following it until it ends), 'cancel ID' and 'fetch ID' (its results",
                "directory, written here) act on one."},
        subcommands = {JobsCommand.Show.class, JobsCommand.Logs.class, JobsCommand.Cancel.class, JobsCommand.Fetch.class})
final class JobsCommand implements Callable<Integer> {
    private final CommandContext ctx;

    JobsCommand(CommandContext ctx) {
        this.ctx = ctx;
    }


    @Option(names = "--cluster", paramLabel = "ADDRESS", scope = picocli.CommandLine.ScopeType.INHERIT,
            description = "The cluster's API, HOST:PORT (default: the one recorded on this machine).")
    String cluster;

    @Option(names = "--json", description = "Print exactly one JSON object on stdout: jobs, what GET /v1/runs answers.")
    boolean json;

    @Override
    public Integer call() {
        JsonNode jobs = ClusterClient.of(cluster).jobs();
        if (json) {
            com.fasterxml.jackson.databind.node.ObjectNode o = new com.fasterxml.jackson.databind.ObjectMapper().createObjectNode();
            o.set("jobs", jobs);
            ctx.out().println(o);
            return ExitCodes.OK;
        }
        List<String[]> rows = new ArrayList<>();
        rows.add(new String[] {"id", "state", "exit", "submitted", "command line"});
        for (JsonNode j : jobs) {
            rows.add(new String[] {j.path("id").asText(), j.path("state").asText(), j.path("exitCode").isNumber()
                    ? Integer.toString(j.path("exitCode").asInt()) : "-", j.path("submitted").asText("-"), commandLine(j)});
        }
        ctx.out().print(table(rows));
        if (jobs.isEmpty()) {
            ctx.out().println("(no job yet: submit one with --cluster, e.g. 'icn broadcast --topology scc:6 --algorithm one-port"
                    + " --cluster')");
        }
        return ExitCodes.OK;
    }

    static String commandLine(JsonNode job) {
        List<String> words = new ArrayList<>();
        job.path("commandLine").forEach(w -> words.add(w.asText()));
        return String.join(" ", words);
    }

    /** Rows as columns padded to their widest cell, the last left as it is. */
    static String table(List<String[]> rows) {
        int columns = rows.get(0).length;
        int[] width = new int[columns];
        for (String[] r : rows) {
            for (int c = 0; c < columns - 1; c++) {
                width[c] = Math.max(width[c], r[c].length());
            }
        }
        StringBuilder sb = new StringBuilder();
        for (String[] r : rows) {
            for (int c = 0; c < columns - 1; c++) {
                sb.append(String.format(Locale.ROOT, "%-" + width[c] + "s  ", r[c]));
            }
            sb.append(r[columns - 1]).append(System.lineSeparator());
        }
        return sb.toString();
    }

    /** What every subcommand takes: the job's id, and the cluster (from {@code icn jobs}). */
    abstract static class OneJob implements Callable<Integer> {
        @picocli.CommandLine.ParentCommand
        JobsCommand jobs;

        @Parameters(paramLabel = "ID", description = "The job's id (see 'icn jobs').")
        String id;

        /** The cluster the job is on. */
        ClusterClient client() {
            return ClusterClient.of(jobs.cluster);
        }
    }

    @Command(name = "show", mixinStandardHelpOptions = true, description = "One job as the API answers it (JSON): state, command line, times,"
            + " exit code, results directory's name, stdout once ended.")
    static final class Show extends OneJob {
        private final CommandContext ctx;

        Show(CommandContext ctx) {
            this.ctx = ctx;
        }

        @Override
        public Integer call() {
            ctx.out().println(client().job(id).toPrettyString());
            return ExitCodes.OK;
        }
    }

    @Command(name = "logs", mixinStandardHelpOptions = true, description = "A job's stderr lines (on stderr) and its stdout once it ends,"
            + " following it until then; exits with the job's exit code.")
    static final class Logs extends OneJob {
        private final CommandContext ctx;

        Logs(CommandContext ctx) {
            this.ctx = ctx;
        }

        @Override
        public Integer call() {
            JsonNode end = client().events(id, e -> {
                if (e.path("event").asText().equals("stderr")) {
                    ctx.err().println(e.path("line").asText());
                }
            });
            ctx.out().print(end.path("stdout").asText(""));
            return end.path("exitCode").asInt(ExitCodes.RUN_FAILED);
        }
    }

    @Command(name = "cancel", mixinStandardHelpOptions = true, description = "Cancel a job: a waiting one ends at once, a running one is"
            + " interrupted and its node actors released; a job that has ended is refused (exit 2).")
    static final class Cancel extends OneJob {
        private final CommandContext ctx;

        Cancel(CommandContext ctx) {
            this.ctx = ctx;
        }

        @Override
        public Integer call() {
            JsonNode job = client().cancel(id);
            ctx.out().println("job " + job.path("id").asText() + ": " + job.path("state").asText());
            return ExitCodes.OK;
        }
    }

    @Command(name = "fetch", mixinStandardHelpOptions = true, description = "Write a job's results directory here, under --out (default"
            + " results), with a name of its own.")
    static final class Fetch extends OneJob {
        private final CommandContext ctx;

        Fetch(CommandContext ctx) {
            this.ctx = ctx;
        }

        @Option(names = "--out", paramLabel = "DIR", defaultValue = "results", description = "Where the directory goes (default results).")
        Path out;

        @Override
        public Integer call() {
            Path written = client().fetch(id, out);
            ctx.out().println("Results: " + written);
            return ExitCodes.OK;
        }
    }
}
