package icn.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The JVM options ./icn chooses, read back from the JVM itself (-XX:+PrintCommandLineFlags): the young generation an eighth of
 * the heap, a sixteenth for a command that starts several JVMs on this machine, survivors promoted at their second collection
 * with a fixed eden, and transparent huge pages exactly where the kernel offers them (docs/benchmarks.md measures why).
 */
class IcnScriptIT {

    @Test
    void theYoungGenerationIsAnEighthOfTheHeapOnOneJvmAndASixteenthWhenACommandStartsSeveral() throws Exception {
        Map<String, Long> one = flags(Map.of());
        assertEquals(one.get("MaxHeapSize") / 8, one.get("MaxNewSize"), one.toString());
        Map<String, Long> jvm1 = flags(Map.of(), "--jvms", "1");
        assertEquals(jvm1.get("MaxHeapSize") / 8, jvm1.get("MaxNewSize"), jvm1.toString());
        Map<String, Long> three = flags(Map.of(), "--jvms", "3");
        assertEquals(three.get("MaxHeapSize") / 16, three.get("MaxNewSize"), three.toString());
        Map<String, Long> two = flags(Map.of(), "--jvms=2");
        assertEquals(two.get("MaxHeapSize") / 16, two.get("MaxNewSize"), two.toString());
        Map<String, Long> small = flags(Map.of("ICN_HEAP", "1g"));
        assertEquals(1L << 30, small.get("MaxHeapSize"), small.toString());
        assertEquals((1L << 30) / 8, small.get("MaxNewSize"), small.toString());
    }

    @Test
    void survivorsArePromotedAtTheirSecondCollectionWithAFixedEden() throws Exception {
        Map<String, Long> flags = flags(Map.of());
        assertEquals(1L, flags.get("MaxTenuringThreshold"), flags.toString());
        assertEquals(16L, flags.get("SurvivorRatio"), flags.toString());
        assertEquals(0L, flags.get("UseAdaptiveSizePolicy"), flags.toString());
        assertEquals(1L, flags.get("UseParallelGC"), flags.toString());
    }

    @Test
    void hugePagesWhereTheKernelOffersThemAndNotWithIcnThpOff() throws Exception {
        boolean offered = IcnProcess.transparentHugePages();
        Map<String, Long> flags = flags(Map.of());
        assertEquals(offered ? 1L : null, flags.get("UseTransparentHugePages"), "kernel offers huge pages: " + offered + ", " + flags);
        assertFalse(flags(Map.of("ICN_THP", "off")).containsKey("UseTransparentHugePages"));
    }

    /**
     * Issue 39: where the build made a newer JDK's AOT cache (a JDK 25 is installed), ./icn runs on that JDK with it, without a
     * word on stderr (Akka's use of sun.misc.Unsafe allowed); with ICN_AOT=off, or without a cache, on the JDK of the path with
     * the class-data archive. Both JDKs thus stay tested: the unit tests and ICN_AOT=off on the one, the commands on the other.
     */
    @Test
    void aNewerJdksCacheWhereTheBuildMadeOneAndTheArchiveOtherwise() throws Exception {
        Path jar = IcnProcess.jar();
        boolean cache = java.nio.file.Files.exists(jar.resolveSibling("icn.aot")) && java.nio.file.Files.exists(jar.resolveSibling("icn.aot.java"));
        String with = output(Map.of());
        assertEquals(cache, with.contains("-XX:AOTCache="), with);
        assertEquals(!cache, with.contains("-XX:SharedArchiveFile="), with);
        assertFalse(with.contains("WARNING"), with);
        String off = output(Map.of("ICN_AOT", "off"));
        assertFalse(off.contains("-XX:AOTCache="), off);
        assertTrue(off.contains("-XX:SharedArchiveFile="), off);
        assertFalse(off.contains("WARNING"), off);
    }

    /** The -XX flags of the JVM that `./icn broadcast ARGS --help` starts: numbers as they are, + as 1 and - as 0. */
    private static Map<String, Long> flags(Map<String, String> env, String... args) throws Exception {
        String out = output(env, args);
        Map<String, Long> flags = new HashMap<>();
        Matcher m = Pattern.compile("-XX:([+-])?(\\w+)(?:=(\\d+))?").matcher(out.lines().filter(l -> l.startsWith("-XX:")).findFirst()
                .orElseThrow(() -> new AssertionError("no -XX: line in\n" + out)));
        while (m.find()) {
            flags.put(m.group(2), m.group(3) != null ? Long.parseLong(m.group(3)) : "-".equals(m.group(1)) ? 0L : 1L);
        }
        return flags;
    }

    /** What `./icn broadcast ARGS --help` prints with -XX:+PrintCommandLineFlags, stdout and stderr together. */
    private static String output(Map<String, String> env, String... args) throws Exception {
        Path root = IcnProcess.jar().getParent().getParent().getParent();
        List<String> command = new ArrayList<>(List.of("bash", root.resolve("icn").toString(), "broadcast"));
        command.addAll(List.of(args));
        command.add("--help");
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")));
        builder.environment().keySet().removeIf(k -> k.startsWith("ICN_") || k.equals("JDK_JAVA_OPTIONS"));
        builder.environment().putAll(env);
        builder.environment().put("ICN_JAVA_OPTS", "-XX:+PrintCommandLineFlags");
        Process process = builder.start();
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(process.waitFor(60, TimeUnit.SECONDS), "./icn broadcast --help ended");
        assertEquals(0, process.exitValue(), out);
        return out;
    }
}
