package icn.launcher.cli;

import icn.launcher.cluster.LocalWorkers;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Akka's own first spawn on this machine: {@code icn bench start --spawn N} in a new JVM with this JVM's options (heap, collector,
 * class-data archive, compiler), as a local worker gets them. A command spawns its network once, in a JVM whose code is not yet
 * compiled, and so does this; the empty actors measured after the run in this JVM are spawned by compiled code. {@code problem}
 * says why nothing was measured (the JVM failed or took over three minutes); the benchmark goes on without it.
 */
record FreshSpawn(int actors, double actorsPerSecond, long pid, long maxHeapBytes, String problem) {

    static FreshSpawn measure(int actors) throws IOException, InterruptedException {
        Path out = Files.createTempDirectory("icn-fresh-spawn-");
        Path err = out.resolve("stderr.txt");
        try {
            List<String> command = LocalWorkers.icnCommand(1);
            command.addAll(List.of("bench", "start", "--spawn", Integer.toString(actors), "--json", "--out", out.resolve("results").toString()));
            Path json = out.resolve("stdout.json");
            Process p = new ProcessBuilder(command).redirectOutput(json.toFile()).redirectError(err.toFile()).start();
            if (!p.waitFor(3, TimeUnit.MINUTES)) {
                p.destroyForcibly();
                return new FreshSpawn(actors, 0, -1, -1, "the fresh JVM took over three minutes");
            }
            if (p.exitValue() != 0) {
                List<String> lines = Files.readAllLines(err);
                return new FreshSpawn(actors, 0, -1, -1, "the fresh JVM exited " + p.exitValue()
                        + (lines.isEmpty() ? "" : " (" + lines.get(lines.size() - 1).strip() + ")"));
            }
            JsonNode j = new ObjectMapper().readTree(json.toFile());
            return new FreshSpawn(actors, j.get("emptyActorsSpawnedPerSecond").asDouble(), j.get("pid").asLong(), j.get("maxHeapBytes").asLong(),
                    null);
        } finally {
            icn.protocols.FileTrees.delete(out);
        }
    }
}
