package icn.scenarios.report;

/**
 * Where a long command's rows go as each is measured (a fault curve's point, a traffic rate, a broadcast run, a reproduced
 * artifact): the results directory of the command keeps them while it runs, so that a run interrupted by Ctrl-C or SIGTERM still
 * holds what it measured up to then; a command that ends normally writes its whole results instead and the rows are dropped. It is
 * handed to the experiment by the command that runs it ({@link Observer#row}), never looked up: two commands in one JVM (a job
 * runner's check beside its job, a test) keep their rows apart.
 */
@FunctionalInterface
public interface MeasuredSoFar {

    /** Rows kept nowhere: no results directory listens. */
    MeasuredSoFar NOWHERE = (file, header, row) -> { };

    /** Records one measured row of {@code file}, a CSV whose first line is {@code header}. */
    void row(String file, String header, String row);
}
