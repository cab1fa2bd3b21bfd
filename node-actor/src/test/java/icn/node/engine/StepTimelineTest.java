package icn.node.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The timeline reuses the bucket of the step it last drained for the next step that needs one: what a later step drains is
 * exactly what was put there, with nothing left over from the step whose bucket it reuses (messages or wake-ups), also when the
 * reused bucket is filled while a step is being drained.
 */
class StepTimelineTest {

    /** Every activation of a drain: "node:port=payload,..." or "node:wake". */
    private static List<String> drain(StepTimeline t, long step) {
        List<String> seen = new ArrayList<>();
        t.drain(step, (local, count, ports, payloads) -> seen.add(activation(local, count, ports, payloads)));
        return seen;
    }

    private static String activation(int local, int count, int[] ports, Object[] payloads) {
        StringBuilder sb = new StringBuilder().append(local).append(':');
        if (count == 0) {
            return sb.append("wake").toString();
        }
        for (int i = 0; i < count; i++) {
            sb.append(i == 0 ? "" : ",").append(ports[i]).append('=').append(payloads[i]);
        }
        return sb.toString();
    }

    @Test
    void aReusedBucketHoldsOnlyWhatItsNewStepGot() {
        StepTimeline t = new StepTimeline(4);
        for (int i = 0; i < 40; i++) { // more than a new bucket's 16 entries
            t.deliver(1, i % 4, i, "m" + i);
        }
        t.wake(1, 3);
        assertEquals(4, drain(t, 1).size());
        // step 2 takes the bucket step 1 left: one message and one wake-up, nothing of step 1's 40 messages or its wake-up
        t.deliver(2, 1, 7, "x");
        t.wake(2, 2);
        assertEquals(1, t.pendingMessages());
        assertEquals(List.of("1:7=x", "2:wake"), drain(t, 2));
        assertEquals(0, t.nextStep());
        assertEquals(0, t.pendingMessages());
    }

    @Test
    void workAddedWhileAStepDrainsGoesToItsOwnStep() {
        StepTimeline t = new StepTimeline(3);
        t.deliver(1, 0, 0, "a");
        t.deliver(1, 1, 0, "b");
        List<String> first = new ArrayList<>();
        t.drain(1, (local, count, ports, payloads) -> {
            first.add(activation(local, count, ports, payloads));
            t.deliver(2, (local + 1) % 3, 1, "from" + local); // each node sends one message on to the next step
        });
        assertEquals(List.of("0:0=a", "1:0=b"), first);
        assertEquals(2, t.nextStep());
        assertEquals(List.of("1:1=from0", "2:1=from1"), drain(t, 2));
        t.deliver(5, 0, 2, "c"); // a later step, after two buckets were drained
        assertEquals(5, t.nextStep());
        assertEquals(List.of("0:2=c"), drain(t, 5));
    }
}
