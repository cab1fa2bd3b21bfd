package icn.scenarios.reproduce;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code result.json} and {@code icn reproduce --json}: {@code profile}, {@code seed}, {@code artifacts} (one object per table or
 * figure with {@code id}, {@code paper}, {@code title}, {@code kind}, {@code command}, {@code cells} [{@code row}, {@code column},
 * {@code measured}, {@code printed}, {@code agrees}, {@code kind}: measured, formula, model or given], {@code files},
 * {@code disagreements}, {@code notes}), {@code summary} {{@code artifacts}, {@code cells}, {@code measured}, {@code agreeing},
 * {@code disagreeing}, {@code measuredNotCompared}, {@code formula}, {@code model}, {@code given}, {@code notMeasured}} and
 * {@code wallSeconds}. The value of a cell is under {@code measured} whatever its kind; {@code kind} says what it is, and only
 * measured cells are counted in {@code agreeing} and {@code disagreeing}.
 */
public final class ReportJson {

    private static final ObjectMapper JSON = new ObjectMapper();

    private ReportJson() {
    }

    public static String render(Reproduction.Result result) {
        Map<String, Object> root = new LinkedHashMap<>();
        root.put("profile", result.profile().key());
        root.put("seed", result.seed());
        root.put("version", result.version());
        List<Object> artifacts = new ArrayList<>();
        for (Artifact a : result.artifacts()) {
            Map<String, Object> o = new LinkedHashMap<>();
            o.put("id", a.id());
            o.put("paper", a.paper());
            o.put("title", a.title());
            o.put("kind", a.kind());
            o.put("command", a.command());
            o.put("commands", a.commands());
            List<Object> cells = new ArrayList<>();
            for (Cell c : a.cells()) {
                Map<String, Object> cell = new LinkedHashMap<>();
                cell.put("row", c.row());
                cell.put("column", c.column());
                cell.put("measured", jsonValue(c.measured()));
                cell.put("printed", c.printed());
                cell.put("agrees", c.agrees());
                cell.put("kind", c.kind().key());
                if (c.relation() != Cell.Relation.NONE) {
                    cell.put("relation", c.relation().symbol());
                }
                if (c.note() != null) {
                    cell.put("note", c.note());
                }
                cells.add(cell);
            }
            o.put("cells", cells);
            o.put("files", a.files());
            o.put("disagreements", a.disagreements());
            o.put("notes", a.notes());
            o.put("applied", a.applied().json());
            o.put("seconds", round(a.seconds()));
            artifacts.add(o);
        }
        root.put("artifacts", artifacts);
        Map<String, Object> summary = new LinkedHashMap<>();
        summary.put("artifacts", result.artifacts().size());
        summary.put("cells", result.cells());
        summary.put("measured", result.ofKind(Cell.Kind.MEASURED));
        summary.put("agreeing", result.agreeing());
        summary.put("agreeingTrivially", result.trivialAgreements());
        summary.put("agreeingByChosenRule", result.chosenAgreements());
        summary.put("disagreeing", result.disagreeing());
        Map<String, Object> why = new LinkedHashMap<>();
        var findings = result.findings();
        for (Findings.Cause c : Findings.Cause.values()) {
            why.put(c.name().toLowerCase(java.util.Locale.ROOT).replace('_', '-'), Findings.count(findings, c));
        }
        summary.put("disagreeingBy", why);
        summary.put("measuredNotCompared", result.measuredNotCompared());
        summary.put("formula", result.ofKind(Cell.Kind.FORMULA));
        summary.put("model", result.ofKind(Cell.Kind.MODEL));
        summary.put("given", result.ofKind(Cell.Kind.GIVEN));
        summary.put("notMeasured", result.notMeasured());
        root.put("summary", summary);
        root.put("wallSeconds", round(result.wallSeconds()));
        try {
            return JSON.writerWithDefaultPrettyPrinter().writeValueAsString(root) + "\n";
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Object jsonValue(Object measured) {
        if (measured instanceof Double d && (d.isNaN() || d.isInfinite())) {
            return null;
        }
        return measured;
    }

    private static double round(double seconds) {
        return Math.round(seconds * 100) / 100.0;
    }
}
