package icn.launcher;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import icn.launcher.cluster.LocalWorkers;
import org.junit.jupiter.api.Test;

/** Which of Akka's heartbeat and failure-detector warnings tell of a member close to being lost (the lines are Akka 2.6.21's). */
class ClusterHealthTest {

    @Test
    void aHeartbeatASecondOrTwoLateIsAHealthWarningButNoNearLoss() {
        String delayed = "06:09:53.019 WARN  a.c.ClusterHeartbeat - Cluster Node [akka://icn@127.0.0.1:33387] - Scheduled sending of"
                + " heartbeat was delayed. Previous heartbeat was sent [2868] ms ago, expected interval is [1000] ms. This may cause"
                + " failure detection to mark members as unreachable. The reason can be thread starvation, CPU overload, or GC.";
        assertTrue(LocalWorkers.HEALTH_WARNING.matcher(delayed).matches());
        assertFalse(LocalWorkers.nearLoss(delayed));
        String growing = "06:03:50.098 WARN  a.r.PhiAccrualFailureDetector - heartbeat interval is growing too large for address"
                + " akka://icn@127.0.0.1:35939: 3533 millis";
        assertTrue(LocalWorkers.HEALTH_WARNING.matcher(growing).matches());
        assertFalse(LocalWorkers.nearLoss(growing));
    }

    @Test
    void gapsOfTheAcceptablePauseAndUnreachableMembersAreNearLosses() {
        assertTrue(LocalWorkers.nearLoss("12:00:00.000 WARN  a.r.PhiAccrualFailureDetector - heartbeat interval is growing too large"
                + " for address akka://icn@127.0.0.1:35939: 7505 millis"));
        assertTrue(LocalWorkers.nearLoss("12:00:00.000 WARN  a.c.ClusterHeartbeat - Cluster Node [akka://icn@127.0.0.1:1] - Scheduled"
                + " sending of heartbeat was delayed. Previous heartbeat was sent [5000] ms ago, expected interval is [1000] ms."));
        String unreachable = "12:00:00.000 WARN  a.c.Cluster - Cluster Node [akka://icn@127.0.0.1:1] - Marking node as UNREACHABLE"
                + " [Member(akka://icn@127.0.0.1:2, Up)].";
        assertTrue(LocalWorkers.HEALTH_WARNING.matcher(unreachable).matches());
        assertTrue(LocalWorkers.nearLoss(unreachable));
    }
}
