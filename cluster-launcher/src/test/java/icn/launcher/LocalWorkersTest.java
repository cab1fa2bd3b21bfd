package icn.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import icn.launcher.cluster.LocalWorkers;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Which of the coordinator's JVM options a local worker JVM is started with. */
class LocalWorkersTest {

    @Test
    void workersGetTheHeapCollectorGenerationsAndPagesThatIcnChose() {
        for (String option : new String[] {"-Xms4g", "-Xmx4g", "-Xmn256m", "-Xss1m", "-XX:+UseParallelGC", "-XX:-UseAdaptiveSizePolicy",
                "-XX:SurvivorRatio=16", "-XX:MaxTenuringThreshold=1", "-XX:+UseTransparentHugePages", "-XX:MetaspaceSize=96m",
                "-XX:TieredStopAtLevel=1", "-XX:-TieredCompilation", "-Dicn.verbose=true", "-XX:SharedArchiveFile=icn.jsa", "-Xshare:auto"}) {
            assertTrue(LocalWorkers.copiedToWorkers(option), option);
        }
    }

    @Test
    void workersDoNotGetARecordingAnAgentOrOtherProperties() {
        for (String option : new String[] {"-XX:StartFlightRecording=filename=x.jfr", "-agentlib:jdwp=transport=dt_socket",
                "-Dakka.loglevel=DEBUG", "-Xlog:gc:file=gc.log", "-XX:+PrintCommandLineFlags"}) {
            assertFalse(LocalWorkers.copiedToWorkers(option), option);
        }
    }

    @Test
    void workersCompileWithC1AloneWhenTheRunsJvmsHaveFewerThanTwoCoresEach() {
        List<String> icn = List.of("-Xms4g", "-Xmx4g", "-XX:+UseParallelGC");
        assertEquals(List.of("-XX:TieredStopAtLevel=1"), LocalWorkers.compilerOptions(icn, 3, 2), "3 JVMs on 2 cores");
        assertEquals(List.of("-XX:TieredStopAtLevel=1"), LocalWorkers.compilerOptions(icn, 2, 3), "2 JVMs on 3 cores");
        assertEquals(List.of("-XX:TieredStopAtLevel=1"), LocalWorkers.compilerOptions(icn, 3, 5), "3 JVMs on 5 cores");
        assertEquals(List.of(), LocalWorkers.compilerOptions(icn, 3, 6), "3 JVMs on 6 cores: both compilers");
        assertEquals(List.of(), LocalWorkers.compilerOptions(icn, 2, 64), "2 JVMs on 64 cores: both compilers");
        assertEquals(List.of(), LocalWorkers.compilerOptions(icn, LocalWorkers.STANDING, 2), "a standing cluster's workers: both compilers");
    }

    @Test
    void aCompilerLevelTheCoordinatorWasGivenIsTheWorkersToo() {
        for (String told : new String[] {"-XX:TieredStopAtLevel=4", "-XX:TieredStopAtLevel=1", "-XX:-TieredCompilation", "-XX:+TieredCompilation"}) {
            List<String> icn = List.of("-Xmx4g", told);
            assertEquals(List.of(), LocalWorkers.compilerOptions(icn, 3, 2), told + ": nothing added");
            assertTrue(LocalWorkers.copiedToWorkers(told), told + " is copied");
        }
    }
}
