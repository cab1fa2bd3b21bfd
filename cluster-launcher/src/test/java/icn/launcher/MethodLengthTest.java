package icn.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.github.javaparser.ParserConfiguration;
import com.github.javaparser.StaticJavaParser;
import com.github.javaparser.ast.body.CallableDeclaration;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * No method or constructor of the main sources of any module is longer than {@value #MAX_LINES} lines, from its first line (modifiers
 * and annotations) to its closing brace: a longer one does several things, and each deserves a name.
 */
class MethodLengthTest {

    static final int MAX_LINES = 80;
    static final List<String> MODULES = List.of("protocols", "node-actor", "scenarios", "cluster-launcher");

    /** The main sources of every module, from this module's directory (where Maven runs its tests). */
    static List<Path> sources() throws IOException {
        List<Path> files = new ArrayList<>();
        for (String module : MODULES) {
            Path root = Path.of("..", module, "src", "main", "java");
            assertTrue(Files.isDirectory(root), "the sources of " + module + " at " + root.toAbsolutePath());
            try (Stream<Path> s = Files.walk(root)) {
                s.filter(p -> p.toString().endsWith(".java")).forEach(files::add);
            }
        }
        return files;
    }

    /** Every method and constructor over the limit, as "lines file#name". */
    static List<String> longMethods(List<Path> files, int maxLines) throws IOException {
        StaticJavaParser.getParserConfiguration().setLanguageLevel(ParserConfiguration.LanguageLevel.JAVA_17);
        List<String> found = new ArrayList<>();
        for (Path file : files) {
            for (CallableDeclaration<?> m : StaticJavaParser.parse(file).findAll(CallableDeclaration.class)) {
                int lines = m.getEnd().orElseThrow().line - m.getBegin().orElseThrow().line + 1;
                if (lines > maxLines) {
                    found.add(lines + " lines: " + file.normalize() + "#" + m.getNameAsString());
                }
            }
        }
        return found;
    }

    @Test
    void noMethodIsLongerThanEightyLines() throws IOException {
        List<Path> files = sources();
        assertTrue(files.size() > 200, "the sources were found: " + files.size() + " files");
        assertEquals(List.of(), longMethods(files, MAX_LINES), "methods over " + MAX_LINES + " lines");
    }

    @Test
    void theCountSeesALongMethod() throws IOException {
        // the test can fail: with a limit of 40 lines, methods of this project are over it
        assertTrue(!longMethods(sources(), 40).isEmpty(), "some method is over 40 lines");
    }
}
