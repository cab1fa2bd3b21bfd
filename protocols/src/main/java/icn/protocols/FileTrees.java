package icn.protocols;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/** A directory and everything under it removed, deepest first: the one way every module does it. */
public final class FileTrees {

    private FileTrees() {
    }

    /** Removes {@code dir} and everything under it; nothing if it is not there. The first failure is thrown. */
    public static void delete(Path dir) throws IOException {
        if (!Files.exists(dir, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        try (Stream<Path> walk = Files.walk(dir)) {
            for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        } catch (UncheckedIOException e) {
            throw e.getCause(); // a directory that changed while it was walked
        }
    }

    /** As {@link #delete}, as far as it goes: for temporary files, where what is left behind is harmless. */
    public static void deleteQuietly(Path dir) {
        try {
            delete(dir);
        } catch (IOException | RuntimeException e) {
            // best effort: what is left is a temporary file or directory
        }
    }
}
