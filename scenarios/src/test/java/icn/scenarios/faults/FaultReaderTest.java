package icn.scenarios.faults;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.typesafe.config.ConfigFactory;
import icn.protocols.InvalidInputException;
import icn.protocols.LinkClass;
import icn.protocols.topology.Topologies;
import icn.protocols.Topology;
import icn.protocols.fault.FaultPlan;
import icn.protocols.fault.FaultSpec;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The HOCON fault list: every key read into the spec, the plan it resolves to, and one line for a bad key. */
class FaultReaderTest {

    private static final String EXAMPLE = """
            faults {
              seed = 7
              random-nodes = 2
              random-links = 3
              spare-endpoints = false
              loss { lateral = 0.25 }
              extra-delay { local = 2 }
              on-member-loss = continue
              events = [
                { at = 3, crash = "<2,12345>" }
                { at = 2, cut = "<3,21345>", port = LATERAL, both = false, restore = 6 }
                { at = 5, kill-jvm = 2 }
              ]
            }
            """;

    @Test
    void everyKeyIsRead() {
        FaultSpec spec = FaultReader.read(ConfigFactory.parseString(EXAMPLE), "example.conf", 99);
        assertEquals(7, spec.seed());
        assertEquals(2, spec.randomNodes());
        assertEquals(3, spec.randomLinks());
        assertEquals(false, spec.spareEndpoints());
        assertEquals(0.25, spec.loss()[LinkClass.LATERAL.ordinal()]);
        assertEquals(0.0, spec.loss()[LinkClass.LOCAL.ordinal()]);
        assertEquals(2, spec.extraDelay()[LinkClass.LOCAL.ordinal()]);
        assertTrue(spec.continueOnMemberLoss());
        assertEquals(List.of(new FaultSpec.CrashNode("<2,12345>", 3), new FaultSpec.CutLink("<3,21345>", "LATERAL", false, 2, 6),
                new FaultSpec.KillJvm(2, 5)), spec.events());

        Topology t = Topologies.parse("scc:5");
        FaultPlan plan = spec.resolve(t, new int[0], 3);
        assertEquals(3, plan.crashNodes().length, "one timed crash and two random ones");
        assertEquals(t.parseLabel("<2,12345>"), plan.crashNodes()[0]);
        assertEquals(3, plan.crashSteps()[0]);
        assertEquals(1 + 2 * 3, plan.cutNodes().length, "the one-way timed cut, and three random links both ways");
        assertEquals(6, plan.cutUntil()[0]);
        assertEquals(2, plan.killJvms()[0]);
        assertEquals(5, plan.killSteps()[0]);
    }

    @Test
    void withoutTheWrapperAndWithoutASeedTheRunsSeedIsUsed() {
        FaultSpec spec = FaultReader.read(ConfigFactory.parseString("loss = 0.5"), "x.conf", 42);
        assertEquals(42, spec.seed());
        assertEquals(0.5, spec.loss()[LinkClass.LOCAL.ordinal()]);
        assertTrue(spec.events().isEmpty());
    }

    @Test
    void aBadKeyIsOneLineNamingFileLineAndKey() {
        InvalidInputException e = assertThrows(InvalidInputException.class,
                () -> FaultReader.read(ConfigFactory.parseString("faults {\n  loss = 0.1\n  crashes = 2\n}"), "bad.conf", 1));
        assertTrue(e.getMessage().startsWith("bad.conf:3: unknown key 'crashes'"), e.getMessage());
        e = assertThrows(InvalidInputException.class,
                () -> FaultReader.read(ConfigFactory.parseString("events = [ { at = 2, crash = \"<2,12345>\", cut = \"<2,12345>\" } ]"), "b.conf", 1));
        assertTrue(e.getMessage().contains("exactly one of"), e.getMessage());
        e = assertThrows(InvalidInputException.class, () -> FaultReader.read(ConfigFactory.parseString("loss { sideways = 0.1 }"), "b.conf", 1));
        assertTrue(e.getMessage().contains("sideways"), e.getMessage());
        e = assertThrows(InvalidInputException.class, () -> FaultReader.read(ConfigFactory.parseString("random-nodes = 1.5"), "b.conf", 1));
        assertTrue(e.getMessage().contains("whole number"), e.getMessage());
    }
}
