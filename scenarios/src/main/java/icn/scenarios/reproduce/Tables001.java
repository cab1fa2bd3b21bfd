package icn.scenarios.reproduce;

import icn.scenarios.report.IcnLine;
import icn.protocols.BroadcastAlgorithm;
import icn.protocols.Partition;
import icn.protocols.topology.Topologies;
import icn.protocols.Topology;
import icn.protocols.TopologyCensus;
import icn.node.engine.RunSettings;
import icn.scenarios.claims.NetworkFormulas;
import icn.scenarios.claims.PaperFormulas;
import icn.scenarios.broadcast.PortBroadcastRun;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * 001 Tables 6 and 7: one-port and multiple-port broadcasting in the n-SCC, the n-star, the n-cube and the n-CCC, each run as node
 * programs, with Theorem 11's (and §12's) lateral link latency so that the running time in lateral link steps is measured.
 */
final class Tables001 {

    private Tables001() {
    }

    /** One broadcast from node 0 with lateral latency R (Theorem 11's for SCC and CCC, 1 elsewhere). */
    static PortBroadcastRun.Result run(Reproduction.Context context, String name, BroadcastAlgorithm algorithm) {
        Topology t = Topologies.parse(name);
        int r = PortBroadcastRun.theorem11Latency(t, algorithm);
        RunSettings settings = new RunSettings(context.engine().kind(), 2, Partition.Kind.SUPERNODE, context.seed());
        PortBroadcastRun.Result result = PortBroadcastRun.run(context.engine(), t, algorithm, r, 0, settings);
        if (!result.complete()) {
            throw new IllegalStateException(algorithm.key() + " on " + name + " informed " + result.informed() + " of " + result.nodes());
        }
        return result;
    }

    /**
     * The run's local link steps; on a network whose run used no local link at all (the star and the cube have none), "-" as 001
     * prints it: decided by the run, not by the network's name.
     */
    private static Cell local(ArtifactBuilder out, String row, PortBroadcastRun.Result r) {
        String printed = out.printed(row, "local");
        if (r.localSteps() == 0 && r.localMessages() == 0) {
            return Cell.text(row, "local", "-", printed).withNote("measured: the run used no local link (0 local link steps, 0 local "
                    + "link messages)");
        }
        return Cell.equal(row, "local", r.localSteps(), printed);
    }

    static ArtifactSpec table6() {
        return ArtifactSpec.table("001-table-6", "Comparison of broadcasting algorithms for the n-SCC and the n-star graphs", 5, 30, 30,
                (context, out) -> {
                    int maxScc = context.profile().pick(7, 8, 8);
                    List<String> claims = new ArrayList<>();
                    for (BroadcastAlgorithm a : List.of(BroadcastAlgorithm.ONE_PORT, BroadcastAlgorithm.MULTI_PORT)) {
                        String port = a == BroadcastAlgorithm.ONE_PORT ? "one-port" : "multi-port";
                        for (String graph : List.of("SCC", "star")) {
                            for (int n = 4; n <= (graph.equals("SCC") ? maxScc : 8); n++) {
                                String name = (graph.equals("SCC") ? "scc:" : "star:") + n;
                                PortBroadcastRun.Result r = run(context, name, a);
                                String row = port + " " + graph + ", " + n;
                                row(out, row, name, r, claims);
                                out.command(IcnLine.of("broadcast").option(IcnLine.TOPOLOGY, name).option(IcnLine.ALGORITHM, port).flag(IcnLine.THEOREM11));
                            }
                        }
                    }
                    out.note("Engine: " + context.engineName() + "; every broadcast from node 0 (" + Topologies.parse("scc:4").label(0) + " on "
                            + "SCC_4). SCC: Algorithms 4 and 5 with Theorem 11's TR(loc)/TR(lat), ⌊n/2⌋ one-port and ⌊(n−1)/2⌋ multi-port, as a "
                            + "lateral link latency of R steps (local 1); running time = steps until every node is informed / R. Star one-port: "
                            + "the one-port algorithm of 001's [15] (Mendia and Sarkar) could not be found; the emulator runs its own recursive "
                            + "one-port algorithm (sub-star doubling, at most one send per node per step), which is not [15]'s, so the star "
                            + "one-port cells compare a different algorithm with 001's. Star multi-port: Theorem 8's δ-port broadcast (every "
                            + "informed node sends on all its ports).");
                    claims.forEach(out::note);
                    if (maxScc < 8) {
                        out.note("The quick profile stops SCC at n = " + maxScc + "; --profile standard runs SCC_8.");
                    }
                });
    }

