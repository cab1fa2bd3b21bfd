package icn.scenarios.reproduce;

import icn.scenarios.report.IcnLine;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import icn.protocols.topology.Topologies;
import icn.scenarios.network.ClaimsReport;
import java.util.List;

/**
 * The papers' lemmas, theorems and worked examples that {@code icn claims} measures (every route walked and set beside BFS), as
 * report artifacts: one row per claim, "holds" measured against the paper's statement that it holds.
 */
final class Claims {

    private Claims() {
    }

    static ArtifactSpec spec(String id, String title, List<String> quick, List<String> standard, List<String> full) {
        return ArtifactSpec.table(id, title, 3, 10, 30, (context, out) -> {
            for (String name : context.profile().pick(quick, standard, full)) {
                measure(out, name);
                out.command(IcnLine.of("claims").option(IcnLine.TOPOLOGY, name));
            }
            out.note("Each row is a claim of the paper measured on every route (or every ordered pair) of the network named first; "
                    + "'holds' is set beside the paper's statement that it does (yes). Counterexamples are listed where a claim fails.");
        });
    }

    static void measure(ArtifactBuilder out, String name) {
        ObjectNode report = ClaimsReport.measure(Topologies.parse(name));
        for (JsonNode claim : report.get("claims")) {
            String row = name + ": " + claim.get("paper").asText() + ": " + claim.get("statement").asText();
            out.cell(Cell.measuredOnly(row, "checked", claim.get("checked").asLong()));
            out.cell(Cell.measuredOnly(row, "failing", claim.get("failing").asLong()));
            Cell holds = Cell.text(row, "holds", claim.get("holds").asBoolean() ? "yes" : "no", "yes");
            if (!claim.get("holds").asBoolean()) {
                StringBuilder why = new StringBuilder(claim.path("detail").asText());
                JsonNode examples = claim.get("counterexamples");
                if (examples != null && examples.size() > 0) {
                    why.append("; counterexamples: ");
                    for (int i = 0; i < Math.min(3, examples.size()); i++) {
                        why.append(i > 0 ? "; " : "").append(examples.get(i).isTextual() ? examples.get(i).asText() : examples.get(i).toString());
                    }
                }
                holds = holds.withNote(why.toString());
            }
            out.cell(holds);
        }
    }
}
