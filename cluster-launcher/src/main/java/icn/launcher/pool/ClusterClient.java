package icn.launcher.pool;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import icn.launcher.ExitCodes;
import icn.launcher.output.Console;
import icn.protocols.InvalidInputException;
import java.io.IOException;
import java.io.InputStream;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.ConnectException;
import java.net.HttpURLConnection;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.security.MessageDigest;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.Optional;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;

/**
 * A standing cluster as its submitters see it: its HTTP API at an address given ({@code --cluster HOST:PORT}) or recorded by
 * {@code icn cluster start} on this machine. It submits a command and follows it (its stderr lines as they come), writes its
 * results directory here as a local run would (paths in its text files pointing here), prints its stdout and returns its exit
 * code; and it asks for the status, or for the cluster to stop. Nothing here joins the cluster. It speaks HTTP with the JDK's
 * {@link HttpURLConnection}: the JDK's newer HTTP client sets up TLS when it is made, and took 0.3-0.4 s of every submission's
 * 0.5 s on the submitter's side; this one takes 40 ms.
 */
public final class ClusterClient {

    private static final Duration CONNECT = Duration.ofSeconds(5);
    /** A followed submission sends a line every second: this long without one, its head is gone. */
    private static final Duration SILENCE = Duration.ofSeconds(30);

    private final URI base;
    private final String token;
    private final String shownAddress;
    volatile boolean proven;

    private ClusterClient(URI base, String token, String shownAddress) {
        this.base = base;
        this.token = token;
        this.shownAddress = shownAddress;
    }

    /**
     * The cluster at {@code address} ({@code HOST:PORT} or a URL), or, with none, the one recorded in this machine's
     * {@code cluster.json}; its token from {@code ICN_CLUSTER_TOKEN}, else from the record when it names the same API. One line
     * (exit 2) if there is neither an address nor a record.
     */
    public static ClusterClient of(String address) {
        Optional<ClusterRecord> record = ClusterRecord.live();
        String api;
        if (address == null || address.isBlank()) {
            api = record.map(ClusterRecord::api).orElseThrow(() -> new InvalidInputException("no standing cluster is recorded in "
                    + ClusterRecord.file() + ": start one with 'icn cluster start', or name one with --cluster HOST:PORT"));
        } else {
            if (!SubmitArgs.looksLikeAddress(address)) {
                throw new InvalidInputException("--cluster '" + address + "' is not HOST:PORT or an http:// address of a standing cluster's API");
            }
            api = address.startsWith("http://") || address.startsWith("https://") ? address : "http://" + address;
        }
        api = api.replaceAll("/+$", "");
        String env = System.getenv("ICN_CLUSTER_TOKEN");
        String finalApi = api;
        String token = env != null && !env.isBlank() ? env.strip()
                : record.filter(r -> r.api().replaceAll("/+$", "").equals(finalApi)).map(ClusterRecord::token).orElse("");
        return new ClusterClient(URI.create(api), token, api);
    }

    /** The API's address, as messages show it. */
    public String address() {
        return shownAddress;
    }

    /** The web view's link, with the token this client holds (as Jupyter prints it); empty when it holds none. */
    public Optional<String> webLink() {
        return token.isEmpty() ? Optional.empty() : Optional.of(WebView.link(base.toString(), token));
    }

    /** {@code GET /v1/cluster} ({@code gc}: every worker collects first). */
    public JsonNode status(boolean gc) {
        return json(call("GET", "/v1/cluster" + (gc ? "?gc=true" : ""), null, Duration.ofSeconds(gc ? 180 : 30)));
    }

    /** Whether anything answers at the API's address (asked without the token). */
    public boolean answers() {
        try {
            HttpURLConnection c = plain("GET", "/v1/proof?nonce=" + nonce(), Duration.ofSeconds(10));
            int code = c.getResponseCode();
            c.disconnect();
            return code > 0;
        } catch (IOException e) {
            return false;
        }
    }

