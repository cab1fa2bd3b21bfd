package icn.scenarios;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigException;
import icn.protocols.InvalidInputException;
import icn.scenarios.hocon.HoconFile;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Scenario files as HOCON: read from a path or from the built-in scenarios on the classpath, each on its own ({@link HoconFile}),
 * every error one line.
 */
final class ScenarioFiles {

    private static final String RESOURCE_DIR = "scenarios/";

    private ScenarioFiles() {
    }

    static Config parseFile(Path file) {
        String fileName = file.getFileName() == null ? file.toString() : file.getFileName().toString();
        if (!Files.isRegularFile(file)) {
            throw new InvalidInputException(file + ": no such scenario file");
        }
        Config config;
        try {
            config = HoconFile.parse(file);
        } catch (ConfigException e) {
            throw new InvalidInputException(fileName + ": " + oneLine(e));
        } catch (InvalidInputException e) {
            throw new InvalidInputException(fileName + ": " + e.getMessage());
        }
        return config;
    }

    static String resourcePath(String resourceName) {
        String path = resourceName.contains("/") ? resourceName : RESOURCE_DIR + resourceName;
        return path.endsWith(".conf") ? path : path + ".conf";
    }

    static Config parseResource(String resourceName) {
        String path = resourcePath(resourceName);
        ClassLoader loader = ScenarioFiles.class.getClassLoader();
        String fileName = path.substring(path.lastIndexOf('/') + 1);
        if (loader.getResource(path) == null) {
            throw new InvalidInputException("no built-in scenario '" + resourceName + "' (looked for " + path + " on the classpath)");
        }
        Config config;
        try {
            config = HoconFile.parseResource(loader, path);
        } catch (ConfigException e) {
            throw new InvalidInputException(fileName + ": " + oneLine(e));
        } catch (InvalidInputException e) {
            throw new InvalidInputException(fileName + ": " + e.getMessage());
        }
        return config;
    }

    static String stripConf(String fileName) {
        return fileName.endsWith(".conf") ? fileName.substring(0, fileName.length() - ".conf".length()) : fileName;
    }

    /** The first line of a Typesafe Config error, its origin rewritten as "line N: ". */
    static String oneLine(ConfigException e) {
        String message = String.valueOf(e.getMessage());
        if (e.origin() != null) {
            String prefix = e.origin().description() + ": ";
            if (message.startsWith(prefix)) {
                message = message.substring(prefix.length());
                if (e.origin().lineNumber() > 0) {
                    message = "line " + e.origin().lineNumber() + ": " + message;
                }
            }
        }
        int newline = message.indexOf('\n');
        return (newline >= 0 ? message.substring(0, newline) : message).strip();
    }
}
