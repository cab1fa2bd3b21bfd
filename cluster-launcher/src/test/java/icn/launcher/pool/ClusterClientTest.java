package icn.launcher.pool;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The paths of a submitted command's output, pointed from the head's directories to the submitter's. */
class ClusterClientTest {

    @Test
    void theHeadsPathsBecomeTheSubmittersMoreSpecificFirst() {
        List<String[]> pairs = List.of(new String[] {"/tmp/h/7/o/broadcast-1", "results/broadcast-1-2"}, new String[] {"/tmp/h/7/o", "results"},
                new String[] {"/tmp/h/7/in/0/my.conf", "my.conf"});
        assertEquals("Results: results/broadcast-1-2\nscenario my.conf, out results/other",
                ClusterClient.relocated("Results: /tmp/h/7/o/broadcast-1\nscenario /tmp/h/7/in/0/my.conf, out /tmp/h/7/o/other", pairs));
    }
}
