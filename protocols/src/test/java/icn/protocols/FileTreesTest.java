package icn.protocols;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A directory tree removed whole, and nothing said of one that is not there. */
class FileTreesTest {

    @Test
    void aTreeGoesWholeAndAMissingOneIsNothing(@TempDir Path tmp) throws IOException {
        Path dir = tmp.resolve("a");
        Files.createDirectories(dir.resolve("b/c"));
        Files.writeString(dir.resolve("b/c/d.txt"), "x");
        Files.writeString(dir.resolve("e.txt"), "y");
        Path beside = Files.writeString(tmp.resolve("keep.txt"), "z");
        FileTrees.delete(dir);
        assertFalse(Files.exists(dir));
        assertTrue(Files.exists(beside), "only the tree named");
        FileTrees.delete(dir);
        FileTrees.deleteQuietly(tmp.resolve("never"));
        Files.createDirectories(dir.resolve("f"));
        FileTrees.deleteQuietly(dir);
        assertFalse(Files.exists(dir));
    }
}
