package icn.launcher;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.TakesScreenshot;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * The standing cluster's web view in a real browser (issue 38): Selenium drives Debian's headless Chromium, through its
 * chromedriver, against a real standing cluster of two workers. Without the token the page is refused; with the link {@code
 * cluster start} printed it lists the members; a submitted broadcast's progress moves while it runs and its wave view reaches
 * every node; a traffic job's chart gains points as they are measured; a job's report opens. Each step's screenshot is written to
 * {@code target/webview-it/}.
 */
class WebViewIT {

    /** Where the screenshots go: the test's output, kept after it. */
    static final Path SHOTS = Paths.get("target", "webview-it");

    @TempDir
    Path tmp;

    @Test
    @Timeout(value = 420, unit = TimeUnit.SECONDS)
    void thePageShowsTheClusterItsJobsAWaveAndTrafficAsTheyRun() throws Exception {
        Files.createDirectories(SHOTS);
        try (StandingCluster cluster = StandingCluster.start(tmp, "--workers", "2")) {
            String link = cluster.started().path("webView").asText();
            String api = cluster.record().path("api").asText();
            assertEquals(api + "/ui/?token=" + cluster.record().path("token").asText(), link, "cluster start --json gives the link");
            WebDriver browser = browser();
            try {
                // without the token, the page is refused
                browser.get(api + "/ui/");
                String refused = browser.findElement(By.tagName("body")).getText();
                shot(browser, "01-without-the-token");
                assertTrue(refused.contains("this API needs the cluster's token"), refused);
                browser.get(api + "/ui/?token=" + "x".repeat(32));
                assertTrue(browser.findElement(By.tagName("body")).getText().contains("needs the cluster's token"), "a wrong token");

                // with it: the members, the head and both workers, healthy
                browser.get(link);
                waitUntil(browser, 30, b -> b.findElements(By.cssSelector("#members tr.member")).size() == 3);
                List<WebElement> members = browser.findElements(By.cssSelector("#members tr.member"));
                assertTrue(members.get(0).getText().startsWith("head"), members.get(0).getText());
                assertTrue(members.stream().skip(1).allMatch(m -> m.getText().startsWith("worker akka://icn@127.0.0.1:")
                        && m.getText().endsWith("ok")), () -> members.stream().map(WebElement::getText).toList().toString());
                shot(browser, "02-members");

                broadcast(cluster, browser, link);
                traffic(cluster, browser, link);
            } finally {
                browser.quit();
            }
        }
    }

    /** A broadcast of six runs on SCC_7: its progress seen moving, then its wave over the supernodes, then its report. */
    private void broadcast(StandingCluster cluster, WebDriver browser, String link) throws Exception {
        String id = cluster.post("broadcast", "--topology", "scc:7", "--algorithm", "one-port,multi-port", "--source", "random:3").json()
                .path("id").asText();
        browser.get(link + "#job=" + id);
        Set<String> seen = new LinkedHashSet<>();
        Pattern counted = Pattern.compile("^(\\d+) of 6");
        boolean shotMidway = false;
        long deadline = System.nanoTime() + Duration.ofSeconds(180).toNanos();
        while (System.nanoTime() < deadline) {
            String state = text(browser, "job-state");
            Matcher m = counted.matcher(text(browser, "job-progress-text"));
            if (m.find()) {
                seen.add(m.group(1));
                if (!shotMidway && !m.group(1).equals("6")) {
                    shot(browser, "03-broadcast-progress");
                    shotMidway = true;
                }
            }
            if (state.equals("done")) {
                break;
            }
            Thread.sleep(40);
        }
        assertEquals("done", text(browser, "job-state"), "the broadcast ended");
        // what the page showed as it ran, in order (it records each run it showed): the test's own polling can miss a step
        // on a busy machine, the page's record cannot
        String shown = browser.findElement(By.id("job-progress")).getAttribute("data-seen");
        List<Integer> runs = shown == null || shown.isEmpty() ? List.of() : java.util.Arrays.stream(shown.split(",")).map(Integer::valueOf)
                .toList();
        System.out.printf("WebViewIT: broadcast progress shown at runs %s of 6 (the test's polling saw %s)%n", runs, seen);
        assertTrue(runs.size() >= 2, "the progress moved while the job ran (runs shown: " + runs + ")");
        assertEquals(runs.stream().sorted().toList(), runs, "it only moved forward: " + runs);

        // the wave: the slider starts at the last step, where every node is informed; at step 0 only the source
        waitUntil(browser, 60, b -> !text(b, "wave-status").isEmpty());
        WebElement status = browser.findElement(By.id("wave-status"));
        assertEquals(status.getAttribute("data-nodes"), status.getAttribute("data-informed"), status.getText());
        assertEquals("30240", status.getAttribute("data-nodes"));
        shot(browser, "04-wave-reaches-every-node");
        String steps = browser.findElement(By.id("wave-slider")).getAttribute("max");
        slide(browser, 0);
        assertEquals("1", browser.findElement(By.id("wave-status")).getAttribute("data-informed"), "at step 0 the source alone");
        slide(browser, Integer.parseInt(steps) / 2);
        long half = Long.parseLong(browser.findElement(By.id("wave-status")).getAttribute("data-informed"));
        assertTrue(half > 1 && half < 30240, "half way: " + half);
        shot(browser, "05-wave-half-way");
        JsonNode job = cluster.api("GET", "/v1/runs/" + id, null).json();
        JsonNode wave = Cli.JSON.readTree(Files.readString(tmp.resolve("home").resolve("jobs").resolve(id).resolve("o")
                .resolve(job.path("results").asText()).resolve("wave-1.json")));
        JsonNode result = job.path("results");
        assertTrue(result.isTextual(), job::toString);
        assertEquals(steps, wave.path("steps").asText(), "the slider spans the run's steps");

        // the report opens in the page
        browser.switchTo().frame("report-frame");
        waitUntil(browser, 30, b -> b.findElement(By.tagName("body")).getText().contains("001 Theorem 9"));
        browser.switchTo().defaultContent();
        ((JavascriptExecutor) browser).executeScript("document.getElementById('report').scrollIntoView()");
        shot(browser, "06-report");
    }

