package icn.scenarios.reproduce;

import java.util.ArrayList;
import java.util.List;

/** 004 (k-ary n-cubes and incomplete n:k cubes): Figures 1–4 and its worked examples and theorems. */
final class Paper004 {

    private Paper004() {
    }

    static List<ArtifactSpec> specs() {
        List<ArtifactSpec> specs = new ArrayList<>();
        specs.add(Diagrams.graph("004-fig-1", "Example k-ary n-cube networks: (a) folded 8-ary 1-cube; (b) 2-ary 4-cube",
                "(a) an 8-ary 1-cube and (b) a 2-ary 4-cube (§2). In the n:k cube of 004 (labels adjacent when they differ in exactly "
                        + "one position) the 8-ary 1-cube is the complete graph K_8, which is what the emulator's kcube:1,8 is; a folded "
                        + "ring is the torus (torus:8,1).", List.of("kcube:1,8", "kcube:4,2")));
        specs.add(Diagrams.graph("004-fig-2", "Graph of Q_{n,3}(22)", "the incomplete 3-ary cube Q_{n,3}(22) (Definition 4.3).",
                List.of("icube:3,3,2")));
        specs.add(Diagrams.drawing("004-fig-3", "Decomposition of Q_{n,3}(A)", "the recursive decomposition of an incomplete cube into "
                + "smaller ones (§4); the node counts X(m) it implies (Theorem 5.3) are measured in 004-claims."));
        specs.add(Lemma004.fig4());
        specs.add(Lemma004.lemma63());
        specs.add(Claims.spec("004-claims", "004's worked examples and theorems (ONE-TO-ONE ROUTING, Hamming distance, shortest-path "
                + "counts, Lemma 5.3, Theorems 5.1–5.3)", List.of("icube:3,3,2", "kcube:3,3"), List.of("icube:3,3,2", "icube:5,4,3",
                "kcube:3,4"), List.of("icube:3,3,2", "icube:5,4,3", "kcube:3,4", "icube:6,4,4")));
        return specs;
    }
}
