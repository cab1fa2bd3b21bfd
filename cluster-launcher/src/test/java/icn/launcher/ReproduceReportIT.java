package icn.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code icn reproduce --profile quick}, the whole of it, and its {@code report.html} opened in a real headless browser (Chromium,
 * which {@code .ci/run} installs where it is missing): every table and every figure of the report must render. A missing browser
 * fails the test; it is not skipped.
 */
class ReproduceReportIT {

    @TempDir
    Path tmp;

    private static final String CHECK = """
            <script>
            window.addEventListener('load', function () {
              var imgs = Array.prototype.slice.call(document.querySelectorAll('img.figure'));
              var tables = Array.prototype.slice.call(document.querySelectorAll('table.cells'));
              var bad = [];
              imgs.forEach(function (i) { if (!(i.complete && i.naturalWidth > 0 && i.getBoundingClientRect().height > 0)) bad.push(i.alt); });
              tables.forEach(function (t) { if (!(t.rows.length > 1 && t.getBoundingClientRect().height > 0)) bad.push(t.dataset.artifact); });
              document.body.setAttribute('data-check', [imgs.length, tables.length, bad.length].join(',') + ';' + bad.join('|'));
              // nothing scrolls sideways at 1280 px: the page is no wider than the window
              document.body.setAttribute('data-width', document.documentElement.scrollWidth + ',' + window.innerWidth);
              // the first screen: the headline, then the disagreements by cause, before the index
              var order = ['headline', 'why', 'index'].map(function (id) { var e = document.getElementById(id); return e ? e.getBoundingClientRect().top : -1; });
              document.body.setAttribute('data-first', order.join(','));
            });
            </script>
            """;

    @Test
    void theQuickReportRendersInABrowser() throws Exception {
        Path parent = tmp.resolve("report");
        Cli.Result r = Cli.run("reproduce", "--profile", "quick", "--out", parent.toString(), "--json");
        assertEquals(0, r.exit(), r.toString());
        Path out = Cli.resultsDir(parent);
        JsonNode json = r.json();
        long images = 0;
        long tables = 0;
        List<String> ids = new ArrayList<>();
        for (JsonNode a : json.get("artifacts")) {
            ids.add(a.get("id").asText());
            for (JsonNode f : a.get("files")) {
                assertTrue(Files.isRegularFile(out.resolve(f.asText())), f.asText());
                images += f.asText().endsWith(".png") ? 1 : 0;
            }
            tables += a.get("cells").isEmpty() ? 0 : 1;
            for (JsonNode note : a.get("notes")) {
                assertTrue(!note.asText().startsWith("FAILED"), a.get("id").asText() + ": " + note.asText());
            }
        }
        assertTrue(ids.containsAll(List.of("000-fig-6", "000-table-2", "001-table-1", "001-table-7", "002-fig-3c", "003-table-4.2",
                "004-fig-4")), ids.toString());
        assertTrue(images >= 9, "figures: " + images);
        JsonNode summary = json.get("summary");
        assertTrue(summary.get("agreeing").asLong() > 100, summary.toString());
        assertEquals(ids.size(), summary.get("artifacts").asInt());

        everyPrintedCommandLineRuns(out, json, tmp);
        everyCellSaysWhatItIs(json);

        Path page = out.resolve("check.html");
        Files.writeString(page, Files.readString(out.resolve("report.html")) + CHECK);
        String dom = browse(page);
        Matcher m = Pattern.compile("data-check=\"(\\d+),(\\d+),(\\d+);([^\"]*)\"").matcher(dom);
        if (!m.find()) {
            fail("the browser ran no check: " + dom.substring(0, Math.min(500, dom.length())));
        }
        assertEquals(images, Long.parseLong(m.group(1)), "every PNG is in the page");
        assertEquals(tables, Long.parseLong(m.group(2)), "every table is in the page");
        assertEquals(0, Long.parseLong(m.group(3)), "did not render: " + m.group(4));
        Matcher width = Pattern.compile("data-width=\"(\\d+),(\\d+)\"").matcher(dom);
        assertTrue(width.find(), "the browser measured the page's width");
        assertEquals(1280, Integer.parseInt(width.group(2)), "the window is 1280 px wide");
        assertTrue(Integer.parseInt(width.group(1)) <= 1280, "the page scrolls sideways at 1280 px: " + width.group(1) + " px wide");
        Matcher first = Pattern.compile("data-first=\"([-0-9.]+),([-0-9.]+),([-0-9.]+)\"").matcher(dom);
        assertTrue(first.find(), "the browser measured the first screen");
        double headline = Double.parseDouble(first.group(1));
        double why = Double.parseDouble(first.group(2));
        double index = Double.parseDouble(first.group(3));
        assertTrue(headline >= 0 && headline < 300 && headline < why && why < index, "headline, then the causes, then the index: " + first.group());
        // every disagreement has a cause, and the causes count every one
        JsonNode by = summary.get("disagreeingBy");
        long explained = 0;
        for (JsonNode n : by) {
            explained += n.asLong();
        }
        assertEquals(summary.get("disagreeing").asLong(), explained, by.toString());
        assertEquals(0, by.get("unexplained").asLong(), "a disagreement no rule of Findings explains: " + by);
        System.out.printf("ReproduceReportIT: %s%n", summary);
    }

