package icn.launcher.cli;

import icn.launcher.cluster.CommandContext;

import icn.protocols.InvalidInputException;
import icn.protocols.fault.FaultSpec;
import icn.scenarios.faults.FaultReader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;

/**
 * The fault flags of {@code icn broadcast} and {@code icn route}; none given: a fault-free run. {@code icn traffic} takes the part of
 * them wormhole routing can take ({@link TrafficFaultOptions}), and both build their {@link FaultSpec} here ({@link #combine}).
 */
final class FaultOptions {
    private final CommandContext ctx;

    FaultOptions(CommandContext ctx) {
        this.ctx = ctx;
    }


    @Option(names = "--crash-nodes", paramLabel = "F", description = "Crash F nodes chosen uniformly with --seed before step 1.")
    Integer crashNodes;

    @Option(names = "--cut-links", paramLabel = "F", description = "Cut F links (both directions) chosen uniformly with --seed before step 1.")
    Integer cutLinks;

    @Option(names = "--loss", paramLabel = "P", description = "Every link loses a message with probability P (seeded draw per message).")
    Double loss;

    @Option(names = "--faults", paramLabel = "FILE", description = "A fault list in HOCON (timed crashes, cuts, restores, loss, delay, kills).")
    Path file;

    @Option(names = "--kill-jvm", paramLabel = "J@STEP", description = "Kill worker JVM J (1..K-1) when the run reaches STEP.")
    String killJvm;

    @Option(names = "--on-member-loss", paramLabel = "continue|abort",
            description = "When a worker JVM is lost: go on without its nodes, or end with the report (default abort).")
    String onMemberLoss;

    @Option(names = "--hit-endpoints", description = "Random faults may hit the source and destination (spared by default).")
    boolean hitEndpoints;

    /** Whether any fault flag was given. */
    boolean any() {
        return crashNodes != null || cutLinks != null || loss != null || file != null || killJvm != null || onMemberLoss != null;
    }

    /** The faults asked for, with {@code seed} where the file gives none. */
    FaultSpec spec(long seed) {
        FaultSpec base = file != null ? FaultReader.read(file, seed) : FaultSpec.none(seed);
        return combine(ctx.engines().standing(), base, crashNodes, cutLinks, loss, killJvm, onMemberLoss, hitEndpoints);
    }

    /**
     * {@code base} (a fault list, or none) with what the flags add: random node and link faults, a loss on every link, a JVM kill, the
     * member-loss policy, random faults that may hit the endpoints. A flag not given is null (false for {@code hitEndpoints}). A JVM
     * kill is refused on a standing cluster's workers ({@code standing}).
     */
    static FaultSpec combine(boolean standing, FaultSpec base, Integer crashNodes, Integer cutLinks, Double loss, String killJvm, String onMemberLoss,
            boolean hitEndpoints) {
        int nodes = base.randomNodes() + count(crashNodes, "--crash-nodes");
        int links = base.randomLinks() + count(cutLinks, "--cut-links");
        double[] lossByClass = base.loss();
        if (loss != null) {
            if (!(loss >= 0 && loss <= 1)) {
                throw new InvalidInputException("--loss " + loss + " is outside [0, 1]");
            }
            lossByClass = FaultSpec.uniformLoss(loss);
        }
        List<FaultSpec.Event> events = new ArrayList<>(base.events());
        if (killJvm != null) {
            events.add(FaultSpec.KillJvm.parse(killJvm, "--kill-jvm"));
        }
        if (standing && events.stream().anyMatch(FaultSpec.KillJvm.class::isInstance)) {
            throw new InvalidInputException("a JVM kill (--kill-jvm, kill-jvm in a fault list) would kill a worker of the standing cluster:"
                    + " run it on this machine (without --cluster, with --jvms K)");
        }
        boolean continueOnLoss = base.continueOnMemberLoss();
        if (onMemberLoss != null) {
            if (!onMemberLoss.equals("continue") && !onMemberLoss.equals("abort")) {
                throw new InvalidInputException("--on-member-loss must be continue or abort, not '" + onMemberLoss + "'");
            }
            continueOnLoss = onMemberLoss.equals("continue");
        }
        boolean spare = base.spareEndpoints() && !hitEndpoints;
        return new FaultSpec(base.seed(), nodes, links, spare, lossByClass, base.extraDelay(), events, continueOnLoss);
    }

    private static int count(Integer f, String flag) {
        if (f == null) {
            return 0;
        }
        if (f < 0) {
            throw new InvalidInputException(flag + " must not be negative, got " + f);
        }
        return f;
    }
}
