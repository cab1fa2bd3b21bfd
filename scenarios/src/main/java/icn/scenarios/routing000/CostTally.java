package icn.scenarios.routing000;

import java.util.Arrays;

/**
 * Sums of the cost split of 000 §3 (lateral, MI local, MB local) over routes, and the histogram of route costs: what a sweep keeps
 * instead of its routes. Tallies of disjoint node ranges merge, and long sums make the result independent of the merge order.
 */
final class CostTally {

    private long routes;
    private long lateral;
    private long miLocal;
    private long mbLocal;
    private long[] histogram = new long[32];

    void add(int lat, int mi, int mb) {
        routes++;
        lateral += lat;
        miLocal += mi;
        mbLocal += mb;
        int cost = lat + mi + mb;
        if (cost >= histogram.length) {
            histogram = Arrays.copyOf(histogram, Math.max(cost + 1, 2 * histogram.length));
        }
        histogram[cost]++;
    }

    CostTally merge(CostTally other) {
        routes += other.routes;
        lateral += other.lateral;
        miLocal += other.miLocal;
        mbLocal += other.mbLocal;
        if (other.histogram.length > histogram.length) {
            histogram = Arrays.copyOf(histogram, other.histogram.length);
        }
        for (int c = 0; c < other.histogram.length; c++) {
            histogram[c] += other.histogram[c];
        }
        return this;
    }

    long routes() {
        return routes;
    }

    double meanLateral() {
        return lateral / (double) routes;
    }

    double meanMiLocal() {
        return miLocal / (double) routes;
    }

    double meanMbLocal() {
        return mbLocal / (double) routes;
    }

    double meanCost() {
        return (lateral + miLocal + mbLocal) / (double) routes;
    }

    /** Routes of cost 0, 1, …, up to the longest. */
    long[] histogram() {
        int last = histogram.length - 1;
        while (last > 0 && histogram[last] == 0) {
            last--;
        }
        return Arrays.copyOf(histogram, last + 1);
    }
}