    /**
     * Makes sure the process at the API's address is the cluster's head before the token is sent there: it must answer a fresh
     * nonce with the MAC only a holder of the token can make ({@code GET /v1/proof}, which needs no token). Once per client.
     */
    private void prove() throws IOException {
        if (proven) {
            return;
        }
        String nonce = nonce();
        HttpURLConnection c = plain("GET", "/v1/proof?nonce=" + nonce, Duration.ofSeconds(10));
        int code = c.getResponseCode();
        String body;
        try (InputStream in = code == 200 ? c.getInputStream() : c.getErrorStream()) {
            body = in == null ? "" : new String(in.readNBytes(4096), StandardCharsets.UTF_8);
        }
        if (token.isEmpty()) { // something answers there (else the request above failed): say what is missing
            throw new InvalidInputException("no token for the standing cluster at " + shownAddress + ": every request needs it; set"
                    + " ICN_CLUSTER_TOKEN to the token in cluster.json under $ICN_HOME on the machine that started it");
        }
        String given = "";
        try {
            JsonNode o = Submission.JSON.readTree(body);
            given = o == null ? "" : o.path("proof").asText("");
        } catch (IOException e) {
            // not JSON: not the head
        }
        byte[] expected = ApiRequests.proof(token, nonce).getBytes(StandardCharsets.UTF_8);
        if (code != 200 || !MessageDigest.isEqual(expected, given.getBytes(StandardCharsets.UTF_8))) {
            throw new icn.launcher.cluster.ClusterException("the process answering at " + shownAddress + " could not prove it is the standing"
                    + " cluster's head (it does not know the cluster's token): nothing was sent to it");
        }
        proven = true;
    }

    private static String nonce() {
        byte[] bytes = new byte[16];
        new java.security.SecureRandom().nextBytes(bytes);
        return java.util.HexFormat.of().formatHex(bytes);
    }

    /** {@code GET /v1/runs}: the jobs the head keeps, oldest first. */
    public JsonNode jobs() {
        com.fasterxml.jackson.databind.node.ArrayNode all = new com.fasterxml.jackson.databind.ObjectMapper().createArrayNode();
        String after = null;
        do {
            JsonNode page = json(call("GET", "/v1/runs?limit=1000" + (after == null ? "" : "&after=" + after), null, Duration.ofSeconds(30)));
            page.path("runs").forEach(all::add);
            after = page.path("next").isTextual() ? page.path("next").asText() : null;
        } while (after != null);
        return all;
    }

    /** {@code GET /v1/runs/ID}: one job. */
    public JsonNode job(String id) {
        return json(call("GET", "/v1/runs/" + jobId(id), null, Duration.ofSeconds(30)));
    }

    /** {@code DELETE /v1/runs/ID}: the job cancelled (a job that has ended is bad input: nothing to cancel). */
    public JsonNode cancel(String id) {
        return json(call("DELETE", "/v1/runs/" + jobId(id), null, Duration.ofSeconds(30)));
    }

    /**
     * The events of job {@code id} from its first, each handed to {@code sink} as it comes, until it ends (heartbeats left
     * out); its end event.
     */
    public JsonNode events(String id, java.util.function.Consumer<JsonNode> sink) {
        try {
            HttpURLConnection c = open("GET", "/v1/runs/" + jobId(id) + "/events", SILENCE);
            if (c.getResponseCode() != 200) {
                throw refusal(c.getResponseCode(), errorBody(c));
            }
            try (BufferedReader lines = new BufferedReader(new InputStreamReader(c.getInputStream(), StandardCharsets.UTF_8))) {
                for (String line; (line = lines.readLine()) != null;) {
                    JsonNode e = Submission.JSON.readTree(line);
                    if (!e.path("event").asText().equals("heartbeat")) {
                        sink.accept(e);
                    }
                    if (e.path("event").asText().equals("end")) {
                        return e;
                    }
                }
            }
            throw new icn.launcher.cluster.ClusterException("the standing cluster at " + shownAddress + " closed job " + id
                    + "'s events before it ended");
        } catch (IOException e) {
            throw unreachable(e);
        }
    }

