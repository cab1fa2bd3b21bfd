package icn.scenarios.reproduce;

/**
 * An artifact the reproduction knows how to measure: its id, paper, caption and kind, how long it takes per profile on a two-core
 * machine (for the progress display's estimate), and the code that measures it.
 */
public record ArtifactSpec(String id, String paper, String title, String kind, double quickSeconds, double standardSeconds,
        double fullSeconds, Producer producer) {

    /** Measures an artifact into a builder. */
    @FunctionalInterface
    public interface Producer {
        void produce(Reproduction.Context context, ArtifactBuilder out) throws Exception;
    }

    public static ArtifactSpec table(String id, String title, double quick, double standard, double full, Producer producer) {
        return new ArtifactSpec(id, id.substring(0, 3), title, "table", quick, standard, full, producer);
    }

    public static ArtifactSpec figure(String id, String title, double quick, double standard, double full, Producer producer) {
        return new ArtifactSpec(id, id.substring(0, 3), title, "figure", quick, standard, full, producer);
    }

    public double estimatedSeconds(Profile profile) {
        return profile.pick(quickSeconds, standardSeconds, fullSeconds);
    }
}
