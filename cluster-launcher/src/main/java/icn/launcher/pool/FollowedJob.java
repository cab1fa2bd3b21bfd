package icn.launcher.pool;

import com.fasterxml.jackson.databind.JsonNode;
import icn.launcher.ExitCodes;
import icn.launcher.output.Console;
import java.io.IOException;
import java.net.HttpURLConnection;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

/**
 * One submission as its submitter follows it ({@link ClusterClient#submit}): its id once queued, its events said as they come,
 * its end event once ended; then its results written here once (by the submitter's thread, or by its Ctrl-C hook after it
 * cancelled the job, whichever comes first), its stdout printed and its exit code.
 */
final class FollowedJob {

    /** Where the submitter writes: its command's console. */
    private final Console console;
    private final String localOut;
    volatile String id;
    volatile JsonNode end;
    /** Whether the job printed its "Results:" line on stderr (under --json), which is said here with the local directory. */
    private volatile boolean resultsLine;
    /** Whether its results were written here already (by the submitter's thread or its Ctrl-C hook, whichever came first). */
    private boolean written;
    private String writtenTo;

    FollowedJob(Console console, String localOut) {
        this.console = console;
        this.localOut = localOut;
    }

    void take(JsonNode event) {
        String kind = event.path("event").asText();
        id = event.path("id").asText(id);
        switch (kind) {
            case "queued" -> {
                int ahead = event.path("position").asInt();
                if (ahead > 0) {
                    console.err().println("icn: queued on the standing cluster behind " + ahead + " submission" + (ahead == 1 ? "" : "s"));
                }
            }
            case "stderr" -> {
                String line = event.path("line").asText();
                if (line.startsWith(RESULTS_LINE)) {
                    resultsLine = true; // said once the directory is written here, and under the name it was written by
                    return;
                }
                console.err().println(line);
                console.err().flush();
            }
            case "end" -> end = event;
            default -> {
                // started, heartbeat
            }
        }
    }

    /**
     * Run at exit (Ctrl-C): a job not yet ended is cancelled on the cluster, and once it has ended (within {@link
     * #INTERRUPTED_FETCH}) its results so far are written here, marked interrupted by its runner, as a local run leaves them.
     */
    void cancel(ClusterClient client) {
        if (id != null && end == null) {
            try {
                // the head may have died since it last proved itself, and another process taken its port: prove again
                client.proven = false;
                HttpURLConnection c = client.open("DELETE", "/v1/runs/" + id, Duration.ofSeconds(3));
                c.getResponseCode();
                c.disconnect();
                String where = interruptedResults(client);
                console.err().println("icn: interrupted: job " + id + " on the standing cluster at " + client.address()
                        + " was cancelled" + (where == null ? "" : "; " + where + " is marked interrupted"));
            } catch (IOException | RuntimeException e) {
                // the head cancels it anyway once it notices the connection closed
            }
        }
    }

    /** The local directory of the cancelled job's results, written once it has ended; null if it made none or took too long. */
    private String interruptedResults(ClusterClient client) {
        long deadline = System.nanoTime() + INTERRUPTED_FETCH.toNanos();
        while (System.nanoTime() < deadline) {
            JsonNode job = client.job(id);
            if (!job.path("ended").isNull() && !job.path("ended").isMissingNode()) {
                JsonNode[] last = new JsonNode[1];
                client.events(id, e -> last[0] = e);
                if (last[0] == null || !last[0].path("results").isTextual()) {
                    return null;
                }
                end = last[0];
                return download(client, false);
            }
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return null;
            }
        }
        return null;
    }

    /** How long a submitter interrupted (Ctrl-C) waits for its cancelled job's results so far. */
    static final Duration INTERRUPTED_FETCH = Duration.ofSeconds(8);

    /** The job's end as the submitter sees it: its results written here, its stdout printed, and its exit code. */
    int finish(ClusterClient client) {
        String written = download(client, true);
        if (resultsLine && written != null) {
            console.err().println(RESULTS_LINE + written);
        }
        if ("cancelled".equals(end.path("state").asText()) && end.path("cancelled").asText("").startsWith(STOPPING)) {
            console.err().println("icn: the standing cluster at " + client.address() + " stopped while job " + id + " ran"
                    + (written == null ? "" : "; what it measured so far is in " + written + " (marked interrupted)"));
            return ExitCodes.CLUSTER_STOPPED;
        }
        return end.path("exitCode").asInt(ExitCodes.RUN_FAILED);
    }

    /** How a command names its results directory on stderr under --json. */
    static final String RESULTS_LINE = "Results: ";

    /** Why the head cancels the jobs of a cluster that is stopping (Submission.cancel's reason). */
    static final String STOPPING = "the cluster is stopping";

    /**
     * Writes the ended job's results directory under {@code localOut} (a free name there), its paths pointing here, and prints its
     * stdout if {@code print}; the local directory, or null if the job made none.
     */
    synchronized String download(ClusterClient client, boolean print) {
        if (written) {
            return writtenTo;
        }
        written = true;
        writtenTo = writeHere(client, print);
        return writtenTo;
    }

    private String writeHere(ClusterClient client, boolean print) {
        String results = end.path("results").isTextual() ? icn.protocols.FileNames.safe(end.path("results").asText()) : null;
        String name = results == null ? null : freeName(Path.of(localOut), results);
        if (results != null) {
            client.download(id, results, Path.of(localOut), name);
            if (!name.equals(results)) {
                // the job named its results <out>/<results>, which a directory here has taken since
                console.err().println("icn: " + Path.of(localOut).resolve(results) + " exists here: this job's results are in "
                        + Path.of(localOut).resolve(name) + " (what they print and record names " + results + ")");
            }
        }
        if (print) {
            console.out().print(end.path("stdout").asText(""));
            console.out().flush();
        }
        return name == null ? null : Path.of(localOut).resolve(name).toString();
    }

    static String freeName(Path out, String results) {
        String name = results;
        for (int k = 2; Files.exists(out.resolve(name)); k++) {
            name = results + "-" + k;
        }
        return name;
    }
}