    private static void row(ArtifactBuilder out, String row, String name, PortBroadcastRun.Result r, List<String> claims) {
        out.applied(row, r.applied());
        Measures.Diameter d = Measures.diameter(name);
        out.equal(row, "size", d.nodes());
        Cell dc = out.diameter(row, "diameter", d);
        out.equal(row, "lateral", r.lateralSteps());
        out.cell(local(out, row, r));
        out.equal(row, "total", r.totalSteps());
        Cell rt = out.equal(row, "running time", r.runningTimeInLateralSteps());
        if (r.lateralLatency() > 1) {
            out.replaceLast(rt.withNote(String.format(Locale.ROOT, "R = TR(loc)/TR(lat) = %d: %d steps until all informed / %d",
                    r.lateralLatency(), r.ticks(), r.lateralLatency())));
        }
        if (out.printedTable().columns().contains("relative")) {
            double rel = Measures.relative(r.totalSteps(), d.diameter());
            Cell rc = out.equal(row, "relative", rel);
            if (Boolean.FALSE.equals(rc.agrees()) && Boolean.FALSE.equals(dc.agrees())) {
                double withPrinted = Measures.relative(r.totalSteps(), Integer.parseInt(String.valueOf(dc.printed())));
                out.replaceLast(rc.withNote(String.format(Locale.ROOT, "relative to the BFS diameter %d: %.1f%%; to the printed %s: %.1f%%",
                        d.diameter(), rel, dc.printed(), withPrinted)));
                claims.add(String.format(Locale.ROOT, "%s: with the BFS diameter %d (001 prints %s), the relative distance is %.1f%%, not %s%s.",
                        row, d.diameter(), dc.printed(), rel, rc.printed(), row.startsWith("multi-port SCC")
                                ? "; 001's statement that multiple-port broadcasting is 'at most 17.6% greater than the diameter' for "
                                + "4 ≤ n ≤ 8 does not hold with the measured diameter" : ""));
            }
        }
    }

    static ArtifactSpec table7() {
        return ArtifactSpec.table("001-table-7", "Comparison of interconnection network graphs", 3, 10, 10, (context, out) -> {
            List<String> inconsistent = new ArrayList<>();
            List<String> claims = new ArrayList<>();
            for (int n = 7; n <= 9; n++) {
                seven(context, out, "n-cube, " + n, "hypercube:" + n, n, n, n, claims, inconsistent);
            }
            for (int n = 5; n <= 7; n++) {
                seven(context, out, "n-star, " + n, "star:" + n, n, PaperFormulas.starDiameter(n), -1, claims, inconsistent);
            }
            for (int n = 4; n <= 8; n++) {
                seven(context, out, "n-CCC, " + n, "ccc:" + n, n, NetworkFormulas.cccDiameter(n), 2 * n, claims, inconsistent);
            }
            for (int n = 4; n <= 7; n++) {
                seven(context, out, "n-SCC, " + n, "scc:" + n, n, PaperFormulas.sccDiameter(n), 2 * PaperFormulas.starDiameter(n), claims,
                        inconsistent);
            }
            out.note("One-port broadcasting on every graph, from node 0, engine " + context.engineName() + ": n-cube the binomial tree (dimension i "
                    + "in step i, optimal), n-star the emulator's recursive one-port algorithm (001's [15] could not be found; see 001-table-6), "
                    + "n-CCC §12's technique (Algorithm 4's rings of n nodes, all lateral links in parallel) with TR(loc)/TR(lat) = ⌊(n+1)/2⌋, "
                    + "n-SCC Algorithm 4 with Theorem 11's ⌊n/2⌋; running time = steps until all informed / R.");
            claims.forEach(out::note);
            inconsistent.forEach(out::note);
        });
    }

    private static void seven(Reproduction.Context context, ArtifactBuilder out, String row, String name, int n, int formulaDiameter,
            int formulaRunning, List<String> claims, List<String> inconsistent) {
        PortBroadcastRun.Result r = run(context, name, BroadcastAlgorithm.ONE_PORT);
        row(out, row, name, r, claims);
        TopologyCensus.Census census = TopologyCensus.of(Topologies.parse(name));
        out.equal(row, "degree", census.maxDegree());
        String pd = out.printed(row, "diameter");
        if (pd != null && Integer.parseInt(pd) != formulaDiameter) {
            inconsistent.add(row + ": the printed diameter " + pd + " is not the paper's own formula's " + formulaDiameter + ".");
        }
        String pr = out.printed(row, "running time");
        String pl = out.printed(row, "lateral");
        String pc = out.printed(row, "local");
        if (pr != null && formulaRunning > 0 && Integer.parseInt(pr) != formulaRunning) {
            inconsistent.add(String.format(Locale.ROOT, "%s: the printed running time %s contradicts the table's own row (%s lateral + %s local "
                    + "steps at TR(loc)/TR(lat) = %d give %s) and §12's 2n = %d; measured %s.", row, pr, pl, pc,
                    PortBroadcastRun.theorem11Latency(Topologies.parse(name), BroadcastAlgorithm.ONE_PORT),
                    pl == null || pc == null || pc.equals("-") ? "?" : Tables003.number(Integer.parseInt(pl) + Double.parseDouble(pc)
                            / PortBroadcastRun.theorem11Latency(Topologies.parse(name), BroadcastAlgorithm.ONE_PORT)),
                    formulaRunning, Tables003.number(r.runningTimeInLateralSteps())));
        }
        out.command(IcnLine.of("broadcast").option(IcnLine.TOPOLOGY, name).option(IcnLine.ALGORITHM, "one-port")
                .flag(IcnLine.THEOREM11));
    }
}
