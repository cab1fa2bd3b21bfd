package icn.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Python client in the checkout ({@code python/icn_cluster.py}, standard library only) against a real standing cluster, as a
 * notebook uses it (issue 37): submit returns the result object and the scenario file it names travels with it; bad input
 * raises with the command's one line; the jobs are listed; a job's results are fetched here; a running job is cancelled; and a
 * process without the cluster's token is refused. The script prints one line per check, which this test reads.
 */
class PythonClientIT {

    @TempDir
    Path tmp;

    @Test
    @Timeout(value = 300, unit = TimeUnit.SECONDS)
    void aNotebookSubmitsListsFetchesAndCancels() throws Exception {
        assumeTrue(exit("python3", "--version") == 0, "python3");
        Path module = IcnProcess.jar().toAbsolutePath().getParent().getParent().getParent().resolve("python");
        assertTrue(Files.isRegularFile(module.resolve("icn_cluster.py")), "the client is in the checkout: " + module);
        Path scenario = IcnProcess.scenario(tmp, "py", "kind = broadcast", "topologies = [\"scc:4\"]", "algorithms = [one-port]");
        Path script = tmp.resolve("notebook.py");
        Files.writeString(script, String.join("\n",
                "import sys, os, time",
                "sys.path.insert(0, sys.argv[1])",
                "import icn_cluster",
                "c = icn_cluster.Cluster()",
                "r = c.submit('broadcast', '--topology', 'scc:4', '--algorithm', 'one-port', on_line=None)",
                "print('informed', r['informed'])",
                "r = c.submit('run', sys.argv[2], on_line=None)",
                "print('scenario runs', len(r['runs']))",
                "try:",
                "    c.submit('broadcast', '--topology', 'nonsense:4', '--algorithm', 'one-port', on_line=None)",
                "except icn_cluster.IcnError as e:",
                "    print('refused', e.exit_code, e.line)",
                "try:",
                "    c.submit('broadcast', '--topology', 'scc:4', on_line=None)",
                "except icn_cluster.IcnError as e:",
                "    print('unparsable', e.exit_code, e.line)",
                "jobs = c.jobs()",
                "print('jobs', len(jobs))",
                "done = [j for j in jobs if j['state'] == 'done' and j.get('exitCode') == 0][0]",
                "path = c.fetch(done['id'], sys.argv[3])",
                "print('fetched', os.path.isfile(os.path.join(path, 'result.json')))",
                "long = c._json('POST', '/v1/runs', {'args': ['traffic', '--topology', 'scc:5', '--rates', '0.01', '--cycles', '200000',"
                        + " '--engine', 'actor']})",
                "time.sleep(2)",
                "c.cancel(long['id'])",
                "end = [e for e in c.follow(long['id']) if e['event'] == 'end'][0]",
                "print('cancelled', end['state'])",
                "try:",
                "    icn_cluster.Cluster(api=c.api, token='not-the-token').jobs()",
                "except icn_cluster.IcnError as e:",
                "    print('stranger', e.line[:60])",
                ""), StandardCharsets.UTF_8);
        try (StandingCluster cluster = StandingCluster.start(tmp.resolve("c"), "--workers", "1")) {
            List<String> command = List.of("python3", script.toString(), module.toString(), scenario.toString(), tmp.resolve("fetched").toString());
            ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true);
            Map<String, String> env = pb.environment();
            env.putAll(cluster.env());
            Process p = pb.start();
            assertTrue(p.waitFor(240, TimeUnit.SECONDS), "the notebook ended");
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            System.out.print("PythonClientIT:\n" + out);
            assertEquals(0, p.exitValue(), out);
            assertTrue(out.contains("informed 72"), out);
            assertTrue(out.contains("scenario runs 1"), out);
            assertTrue(out.lines().anyMatch(l -> l.startsWith("refused 2 ") && l.contains("nonsense")), out);
            assertTrue(out.lines().anyMatch(l -> l.startsWith("unparsable 2 Missing required option: '--algorithm")), out);
            assertTrue(out.contains("jobs 2"), "bad input (an unknown network, a line its parser refuses) is refused before it is queued: "
                    + out);
            assertTrue(out.contains("fetched True"), out);
            assertTrue(out.contains("cancelled cancelled"), out);
            assertTrue(out.contains("stranger the process answering"), "a wrong token is never sent: the head cannot prove it: " + out);
            assertEquals(List.of(), cluster.stop(), "processes of the cluster still alive");
        }
    }

    private static int exit(String... command) {
        try {
            Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
            p.getInputStream().readAllBytes();
            return p.waitFor(30, TimeUnit.SECONDS) ? p.exitValue() : -1;
        } catch (IOException e) {
            return -1;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return -1;
        }
    }
}
