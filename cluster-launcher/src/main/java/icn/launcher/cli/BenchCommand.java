package icn.launcher.cli;

import icn.launcher.cluster.CommandContext;

import icn.launcher.output.Console;
import picocli.CommandLine.Command;

/** {@code icn bench ...}: benchmarks that print their figures. */
@Command(name = "bench", mixinStandardHelpOptions = true, description = "Benchmarks that print their figures.",
        subcommands = {BenchBroadcastCommand.class, BenchRouteCommand.class, BenchTrafficCommand.class, BenchStartCommand.class})
final class BenchCommand implements Runnable {
    private final CommandContext ctx;

    BenchCommand(CommandContext ctx) {
        this.ctx = ctx;
    }


    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(ctx.out());
    }
}
