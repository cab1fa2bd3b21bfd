package icn.launcher.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Why a worker that has joined stops: each reason alone. */
class WorkerStopTest {

    @Test
    void aWorkerCutOffFromItsCoordinatorStopsAtTheLimitWhateverTheResolverDoes() {
        Duration limit = WorkerCommand.CUT_OFF_LIMIT;
        assertEquals("cut off from the coordinator for " + limit.toSeconds() + " s", WorkerCommand.stopReason(List.of(), null, limit));
        assertEquals("the coordinator left", WorkerCommand.stopReason(List.of(), null, limit.minusMillis(1)));
    }

    @Test
    void aWorkerWhoseStarterIsGoneStops() throws Exception {
        Process starter = new ProcessBuilder("true").start();
        starter.waitFor();
        assertEquals("the process that started this worker is gone", WorkerCommand.stopReason(List.of(), starter.pid(), Duration.ZERO));
    }
}
