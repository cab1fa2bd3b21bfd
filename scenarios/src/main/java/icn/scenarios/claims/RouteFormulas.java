package icn.scenarios.claims;

/**
 * 000's averages over the routes to the identity of SCC_n, which a routing sweep sets beside what it measured: lateral links
 * (Eq. 6), move-in local links (Eq. 9), random routing's move-between local links (Eq. 12) and the bound on the average distance
 * (Eq. 14).
 */
public record RouteFormulas(double lateral, double miLocal, double mbLocalRandom, double distanceBound, String source) {

    /** 000's expressions for SCC_n. */
    public static RouteFormulas scc(int n) {
        return new RouteFormulas(PaperFormulas.averageLateral(n), PaperFormulas.averageMiLocal(n), PaperFormulas.averageMbLocalRandom(n),
                PaperFormulas.averageDistanceBound(n), "000 Eqs. 6, 9, 12, 14 (averages over routes to the identity)");
    }
}
