package icn.scenarios.reproduce;

import java.util.ArrayList;
import java.util.List;

/** Every artifact of the five papers, in the papers' order, and those beyond the papers after them. */
public final class Artifacts {

    private Artifacts() {
    }

    public static List<ArtifactSpec> all() {
        List<ArtifactSpec> all = new ArrayList<>();
        all.addAll(Paper000.specs());
        all.addAll(Paper001.specs());
        all.addAll(Paper002.specs());
        all.addAll(Paper003.specs());
        all.addAll(Paper004.specs());
        all.addAll(BeyondThePapers.specs());
        return List.copyOf(all);
    }
}
