package icn.scenarios;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigException;
import com.typesafe.config.ConfigFactory;
import com.typesafe.config.ConfigIncludeContext;
import com.typesafe.config.ConfigIncluder;
import com.typesafe.config.ConfigIncluderClasspath;
import com.typesafe.config.ConfigIncluderFile;
import com.typesafe.config.ConfigIncluderURL;
import com.typesafe.config.ConfigObject;
import com.typesafe.config.ConfigParseOptions;
import com.typesafe.config.ConfigResolveOptions;
import icn.protocols.InvalidInputException;
import java.io.File;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Scenario and fault files as HOCON: read from a path or from the built-in scenarios on the classpath, every error one line. A file
 * is read on its own (issue 36): an {@code include} is refused, and substitutions resolve within the file, never from the
 * environment or the JVM's system properties. A standing cluster's head reads files that submitters sent, in its own process:
 * {@code name = ${?ICN_TLS_PASSWORD}} put the head's secret into a results directory's name, and {@code include file("…")} read a
 * file of the head's. A local run loses nothing it needs by it: no scenario shipped or documented uses either.
 */
public final class ScenarioFiles {

    private static final String RESOURCE_DIR = "scenarios/";

    /** How every scenario and fault file is parsed: the file must exist, and its includes are refused. */
    private static final ConfigParseOptions PARSE = ConfigParseOptions.defaults().setAllowMissing(false).setIncluder(new NoInclude());

    /** How its substitutions resolve: within the file alone ({@code ${?X}} of a key the file lacks is simply absent). */
    private static final ConfigResolveOptions RESOLVE = ConfigResolveOptions.noSystem();

    private ScenarioFiles() {
    }

    /**
     * {@code file} parsed and resolved on its own (see the class comment): Typesafe Config's errors as they are, and an include as
     * bad input naming it.
     */
    public static Config parseOnItsOwn(Path file) {
        return ConfigFactory.parseFile(file.toFile(), PARSE).resolve(RESOLVE);
    }

    static Config parseFile(Path file) {
        String fileName = file.getFileName() == null ? file.toString() : file.getFileName().toString();
        if (!Files.isRegularFile(file)) {
            throw new InvalidInputException(file + ": no such scenario file");
        }
        Config config;
        try {
            config = parseOnItsOwn(file);
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
            config = ConfigFactory.parseResources(loader, path, PARSE).resolve(RESOLVE);
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

    /**
     * Refuses every {@code include} (plain, {@code file()}, {@code url()}, {@code classpath()}): Typesafe Config hands the forms this
     * includer does not implement to its default includer, so it implements them all. Thrown as bad input, which the readers pass on
     * as it is: one line naming the include.
     */
    private static final class NoInclude implements ConfigIncluder, ConfigIncluderFile, ConfigIncluderURL, ConfigIncluderClasspath {

        @Override
        public ConfigIncluder withFallback(ConfigIncluder fallback) {
            return this; // no fallback: a fallback would read what this refuses
        }

        @Override
        public ConfigObject include(ConfigIncludeContext context, String what) {
            throw refused("\"" + what + "\"");
        }

        @Override
        public ConfigObject includeFile(ConfigIncludeContext context, File what) {
            throw refused("file(\"" + what + "\")");
        }

        @Override
        public ConfigObject includeURL(ConfigIncludeContext context, URL what) {
            throw refused("url(\"" + what + "\")");
        }

        @Override
        public ConfigObject includeResources(ConfigIncludeContext context, String what) {
            throw refused("classpath(\"" + what + "\")");
        }

        private static InvalidInputException refused(String what) {
            return new InvalidInputException("include " + what + " is refused: a scenario or fault file is read on its own, without"
                    + " includes (write the settings into it)");
        }
    }
}
