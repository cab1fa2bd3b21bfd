package icn.launcher.cli;

import icn.protocols.fault.FaultSpec;
import icn.scenarios.faults.FaultReader;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/**
 * The fault flags of {@code icn traffic}: the faults wormhole routing under load can take (crashed routers, cut links, from a fault
 * list also timed ones and extra delay). Loss, restored links and JVM kills are not offered: a lost flit would break its worm unseen,
 * a router cannot know what the far end of a restored link still holds, and a killed JVM's flits could not be accounted for (a fault
 * list that has them is refused in one line).
 */
final class TrafficFaultOptions {

    @Option(names = "--crash-nodes", paramLabel = "F", description = "Crash F routers chosen uniformly with --seed before step 1.")
    Integer crashNodes;

    @Option(names = "--cut-links", paramLabel = "F", description = "Cut F links (both directions) chosen uniformly with --seed before step 1.")
    Integer cutLinks;

    @Option(names = "--faults", paramLabel = "FILE",
            description = "A fault list in HOCON: timed crashes and cuts, extra delay (no loss, restores or JVM kills under load).")
    Path file;

    /** The faults asked for, with {@code seed} where the file gives none; none without a flag. */
    FaultSpec spec(long seed) {
        if (crashNodes == null && cutLinks == null && file == null) {
            return FaultSpec.none(seed);
        }
        FaultSpec base = file != null ? FaultReader.read(file, seed) : FaultSpec.none(seed);
        return FaultOptions.combine(false, base, crashNodes, cutLinks, null, null, null, false);
    }
}
