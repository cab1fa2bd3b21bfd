package icn.scenarios.hocon;

import com.typesafe.config.Config;
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
import java.nio.file.Path;

/**
 * The one way a scenario or fault file's HOCON is parsed: on its own (issue 36). An {@code include} is refused, and substitutions
 * resolve within the file, never from the environment or the JVM's system properties. A standing cluster's head reads the files
 * submitters send, in its own process: {@code name = ${?ICN_TLS_PASSWORD}} put the head's secret into a results directory's name,
 * and {@code include file("…")} read a file of the head's. A local run loses nothing it needs by it: no scenario shipped or
 * documented uses either.
 */
public final class HoconFile {

    /** The file must exist, and its includes are refused. */
    private static final ConfigParseOptions PARSE = ConfigParseOptions.defaults().setAllowMissing(false).setIncluder(new NoInclude());

    /** Substitutions resolve within the file alone: {@code ${?X}} of a key the file lacks is simply absent. */
    private static final ConfigResolveOptions RESOLVE = ConfigResolveOptions.noSystem();

    private HoconFile() {
    }

    /** {@code file} parsed and resolved on its own: Typesafe Config's errors as they are, an include as bad input naming it. */
    public static Config parse(Path file) {
        return ConfigFactory.parseFile(file.toFile(), PARSE).resolve(RESOLVE);
    }

    /** The resource {@code path} of {@code loader}, likewise. */
    public static Config parseResource(ClassLoader loader, String path) {
        return ConfigFactory.parseResources(loader, path, PARSE).resolve(RESOLVE);
    }

    /**
     * Refuses every {@code include} (plain, {@code file()}, {@code url()}, {@code classpath()}): Typesafe Config hands the forms this
     * includer does not implement to its default includer, so it implements them all. Thrown as bad input, to which the readers add the
     * file's name: one line naming the include.
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