    /**
     * Every command line the reports print (report.md, report.html, result.json: commands and notes) parses with the CLI's own
     * parser; each artifact's own line reruns it at the same profile and seed; and a sample of them runs as printed.
     */
    static void everyPrintedCommandLineRuns(Path out, JsonNode json, Path tmp) throws Exception {
        List<String> lines = new ArrayList<>(PrintedCommandLines.inReport(Files.readString(out.resolve("report.md"))));
        lines.addAll(PrintedCommandLines.inHtml(Files.readString(out.resolve("report.html"))));
        for (JsonNode a : json.get("artifacts")) {
            lines.add(a.get("command").asText());
            a.get("commands").forEach(c -> lines.add(c.asText()));
            a.get("notes").forEach(n -> lines.addAll(PrintedCommandLines.inReport(n.asText())));
            assertTrue(a.get("command").asText().endsWith("--profile quick --seed 1"), a.get("command").asText());
        }
        assertTrue(lines.size() > 3 * json.get("artifacts").size(), "found " + lines.size() + " command lines");
        List<String> refused = PrintedCommandLines.refused(lines);
        assertTrue(refused.isEmpty(), () -> refused.size() + " printed command lines are refused: " + refused);
        List<String> sample = new ArrayList<>();
        for (String prefix : List.of("icn topology ", "icn claims ", "icn reproduce --only 002-fig-2 ", "icn faults cr-theorem ")) {
            lines.stream().filter(l -> l.startsWith(prefix)).findFirst().ifPresent(sample::add);
        }
        assertEquals(4, sample.size(), sample.toString());
        for (String line : sample) {
            List<String> args = new ArrayList<>(DocsCommandLinesTest.commandLine(line).orElseThrow());
            args.addAll(List.of("--out", tmp.resolve("sample").toString()));
            Cli.Result r = Cli.run(args.toArray(String[]::new));
            assertEquals(0, r.exit(), line + ": " + r);
        }
    }

    /** Every cell has a kind, only measured cells are counted, and the summary's counts add up. */
    static void everyCellSaysWhatItIs(JsonNode json) {
        long agreeing = 0;
        for (JsonNode a : json.get("artifacts")) {
            for (JsonNode c : a.get("cells")) {
                assertTrue(List.of("measured", "formula", "model", "given").contains(c.path("kind").asText()), a.get("id") + ": " + c);
                agreeing += c.get("kind").asText().equals("measured") && c.get("agrees").asBoolean(false) ? 1 : 0;
            }
        }
        JsonNode s = json.get("summary");
        assertEquals(agreeing, s.get("agreeing").asLong());
        assertEquals(s.get("cells").asLong(), s.get("measured").asLong() + s.get("formula").asLong() + s.get("model").asLong()
                + s.get("given").asLong() + s.get("notMeasured").asLong(), s.toString());
        assertEquals(s.get("measured").asLong(), s.get("agreeing").asLong() + s.get("disagreeing").asLong()
                + s.get("measuredNotCompared").asLong(), s.toString());
    }

    /** The page's DOM after load, from headless Chromium. */
    static String browse(Path page) throws IOException, InterruptedException {
        String browser = browser();
        List<String> cmd = new ArrayList<>(List.of(browser, "--headless", "--disable-gpu", "--no-sandbox", "--disable-dev-shm-usage",
                "--virtual-time-budget=10000", "--window-size=1280,900", "--dump-dom", page.toUri().toString()));
        Process p = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        byte[] dom = p.getInputStream().readAllBytes();
        if (!p.waitFor(120, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            fail("the browser did not finish within 120 s");
        }
        return new String(dom, StandardCharsets.UTF_8);
    }

    static String browser() {
        String env = System.getenv("ICN_CHROMIUM");
        List<String> candidates = new ArrayList<>();
        if (env != null && !env.isBlank()) {
            candidates.add(env);
        }
        candidates.addAll(List.of("/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome", "/usr/bin/google-chrome-stable"));
        for (String c : candidates) {
            if (Files.isExecutable(Path.of(c))) {
                return c;
            }
        }
        fail("no headless browser: install Chromium (.ci/run does: apt-get install chromium) or set ICN_CHROMIUM");
        return null;
    }
}