    /**
     * A traffic curve of five rates: its charts gain points as the rates are measured. The rates double, and a cycle costs what its
     * traffic does, so each takes about twice the one before and the first points arrive well before the last (with rates of
     * about one cost, run side by side on the cluster's workers, all five arrived in one burst once).
     */
    private void traffic(StandingCluster cluster, WebDriver browser, String link) throws Exception {
        String id = cluster.post("traffic", "--topology", "torus:4,2", "--rates", "0.001,0.002,0.004,0.008,0.016", "--cycles", "60000")
                .json().path("id").asText();
        // followed as a user does: a click on its row in the list of jobs
        waitUntil(browser, 30, b -> !b.findElements(By.cssSelector("#jobs tr.job[data-id='" + id + "']")).isEmpty());
        browser.findElement(By.cssSelector("#jobs tr.job[data-id='" + id + "']")).click();
        waitUntil(browser, 10, b -> text(b, "job-title").equals("Job " + id));
        List<Integer> counts = new ArrayList<>();
        boolean shotMidway = false;
        long deadline = System.nanoTime() + Duration.ofSeconds(240).toNanos();
        while (System.nanoTime() < deadline) {
            int n = browser.findElements(By.cssSelector("#traffic-accepted circle.point")).size();
            if (counts.isEmpty() || counts.get(counts.size() - 1) != n) {
                counts.add(n);
                if (!shotMidway && n > 0 && n < 5) {
                    shot(browser, "07-traffic-points-arriving");
                    shotMidway = true;
                }
            }
            if (text(browser, "job-state").equals("done") && n == 5) {
                break;
            }
            Thread.sleep(100);
        }
        String drawn = browser.findElement(By.id("traffic-points")).getAttribute("data-seen");
        List<Integer> record = drawn == null || drawn.isEmpty() ? List.of() : java.util.Arrays.stream(drawn.split(",")).map(Integer::valueOf)
                .toList();
        System.out.printf("WebViewIT: traffic chart points drawn %s (the test's polling saw %s)%n", record, counts);
        assertAll(() -> assertEquals(5, counts.get(counts.size() - 1), "every rate drawn: " + counts),
                () -> assertTrue(record.stream().anyMatch(c -> c > 0 && c < 5), "points arrived while it ran: " + record),
                () -> assertEquals(record.stream().sorted().toList(), record, "the chart only gained points: " + record));
        ((JavascriptExecutor) browser).executeScript("document.getElementById('traffic').scrollIntoView()");
        shot(browser, "08-traffic-ended");
        assertFalse(browser.findElements(By.cssSelector("#traffic-latency polyline")).isEmpty(), "the curve is joined");
    }

    private static void slide(WebDriver browser, int step) {
        ((JavascriptExecutor) browser).executeScript("const s = document.getElementById('wave-slider'); s.value = arguments[0];"
                + " s.dispatchEvent(new Event('input'));", step);
        waitUntil(browser, 10, b -> text(b, "wave-status").startsWith("step " + step + " "));
    }

    private static String text(WebDriver browser, String id) {
        return browser.findElement(By.id(id)).getText();
    }

    private static void waitUntil(WebDriver browser, int seconds, java.util.function.Function<WebDriver, Boolean> condition) {
        new WebDriverWait(browser, Duration.ofSeconds(seconds)).pollingEvery(Duration.ofMillis(50)).until(condition::apply);
    }

    private static void shot(WebDriver browser, String name) throws Exception {
        Files.write(SHOTS.resolve(name + ".png"), ((TakesScreenshot) browser).getScreenshotAs(OutputType.BYTES));
    }

    /**
     * Debian's Chromium, headless, through Debian's chromedriver ({@code ICN_CHROMIUM} and {@code ICN_CHROMEDRIVER} name others):
     * no download, nothing from the internet. Missing, the test fails and says how to install them; it is never skipped.
     */
    private WebDriver browser() throws Exception {
        String chromium = firstExisting(System.getenv("ICN_CHROMIUM"), "/usr/bin/chromium", "/usr/bin/chromium-browser");
        String driver = firstExisting(System.getenv("ICN_CHROMEDRIVER"), "/usr/bin/chromedriver", "/usr/lib/chromium/chromedriver");
        if (chromium == null || driver == null) {
            fail("no headless Chromium and chromedriver: install them (.ci/run does: apt-get install chromium chromium-driver), or set"
                    + " ICN_CHROMIUM and ICN_CHROMEDRIVER");
        }
        ChromeOptions options = new ChromeOptions();
        options.setBinary(chromium);
        options.addArguments("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-quic",
                "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--window-size=1280,1600", "--user-data-dir=" + Files.createDirectories(tmp.resolve("chromium")));
        ChromeDriverService service = new ChromeDriverService.Builder().usingDriverExecutable(new java.io.File(driver)).usingAnyFreePort()
                .build();
        return new ChromeDriver(service, options);
    }

    private static String firstExisting(String... paths) {
        for (String p : paths) {
            if (p != null && !p.isBlank() && Files.isExecutable(Paths.get(p))) {
                return p;
            }
        }
        return null;
    }
}
