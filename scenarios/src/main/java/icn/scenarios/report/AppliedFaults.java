package icn.scenarios.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import icn.protocols.LinkClass;
import icn.protocols.LinkLatency;
import icn.protocols.Topology;
import icn.protocols.fault.FaultPlan;
import icn.protocols.fault.FaultSpec;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * What a run applied beyond the papers' synchronous, fault-free model, said the same way by every report: crashed nodes, cut arcs, loss
 * and extra delay per link class, link latencies other than one step, killed JVMs, and the faults an experiment varies from run to
 * run (the random faults of a curve's points, CR_n's faulty-node placements). Built from the settings the runs were made with (the
 * {@link FaultPlan} and {@link LinkLatency} of the run request), only for the link classes the networks have. {@link #line()} is the
 * line of the text and of report.md, {@link #json()} the {@code applied} object of result.json; both say {@code none} when nothing was
 * applied.
 */
public record AppliedFaults(Map<LinkClass, Double> loss, Map<LinkClass, Integer> extraDelay, Map<LinkClass, Integer> latency,
        List<Crash> crashes, List<Cut> cuts, List<Kill> kills, boolean continueOnMemberLoss, List<Varied> varied) {

    /** The word every report uses when nothing was applied. */
    public static final String NONE_TEXT = "none";
    /** Nothing applied: the papers' model. */
    public static final AppliedFaults NONE = new AppliedFaults(Map.of(), Map.of(), Map.of(), List.of(), List.of(), List.of(), false, List.of());

    private static final ObjectMapper JSON = new ObjectMapper();
    /** The widest line of the text: the tables commands print fit a terminal of this many columns. */
    public static final int WIDTH = 120;
    /** Labels listed in a line before the rest is counted ("and 7 more"); the JSON lists them all. */
    private static final int LISTED = 6;

    /** Node {@code label} crashed from step {@code step}. */
    public record Crash(String label, long step) {
    }

    /** The arc leaving {@code from} on {@code port} (to {@code to}) cut from step {@code step} to {@code restoredAt} ({@link FaultPlan#NEVER}: never restored). */
    public record Cut(String from, String port, String to, long step, long restoredAt) {
    }

    /** Worker JVM {@code jvm} killed when the run reached step {@code step}. */
    public record Kill(int jvm, long step) {
    }

    /** Faults an experiment varies from run to run, said once: the words of the line, and the fields of its JSON object. */
    public record Varied(String text, Map<String, Object> fields) {
        public Varied {
            fields = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(fields));
        }
    }

    public AppliedFaults {
        loss = immutable(loss);
        extraDelay = immutable(extraDelay);
        latency = immutable(latency);
        crashes = List.copyOf(crashes);
        cuts = List.copyOf(cuts);
        kills = List.copyOf(kills);
        varied = List.copyOf(varied);
    }

    private static <V> Map<LinkClass, V> immutable(Map<LinkClass, V> m) {
        return m.isEmpty() ? Map.of() : java.util.Collections.unmodifiableMap(new EnumMap<>(m));
    }

    /** What a run of {@code topology} with {@code latency} and {@code plan} applied. */
    public static AppliedFaults of(Topology topology, LinkLatency latency, FaultPlan plan) {
        Set<LinkClass> classes = classes(List.of(topology));
        List<Crash> crashes = new ArrayList<>();
        for (int i = 0; i < plan.crashNodes().length; i++) {
            crashes.add(new Crash(topology.label(plan.crashNodes()[i]), plan.crashSteps()[i]));
        }
        List<Cut> cuts = new ArrayList<>();
        for (int i = 0; i < plan.cutNodes().length; i++) {
            int u = plan.cutNodes()[i];
            int p = plan.cutPorts()[i];
            cuts.add(new Cut(topology.label(u), topology.portName(p), topology.label(topology.neighbour(u, p)), plan.cutFrom()[i],
                    plan.cutUntil()[i]));
        }
        List<Kill> kills = new ArrayList<>();
        for (int i = 0; i < plan.killJvms().length; i++) {
            kills.add(new Kill(plan.killJvms()[i], plan.killSteps()[i]));
        }
        return new AppliedFaults(loss(classes, plan.loss()), delay(classes, plan.extraDelay()), latency(classes, latency), crashes, cuts,
                kills, !kills.isEmpty() && plan.continueOnMemberLoss(), List.of());
    }

    /** A fault-free run of {@code topology} with {@code latency}. */
    public static AppliedFaults of(Topology topology, LinkLatency latency) {
        return of(topology, latency, FaultPlan.NONE);
    }

    /** A synchronous run of {@code topology} with {@code plan}. */
    public static AppliedFaults of(Topology topology, FaultPlan plan) {
        return of(topology, LinkLatency.SYNCHRONOUS, plan);
    }

    /**
     * The fault curves of an experiment on {@code topologies}: {@code kind} ({@code node} or {@code link}) random faults 0..{@code
     * maxFaults} drawn before step 1 for each point, {@code seeds} runs a point, the source spared or not, and {@code base}'s loss and
     * extra delay in every run.
     */
    public static AppliedFaults curves(List<Topology> topologies, String kind, int maxFaults, int seeds, boolean sourceSpared,
            FaultSpec base) {
        Set<LinkClass> classes = classes(topologies);
        List<Varied> varied = new ArrayList<>();
        if (maxFaults > 0) {
            Map<String, Object> fields = new LinkedHashMap<>();
            fields.put("randomFaults", kind);
            fields.put("minFaults", 0);
            fields.put("maxFaults", maxFaults);
            fields.put("seedsPerPoint", seeds);
            fields.put("sourceSpared", sourceSpared);
            varied.add(new Varied(String.format(Locale.ROOT, "random %s faults 0..%d before step 1, drawn anew for each of the %d seed%s of"
                    + " a point%s", kind, maxFaults, seeds, seeds == 1 ? "" : "s", sourceSpared ? " (never the source)" : ""), fields));
        }
        return new AppliedFaults(loss(classes, base.loss()), delay(classes, base.extraDelay()), Map.of(), List.of(), List.of(), List.of(),
                false, varied);
    }

    /** The same, with {@code v} said too. */
    public AppliedFaults with(Varied v) {
        List<Varied> all = new ArrayList<>(varied);
        all.add(v);
        return new AppliedFaults(loss, extraDelay, latency, crashes, cuts, kills, continueOnMemberLoss, all);
    }

    /**
     * Several runs that applied {@code applied} (a run each, named by {@code labels}): the one description if they agree, else what
     * each group of runs applied, the runs named once each (repetitions of a run share its label).
     */
    public static AppliedFaults across(List<String> labels, List<AppliedFaults> applied) {
        if (applied.isEmpty() || applied.stream().distinct().count() == 1) {
            return applied.isEmpty() ? NONE : applied.get(0);
        }
        Map<String, java.util.LinkedHashSet<String>> runsBySummary = new LinkedHashMap<>();
        for (int i = 0; i < applied.size(); i++) {
            runsBySummary.computeIfAbsent(applied.get(i).summary(), s -> new java.util.LinkedHashSet<>()).add(labels.get(i));
        }
        List<String> parts = new ArrayList<>();
        List<Map<String, Object>> perRun = new ArrayList<>();
        runsBySummary.forEach((summary, runs) -> {
            parts.add(listed(List.copyOf(runs)) + ": " + summary);
            Map<String, Object> group = new LinkedHashMap<>();
            group.put("summary", summary);
            group.put("runs", List.copyOf(runs));
            perRun.add(group);
        });
        return NONE.with(new Varied("by run: " + String.join(" | ", parts), Map.of("byRun", perRun)));
    }

    /** Runs reported as JSON objects, each with its {@code applied} object, each named by {@code label}: {@link #across}. */
    public static AppliedFaults acrossRuns(List<? extends JsonNode> runs, java.util.function.Function<JsonNode, String> label) {
        return across(runs.stream().map(label).toList(), runs.stream().map(r -> fromJson(r.get("applied"))).toList());
    }

    /** The description an {@code applied} object of result.json holds ({@link #json()}), read back. */
    public static AppliedFaults fromJson(JsonNode o) {
        Map<LinkClass, Double> loss = new EnumMap<>(LinkClass.class);
        Map<LinkClass, Integer> delay = new EnumMap<>(LinkClass.class);
        Map<LinkClass, Integer> latency = new EnumMap<>(LinkClass.class);
        for (LinkClass c : LinkClass.values()) {
            if (o.get("loss").has(c.key())) {
                loss.put(c, o.get("loss").get(c.key()).asDouble());
            }
            if (o.get("extraDelay").has(c.key())) {
                delay.put(c, o.get("extraDelay").get(c.key()).asInt());
            }
            if (o.get("latency").has(c.key())) {
                latency.put(c, o.get("latency").get(c.key()).asInt());
            }
        }
        List<Crash> crashes = new ArrayList<>();
        o.get("crashedNodes").forEach(c -> crashes.add(new Crash(c.get("label").asText(), c.get("step").asLong())));
        List<Cut> cuts = new ArrayList<>();
        o.get("cutLinks").forEach(c -> cuts.add(new Cut(c.get("from").asText(), c.get("port").asText(), c.get("to").asText(),
                c.get("step").asLong(), c.get("restoredAt").isNull() ? FaultPlan.NEVER : c.get("restoredAt").asLong())));
        List<Kill> kills = new ArrayList<>();
        o.get("killedJvms").forEach(k -> kills.add(new Kill(k.get("jvm").asInt(), k.get("step").asLong())));
        List<Varied> varied = new ArrayList<>();
        for (JsonNode v : o.get("varied")) {
            Map<String, Object> fields = new LinkedHashMap<>();
            v.fields().forEachRemaining(e -> {
                if (!e.getKey().equals("text")) {
                    fields.put(e.getKey(), JSON.convertValue(e.getValue(), Object.class));
                }
            });
            varied.add(new Varied(v.get("text").asText(), fields));
        }
        return new AppliedFaults(loss, delay, latency, crashes, cuts, kills, "continue".equals(o.get("onMemberLoss").asText()), varied);
    }

    /** Whether nothing was applied. */
    public boolean none() {
        return loss.isEmpty() && extraDelay.isEmpty() && latency.isEmpty() && crashes.isEmpty() && cuts.isEmpty() && kills.isEmpty()
                && varied.isEmpty();
    }

    /** What was applied in a few words ({@value #NONE_TEXT} for nothing), the same in the text, report.md and result.json. */
    public String summary() {
        List<String> parts = new ArrayList<>();
        if (!crashes.isEmpty()) {
            parts.add(crashes.size() + (crashes.size() == 1 ? " node crashed (" : " nodes crashed (")
                    + listed(crashes.stream().map(c -> c.label() + "@" + c.step()).toList()) + ")");
        }
        if (!cuts.isEmpty()) {
            parts.add(cuts.size() + (cuts.size() == 1 ? " arc cut (" : " arcs cut (") + listed(cuts.stream().map(AppliedFaults::cutText).toList())
                    + ")");
        }
        perClass(parts, "loss", loss, p -> java.math.BigDecimal.valueOf(p).stripTrailingZeros().toPlainString());
        perClass(parts, "extra delay", extraDelay, d -> "+" + d + (d == 1 ? " step" : " steps"));
        perClass(parts, "latency", latency, d -> d + (d == 1 ? " step" : " steps"));
        for (Kill k : kills) {
            parts.add("JVM " + k.jvm() + " killed at step " + k.step() + " (on member loss: " + (continueOnMemberLoss ? "continue" : "abort")
                    + ")");
        }
        varied.forEach(v -> parts.add(v.text()));
        return parts.isEmpty() ? NONE_TEXT : String.join("; ", parts);
    }

    /** The line of the text and of report.md: {@code applied: } and the {@link #summary()}, wrapped to {@value #WIDTH} columns. */
    public String line() {
        return wrap("applied: ", summary(), 2);
    }

    /**
     * {@code prefix} and {@code text}, broken after a comma or semicolon (or a space) so that no line is wider than {@value #WIDTH}
     * columns, each further line indented by {@code indent} spaces: a long list of faults stays readable on a terminal.
     */
    public static String wrap(String prefix, String text, int indent) {
        StringBuilder out = new StringBuilder(prefix);
        String rest = text;
        int room = Math.max(WIDTH / 2, WIDTH - prefix.length());
        while (rest.length() > room) {
            int cut = breakBefore(rest, room);
            out.append(rest, 0, cut).append('\n').append(" ".repeat(indent));
            rest = rest.substring(cut).stripLeading();
            room = Math.max(WIDTH / 2, WIDTH - indent);
        }
        return out.append(rest).toString();
    }

    /** Where to break {@code text} to keep at most {@code room} characters: after the last ";" or "," that fits, else at a space. */
    private static int breakBefore(String text, int room) {
        int at = Math.max(text.lastIndexOf("; ", room - 1), text.lastIndexOf(", ", room - 1));
        if (at > 0) {
            return at + 1;
        }
        at = text.lastIndexOf(' ', room);
        return at > 0 ? at : room; // one word longer than the line: cut it
    }

    /**
     * The {@code applied} object of result.json: {@code none}, {@code summary} (the words of {@link #line()}), {@code loss} and
     * {@code extraDelay} and {@code latency} (steps) by link class (only the classes that differ from the papers' model),
     * {@code crashedNodes} [{label, step}], {@code cutLinks} [{from, port, to, step, restoredAt}], {@code killedJvms} [{jvm, step}],
     * {@code onMemberLoss} (null without a kill) and {@code varied} [{text, ...}].
     */
    public ObjectNode json() {
        ObjectNode o = JSON.createObjectNode();
        o.put("none", none());
        o.put("summary", summary());
        ObjectNode l = o.putObject("loss");
        loss.forEach((c, p) -> l.put(c.key(), p));
        ObjectNode d = o.putObject("extraDelay");
        extraDelay.forEach((c, s) -> d.put(c.key(), s));
        ObjectNode t = o.putObject("latency");
        latency.forEach((c, s) -> t.put(c.key(), s));
        ArrayNode crashed = o.putArray("crashedNodes");
        crashes.forEach(c -> crashed.addObject().put("label", c.label()).put("step", c.step()));
        ArrayNode cut = o.putArray("cutLinks");
        for (Cut c : cuts) {
            ObjectNode x = cut.addObject().put("from", c.from()).put("port", c.port()).put("to", c.to()).put("step", c.step());
            if (c.restoredAt() == FaultPlan.NEVER) {
                x.putNull("restoredAt");
            } else {
                x.put("restoredAt", c.restoredAt());
            }
        }
        ArrayNode killed = o.putArray("killedJvms");
        kills.forEach(k -> killed.addObject().put("jvm", k.jvm()).put("step", k.step()));
        if (kills.isEmpty()) {
            o.putNull("onMemberLoss");
        } else {
            o.put("onMemberLoss", continueOnMemberLoss ? "continue" : "abort");
        }
        ArrayNode v = o.putArray("varied");
        varied.forEach(x -> v.addObject().put("text", x.text()).setAll((ObjectNode) JSON.valueToTree(x.fields())));
        return o;
    }

    private static String cutText(Cut c) {
        return c.from() + " " + c.port() + "@" + c.step() + (c.restoredAt() == FaultPlan.NEVER ? "" : " restored at " + c.restoredAt());
    }

    private static String listed(List<String> items) {
        if (items.size() <= LISTED) {
            return String.join(", ", items);
        }
        return String.join(", ", items.subList(0, LISTED)) + " and " + (items.size() - LISTED) + " more";
    }

    /** {@code what} and the value of each link class that has one: "loss lateral 0.01, local 0.02". */
    private <V> void perClass(List<String> parts, String what, Map<LinkClass, V> values, java.util.function.Function<V, String> text) {
        if (values.isEmpty()) {
            return;
        }
        List<String> each = new ArrayList<>();
        values.forEach((c, v) -> each.add(c.key() + " " + text.apply(v)));
        parts.add(what + " " + String.join(", ", each));
    }

    /** The link classes of {@code topologies}. */
    private static Set<LinkClass> classes(List<Topology> topologies) {
        Set<LinkClass> classes = EnumSet.noneOf(LinkClass.class);
        for (Topology t : topologies) {
            for (int p = 0; p < t.portCount(); p++) {
                classes.add(t.linkClass(p));
            }
        }
        return classes;
    }

    private static Map<LinkClass, Double> loss(Set<LinkClass> classes, double[] loss) {
        Map<LinkClass, Double> m = new EnumMap<>(LinkClass.class);
        classes.stream().filter(c -> loss[c.ordinal()] > 0).forEach(c -> m.put(c, loss[c.ordinal()]));
        return m;
    }

    private static Map<LinkClass, Integer> delay(Set<LinkClass> classes, int[] delay) {
        Map<LinkClass, Integer> m = new EnumMap<>(LinkClass.class);
        classes.stream().filter(c -> delay[c.ordinal()] != 0).forEach(c -> m.put(c, delay[c.ordinal()]));
        return m;
    }

    private static Map<LinkClass, Integer> latency(Set<LinkClass> classes, LinkLatency latency) {
        Map<LinkClass, Integer> m = new EnumMap<>(LinkClass.class);
        classes.stream().filter(c -> latency.of(c) != 1).forEach(c -> m.put(c, latency.of(c)));
        return m;
    }
}
