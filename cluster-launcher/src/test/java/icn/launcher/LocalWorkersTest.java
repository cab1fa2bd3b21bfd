package icn.launcher;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Which of the coordinator's JVM options a local worker JVM is started with. */
class LocalWorkersTest {

    @Test
    void workersGetTheHeapCollectorGenerationsAndPagesThatIcnChose() {
        for (String option : new String[] {"-Xms4g", "-Xmx4g", "-Xmn256m", "-Xss1m", "-XX:+UseParallelGC", "-XX:-UseAdaptiveSizePolicy",
                "-XX:SurvivorRatio=16", "-XX:MaxTenuringThreshold=1", "-XX:+UseTransparentHugePages", "-XX:MetaspaceSize=96m",
                "-XX:TieredStopAtLevel=1", "-Dicn.verbose=true", "-XX:SharedArchiveFile=icn.jsa", "-Xshare:auto"}) {
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
}
