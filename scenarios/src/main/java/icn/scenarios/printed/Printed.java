package icn.scenarios.printed;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import com.typesafe.config.ConfigValue;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The papers' printed values (the one loader of them: {@code icn reproduce} and {@code icn run routing}'s tables read them here),
 * one resource file per paper ({@code papers/000.conf} … {@code papers/004.conf}), used for display and
 * comparison only: no measured cell is ever taken from here. A table is a list of columns and rows; the first entry of a row is its
 * label. Values are kept as the paper prints them ("5.306", "47.4%", "-").
 */
public final class Printed {

    /** One paper: its number, title, authors and printed tables. */
    public record Paper(String id, String title, String authors, String venue, Map<String, Table> tables,
            Map<String, Map<String, List<String>>> formulas) {

        /** A printed formula: [as printed, as an expression in n] (the expression empty where the paper prints none). */
        public List<String> formula(String graph, String property) {
            Map<String, List<String>> g = formulas.get(graph);
            return g == null ? null : g.get(property);
        }
    }

    /** A printed table: its columns (the first is the row label's) and rows. */
    public record Table(List<String> columns, List<List<String>> rows) {

        /** The printed value at (row, column), or null if the paper prints none there. */
        public String value(String row, String column) {
            int c = columns.indexOf(column);
            if (c < 0) {
                return null;
            }
            for (List<String> r : rows) {
                if (r.get(0).equals(row)) {
                    return c < r.size() && !r.get(c).isBlank() ? r.get(c) : null;
                }
            }
            return null;
        }

    }

    /** The printed values as the resource files have them: what every command reads. */
    public static final Printed RESOURCES = new Printed(Printed::resource);

    public static final List<String> PAPER_IDS = List.of("000", "001", "002", "003", "004");

    /** Where this reader's values come from: the resource files, or (for a test) values of the same shape that are not the papers'. */
    private final java.util.function.Function<String, Config> source;
    private final Map<String, Paper> papers = new LinkedHashMap<>(); // guarded by this

    /**
     * The printed values read from {@code source} (a paper's id to its values): {@link #RESOURCES} for every command; other values
     * for the test that replaces them with nonsense to show that no measurement reads them.
     */
    public Printed(java.util.function.Function<String, Config> source) {
        this.source = source;
    }

    public synchronized Paper paper(String id) {
        return papers.computeIfAbsent(id, this::load);
    }

    /** The printed table of an artifact, or null if the paper prints no values for it. */
    public Table table(String artifactId) {
        return paper(artifactId.substring(0, 3)).tables().get(artifactId);
    }

    /** The printed values of paper {@code id} as its resource file has them. */
    public static Config resource(String id) {
        return ConfigFactory.parseResources(Printed.class.getClassLoader(), "papers/" + id + ".conf");
    }

    private Paper load(String id) {
        Config c = source.apply(id);
        if (c.isEmpty()) {
            throw new IllegalStateException("no printed values for paper " + id + " (papers/" + id + ".conf)");
        }
        Map<String, Table> tables = new LinkedHashMap<>();
        if (c.hasPath("tables")) {
            Config t = c.getConfig("tables");
            for (String key : t.root().keySet()) {
                Config table = t.getConfig("\"" + key + "\"");
                List<String> columns = table.getStringList("columns");
                List<List<String>> rows = new ArrayList<>();
                for (ConfigValue row : table.getList("rows")) {
                    List<String> cells = new ArrayList<>();
                    for (Object v : (List<?>) row.unwrapped()) {
                        cells.add(String.valueOf(v));
                    }
                    rows.add(List.copyOf(cells));
                }
                tables.put(key, new Table(List.copyOf(columns), List.copyOf(rows)));
            }
        }
        Map<String, Map<String, List<String>>> formulas = new LinkedHashMap<>();
        if (c.hasPath("formulas")) {
            Config f = c.getConfig("formulas");
            for (String graph : f.root().keySet()) {
                Config g = f.getConfig("\"" + graph + "\"");
                Map<String, List<String>> props = new LinkedHashMap<>();
                for (String prop : g.root().keySet()) {
                    props.put(prop, g.getStringList("\"" + prop + "\""));
                }
                formulas.put(graph, Map.copyOf(props));
            }
        }
        return new Paper(id, c.getString("title"), c.getString("authors"), c.getString("venue"), Map.copyOf(tables), Map.copyOf(formulas));
    }
}
