package icn.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Every command line the web view's page shows (in its code elements) is one the tool accepts. */
class WebViewCommandLinesTest {

    @Test
    void everyCommandLineThePageShowsParses() throws Exception {
        String html;
        try (InputStream in = WebViewCommandLinesTest.class.getResourceAsStream("/icn/web/index.html")) {
            html = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        List<String> lines = PrintedCommandLines.inHtml(html);
        assertFalse(lines.isEmpty(), "the page shows how to submit a job");
        assertEquals(List.of(), PrintedCommandLines.refused(lines));
    }
}