    /** Writes job {@code id}'s results directory under {@code out} (a free name: its own, or with -2, -3 ...); its path. */
    public Path fetch(String id, Path out) {
        JsonNode job = job(id);
        if (!job.path("results").isTextual()) {
            throw new InvalidInputException("job " + jobId(id) + " has no results directory" + (job.path("exitCode").isMissingNode()
                    || job.path("exitCode").isNull() ? " yet (it has not ended)" : " (exit code " + job.path("exitCode").asInt() + ")"));
        }
        String results = icn.protocols.FileNames.safe(job.path("results").asText());
        String name = FollowedJob.freeName(out, results);
        download(jobId(id), results, out, name);
        return out.resolve(name);
    }

    /** A job's id as the API takes it: digits only (an id is never a path). */
    private static String jobId(String id) {
        if (id == null || !id.matches("[0-9]{1,18}")) {
            throw new InvalidInputException("'" + id + "' is not a job's id (a number: see 'icn jobs')");
        }
        return id;
    }

    /** {@code POST /v1/cluster/stop}. */
    public void stop() {
        call("POST", "/v1/cluster/stop", new byte[0], Duration.ofSeconds(30));
    }

    /**
     * Submits {@code args} (the words after {@code icn}, as typed) with {@code uploads}, follows it to its end, writes its results
     * directory under {@code localOut} (as typed, e.g. {@code results}), prints its stdout, and returns its exit code. Interrupted
     * (Ctrl-C), the submission is cancelled on the cluster.
     */
    public int submit(Console console, List<String> args, List<Upload> uploads, String localOut) {
        ObjectNode body = Submission.JSON.createObjectNode();
        ArrayNode sent = body.putArray("args");
        SubmitArgs.withoutClusterAndOut(args).forEach(sent::add);
        body.put("out", localOut); // the job names its results under it, as a local run would
        ArrayNode files = body.putArray("files");
        for (Upload u : uploads) {
            ObjectNode f = files.addObject();
            f.put("path", u.given());
            f.put("content", Base64.getEncoder().encodeToString(u.content()));
        }
        FollowedJob follow = new FollowedJob(console, localOut);
        Thread cancelOnExit = new Thread(() -> follow.cancel(this), "icn-cancel-submission");
        Runtime.getRuntime().addShutdownHook(cancelOnExit);
        try {
            HttpURLConnection c = open("POST", "/v1/runs?follow=true", SILENCE);
            send(c, body.toString().getBytes(StandardCharsets.UTF_8));
            if (c.getResponseCode() != 200) {
                throw refusal(c.getResponseCode(), errorBody(c));
            }
            try (BufferedReader lines = new BufferedReader(new InputStreamReader(c.getInputStream(), StandardCharsets.UTF_8))) {
                for (String line; follow.end == null && (line = lines.readLine()) != null;) {
                    follow.take(Submission.JSON.readTree(line));
                }
            }
        } catch (ConnectException e) {
            throw unreachable(e);
        } catch (IOException e) {
            if (follow.id == null) {
                throw unreachable(e);
            }
        } finally {
            if (follow.end != null) {
                try {
                    Runtime.getRuntime().removeShutdownHook(cancelOnExit);
                } catch (IllegalStateException e) {
                    // the JVM is stopping: the hook finds the submission ended and does nothing
                }
            }
        }
        if (follow.end == null) {
            console.err().println("icn: the standing cluster at " + shownAddress + " went away during the run (its connection closed)");
            return ExitCodes.RUN_FAILED;
        }
        return follow.finish(this);
    }

