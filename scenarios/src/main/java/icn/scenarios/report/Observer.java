package icn.scenarios.report;

import java.util.function.Consumer;

/**
 * What a long experiment tells its command as it runs: its progress lines ({@link #accept}) and each row it has measured ({@link
 * #row}, kept by the command's results directory as measured so far). A lambda of one line is an observer that keeps no rows.
 */
@FunctionalInterface
public interface Observer extends Consumer<String> {

    /** A row measured, for the command's {@link MeasuredSoFar}; kept nowhere unless the command says where. */
    default void row(String file, String header, String row) {
    }

    /** Lines to {@code lines}, rows to {@code rows}. */
    static Observer of(Consumer<String> lines, MeasuredSoFar rows) {
        return new Observer() {
            @Override
            public void accept(String line) {
                lines.accept(line);
            }

            @Override
            public void row(String file, String header, String row) {
                rows.row(file, header, row);
            }
        };
    }
}
