package icn.launcher;

import picocli.CommandLine.Command;

/** {@code icn bench ...}: benchmarks that print their figures. */
@Command(name = "bench", mixinStandardHelpOptions = true, description = "Benchmarks that print their figures.",
        subcommands = {BenchBroadcastCommand.class})
final class BenchCommand implements Runnable {

    @Override
    public void run() {
        new picocli.CommandLine(this).usage(System.out);
    }
}