    /**
     * Fetches the results directory {@code results} into {@code out} as {@code name}, its files as the job wrote them (they name
     * its paths as its submitter typed them), through a hidden directory that takes its name once whole: an interrupted download
     * leaves no half directory.
     */
    void download(String id, String results, Path out, String name) {
        Path part;
        try {
            Files.createDirectories(out);
            part = Files.createTempDirectory(out, "." + results + ".part-");
        } catch (IOException e) {
            throw new java.io.UncheckedIOException("cannot make a results directory under " + out + ": " + e.getMessage(), e);
        }
        try {
            HttpURLConnection zip = open("GET", "/v1/runs/" + id + "/results.zip", Duration.ofMinutes(10));
            if (zip.getResponseCode() != 200) {
                throw new icn.launcher.cluster.ClusterException("the standing cluster did not hand over the results of submission " + id
                        + " (HTTP " + zip.getResponseCode() + ")");
            }
            try (ZipInputStream in = new ZipInputStream(zip.getInputStream())) {
                for (ZipEntry e; (e = in.getNextEntry()) != null;) {
                    String entry = e.getName();
                    String inside = entry.startsWith(results + "/") ? entry.substring(results.length() + 1) : entry;
                    Path target = part.resolve(inside).normalize();
                    if (!target.startsWith(part) || e.isDirectory()) {
                        continue;
                    }
                    Files.createDirectories(target.getParent());
                    Files.write(target, in.readAllBytes());
                }
            }
            Files.move(part, out.resolve(name), StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            icn.protocols.FileTrees.deleteQuietly(part);
            throw new icn.launcher.cluster.ClusterException("could not fetch the results of submission " + id + ": " + e.getMessage());
        }
    }

    /**
     * A connection for {@code method path}, with the token (once the head has proved who it is), the connect timeout and
     * {@code read} as the read timeout.
     */
    HttpURLConnection open(String method, String path, Duration read) throws IOException {
        prove();
        HttpURLConnection c = plain(method, path, read);
        c.setRequestProperty("Authorization", "Bearer " + token);
        return c;
    }

    /** As {@link #open} without the token. */
    private HttpURLConnection plain(String method, String path, Duration read) throws IOException {
        HttpURLConnection c = (HttpURLConnection) base.resolve(path).toURL().openConnection();
        c.setRequestMethod(method);
        c.setConnectTimeout((int) CONNECT.toMillis());
        c.setReadTimeout((int) read.toMillis());
        c.setInstanceFollowRedirects(false); // the token goes to this address only
        return c;
    }

    private static void send(HttpURLConnection c, byte[] body) throws IOException {
        c.setDoOutput(true);
        c.setRequestProperty("Content-Type", "application/json");
        c.setFixedLengthStreamingMode(body.length);
        try (OutputStream out = c.getOutputStream()) {
            out.write(body);
        }
    }

    /** {@code method path} (with {@code body}, if not null), its answer's text; one line for a refusal or nobody answering. */
    private String call(String method, String path, byte[] body, Duration read) {
        try {
            HttpURLConnection c = open(method, path, read);
            if (body != null) {
                send(c, body);
            }
            int code = c.getResponseCode();
            if (code >= 300) {
                throw refusal(code, errorBody(c));
            }
            try (InputStream in = c.getInputStream()) {
                return new String(in.readAllBytes(), StandardCharsets.UTF_8);
            }
        } catch (ConnectException | SocketTimeoutException e) {
            throw unreachable(e);
        } catch (IOException e) {
            throw unreachable(e);
        }
    }

    private static String errorBody(HttpURLConnection c) throws IOException {
        try (InputStream in = c.getErrorStream()) {
            return in == null ? "" : new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    private static JsonNode json(String body) {
        try {
            return Submission.JSON.readTree(body);
        } catch (IOException e) {
            throw new icn.launcher.cluster.ClusterException("the standing cluster answered something that is not JSON: " + e.getMessage());
        }
    }

    private InvalidInputException unreachable(Exception e) {
        String why = e instanceof ConnectException ? "connection refused"
                : e.getMessage() == null || e.getMessage().isBlank() ? e.getClass().getSimpleName() : e.getMessage();
        return new InvalidInputException("no standing cluster answers at " + shownAddress + " (" + why + "): start one with 'icn cluster"
                + " start', or name one with --cluster HOST:PORT");
    }

    private RuntimeException refusal(int status, String body) {
        String message = body;
        try {
            JsonNode o = Submission.JSON.readTree(body);
            if (o != null && o.hasNonNull("error")) {
                message = o.get("error").asText();
            }
        } catch (IOException e) {
            // not JSON: the body as it is
        }
        if (status == 401) {
            return new InvalidInputException("the standing cluster at " + shownAddress + " refused the request: " + message);
        }
        if (status == 400 || status == 409) {
            return new InvalidInputException(message); // bad input, or asking what cannot be (cancel a job that has ended)
        }
        return new icn.launcher.cluster.ClusterException("the standing cluster at " + shownAddress + " answered HTTP " + status + ": " + message);
    }
}
