package icn.scenarios.reproduce;

import java.util.ArrayList;
import java.util.List;

/** 003 (the complete-rotation graph): Figures 2.1–3.2, Tables 4.1 and 4.2, and its lemmas and theorems. */
final class Paper003 {

    private Paper003() {
    }

    static List<ArtifactSpec> specs() {
        List<ArtifactSpec> specs = new ArrayList<>();
        specs.add(Diagrams.graph("003-fig-2.1", "Three dimensional complete-rotation graph", "CR_3, its f-cycles and g-cycles (§2).",
                List.of("cr:3")));
        specs.add(Diagrams.drawing("003-fig-2.2", "Lemma 2.6 verified on CR_3", "the drawing with which 003 verifies Lemma 2.6 on CR_3; "
                + "003-claims measures CR_n's lemmas and theorems on every route."));
        specs.add(Diagrams.drawing("003-fig-2.3", "The reduce graph of CR_3", "the quotient of CR_3 by its f-cycles (§2)."));
        specs.add(Diagrams.drawing("003-fig-2.4", "Combining two f-cycles to produce a large cycle", "the construction of §2's "
                + "Hamiltonian-cycle argument."));
        specs.add(Diagrams.drawing("003-fig-3.1", "The routing tree of CR_n by Simple_Route", "levels 0 … n+1 of the Simple_Route tree "
                + "to the identity (§3); that no route is longer than n+1 (Theorem 3.1) is measured on every source in 003-claims."));
        specs.add(Diagrams.drawing("003-fig-3.2", "Links marked by the function applied", "an example of §3's link marking (the link from "
                + "abc to cab is f_2); the routes of 003-claims are walked over these links."));
        specs.add(Tables003.table41());
        specs.add(Tables003.table42());
        specs.add(Claims.spec("003-claims", "003's lemmas and theorems on CR_n (Lemmas 3.1–3.3, Theorems 2.1, 3.1–3.3)",
                List.of("cr:4", "cr:5"), List.of("cr:4", "cr:5", "cr:6"), List.of("cr:4", "cr:5", "cr:6", "cr:7")));
        return specs;
    }
}
