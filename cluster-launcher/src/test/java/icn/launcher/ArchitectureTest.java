package icn.launcher;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.fields;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaCodeUnit;
import com.tngtech.archunit.core.domain.InstanceofCheck;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The house rules of docs/design.md, held against the compiled classes of every module (tests left out): no cycles between
 * packages; the modules depend downward (protocols ← node-actor ← scenarios ← cluster-launcher); protocols' pure packages, the node
 * programs, the engine seam and the experiments are free of Akka; experiments run through the engine seam and name no engine; only
 * the kind tables test a topology's class; and the launcher's rooms depend only downward (cli → run and pool → cluster → output →
 * the exit codes and version); and no static field of the launcher or the experiments is mutable. {@link MethodLengthTest} holds the sources to methods of at most 80 lines.
 */
class ArchitectureTest {

    static final JavaClasses CLASSES = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("icn");

    /** The step engine's machinery and its implementations, which experiments reach only through the {@code Engine} seam. */
    static final Set<String> ENGINE_CLASSES = Set.of("icn.node.engine.SequentialEngine", "icn.node.engine.LinkLayer",
            "icn.node.engine.StepTimeline", "icn.node.engine.FaultModel", "icn.node.engine.HostBatches");

    /** The only classes that may ask a topology's class: the tables of network kinds. */
    static final Set<String> KIND_TABLES = Set.of("icn.protocols.topology.Topologies", "icn.node.kind.NetworkPrograms",
            "icn.scenarios.kind.NetworkPapers");

    static ArchRule noPackageCycles() {
        return slices().matching("icn.(**)").should().beFreeOfCycles();
    }

    static ArchRule modulesDependDownward() {
        return layeredArchitecture().consideringOnlyDependenciesInLayers()
                .layer("protocols").definedBy("icn.protocols..")
                .layer("node-actor").definedBy("icn.node..")
                .layer("scenarios").definedBy("icn.scenarios..")
                .layer("cluster-launcher").definedBy("icn.launcher..")
                .whereLayer("cluster-launcher").mayNotBeAccessedByAnyLayer()
                .whereLayer("scenarios").mayOnlyBeAccessedByLayers("cluster-launcher")
                .whereLayer("node-actor").mayOnlyBeAccessedByLayers("scenarios", "cluster-launcher");
    }

    static ArchRule pureCodeIsFreeOfAkka() {
        return noClasses().that().resideInAnyPackage("icn.protocols", "icn.protocols.topology..", "icn.protocols.fault..",
                "icn.protocols.traffic..", "icn.node.program..", "icn.node.broadcast..", "icn.node.routing..", "icn.node.packet..",
                "icn.node.traffic..", "icn.node.kind..", "icn.node.engine..", "icn.scenarios..")
                .should().dependOnClassesThat().resideInAnyPackage("akka..", "scala..")
                .because("topologies, node programs, the engine seam and the experiments are plain Java, tested without actors;"
                        + " only the wire (actor messages, the serializer), the node actors and the launcher's cluster edge use Akka");
    }

    static ArchRule experimentsNameNoEngine() {
        return noClasses().that().resideInAPackage("icn.scenarios..")
                .should().dependOnClassesThat(DescribedPredicate.describe("are the node actors or the step engine's machinery",
                        (JavaClass c) -> c.getPackageName().startsWith("icn.node.actor") || ENGINE_CLASSES.contains(c.getName())))
                .because("experiments run through the Engine seam; the engine is chosen once, where the command or scenario is read");
    }

    static ArchRule onlyTheKindTablesTestATopologysClass() {
        return classes().that().resideInAPackage("icn..").should(new ArchCondition<JavaClass>("test a topology's class only in a kind table") {
            @Override
            public void check(JavaClass c, ConditionEvents events) {
                if (KIND_TABLES.contains(c.getName()) || KIND_TABLES.stream().anyMatch(t -> c.getName().startsWith(t + "$"))) {
                    return;
                }
                for (JavaCodeUnit unit : c.getCodeUnits()) {
                    for (InstanceofCheck check : unit.getInstanceofChecks()) {
                        String target = check.getRawType().getName();
                        if (check.getRawType().isAssignableTo("icn.protocols.Topology")) {
                            events.add(SimpleConditionEvent.violated(check, c.getName() + "." + unit.getName() + " tests instanceof " + target + " in "
                                    + check.getSourceCodeLocation()));
                        }
                    }
                }
            }
        });
    }

    /**
     * Only a kind's own classes name its {@code NetworkKind} constant (issue 39): the topology that answers it from {@code kind()},
     * the classes of the kind's programs and papers ({@code KindPrograms}, {@code KindPapers}) that declare it, and the registries
     * and {@code NetworkKind} itself. Anywhere else, naming one is a kind test ({@code t.kind() == NetworkKind.SCC}) that belongs
     * in the kind's class.
     */
    static ArchRule onlyAKindsOwnClassesNameItsConstant() {
        return classes().that().resideInAPackage("icn..").should(new ArchCondition<JavaClass>("name a NetworkKind constant only in the kind's classes") {
            @Override
            public void check(JavaClass c, ConditionEvents events) {
                if (mayNameKinds(c)) {
                    return;
                }
                c.getFieldAccessesFromSelf().stream().filter(a -> a.getTargetOwner().getName().equals("icn.protocols.NetworkKind"))
                        .filter(a -> Character.isUpperCase(a.getName().charAt(0)) && !a.getName().startsWith("$"))
                        .forEach(a -> events.add(SimpleConditionEvent.violated(a, c.getName() + " names NetworkKind." + a.getName() + " in "
                                + a.getSourceCodeLocation())));
            }
        });
    }

    private static boolean mayNameKinds(JavaClass c) {
        String name = c.getName().replaceAll("\\$.*", "");
        return KIND_TABLES.contains(name) || name.equals("icn.protocols.NetworkKind") || name.equals("icn.protocols.Topology")
                || c.getPackageName().equals("icn.protocols.topology") && c.isAssignableTo("icn.protocols.Topology")
                || c.isAssignableTo("icn.node.kind.KindPrograms") || c.isAssignableTo("icn.scenarios.kind.KindPapers");
    }

    /**
     * No cast to a topology's class outside the kind tables and the topology classes (issue 39): read from the main sources, since
     * class files keep casts only as checkcast instructions, which ArchUnit does not report.
     */
    static java.util.List<String> topologyCastsOutsideKindTables() throws java.io.IOException {
        java.util.Set<String> topologies = CLASSES.stream().filter(c -> c.isAssignableTo("icn.protocols.Topology") && !c.isInterface())
                .filter(c -> c.getPackageName().startsWith("icn.protocols")).map(JavaClass::getSimpleName).filter(n -> !n.isEmpty())
                .collect(java.util.stream.Collectors.toSet());
        java.util.regex.Pattern cast = java.util.regex.Pattern.compile("\\(\\s*(" + String.join("|", topologies) + ")\\s*\\)\\s*[\\w(]");
        java.util.List<String> found = new java.util.ArrayList<>();
        java.nio.file.Path root = java.nio.file.Path.of("..").toAbsolutePath().normalize();
        for (String module : java.util.List.of("protocols", "node-actor", "scenarios", "cluster-launcher")) {
            try (java.util.stream.Stream<java.nio.file.Path> files = java.nio.file.Files.walk(root.resolve(module).resolve("src/main/java"))) {
                for (java.nio.file.Path f : files.filter(x -> x.toString().endsWith(".java")).toList()) {
                    String rel = root.relativize(f).toString();
                    if (rel.contains("/icn/protocols/topology/") || KIND_TABLES.stream().anyMatch(t -> rel.endsWith(t.replace('.', '/') + ".java"))) {
                        continue;
                    }
                    java.util.List<String> lines = java.nio.file.Files.readAllLines(f);
                    for (int i = 0; i < lines.size(); i++) {
                        if (cast.matcher(lines.get(i)).find()) {
                            found.add(rel + ":" + (i + 1) + ": " + lines.get(i).strip());
                        }
                    }
                }
            }
        }
        return found;
    }

    /**
     * No process-wide mutable state where commands run (issue 37): each command is handed its console, machines, results and
     * progress ({@code CommandContext}), so two commands in one JVM (a job runner's check beside its job, a test) cannot write into
     * each other's. A static field there is a constant.
     */
    static ArchRule noMutableStaticsWhereCommandsRun() {
        return fields().that().areStatic().and().areDeclaredInClassesThat().resideInAnyPackage("icn.launcher..", "icn.scenarios..")
                .should().beFinal()
                .because("a command's state is handed to it (CommandContext, Session, Engines), never kept in a static field");
    }

    static ArchRule launcherRoomsDependDownward() {
        return layeredArchitecture().consideringOnlyDependenciesInLayers()
                .layer("cli").definedBy("icn.launcher.cli..")
                .layer("run").definedBy("icn.launcher.run..")
                .layer("pool").definedBy("icn.launcher.pool..")
                .layer("cluster").definedBy("icn.launcher.cluster..")
                .layer("output").definedBy("icn.launcher.output..")
                .layer("leaf").definedBy("icn.launcher")
                .whereLayer("cli").mayNotBeAccessedByAnyLayer()
                .whereLayer("run").mayOnlyBeAccessedByLayers("cli")
                .whereLayer("pool").mayOnlyBeAccessedByLayers("cli")
                .whereLayer("cluster").mayOnlyBeAccessedByLayers("cli", "run", "pool")
                .whereLayer("output").mayOnlyBeAccessedByLayers("cli", "run", "pool", "cluster")
                .whereLayer("leaf").mayOnlyBeAccessedByLayers("cli", "run", "pool", "cluster", "output");
    }

    @Test
    void noCyclesBetweenPackages() {
        noPackageCycles().check(CLASSES);
    }

    @Test
    void theModulesDependDownward() {
        modulesDependDownward().check(CLASSES);
    }

    @Test
    void topologiesNodeProgramsAndExperimentsAreFreeOfAkka() {
        pureCodeIsFreeOfAkka().check(CLASSES);
    }

    @Test
    void experimentsAreFreeOfEngineClasses() {
        experimentsNameNoEngine().check(CLASSES);
    }

    @Test
    void onlyKindTablesTestATopologysClass() {
        onlyTheKindTablesTestATopologysClass().check(CLASSES);
    }

    @Test
    void onlyAKindsOwnClassesTestItsKind() {
        onlyAKindsOwnClassesNameItsConstant().check(CLASSES);
    }

    @Test
    void noCastToATopologysClassOutsideTheKindTables() throws java.io.IOException {
        org.junit.jupiter.api.Assertions.assertEquals(java.util.List.of(), topologyCastsOutsideKindTables(),
                "casts to a topology's class: ask Topologies.as, or give the kind's class the code");
    }

    @Test
    void noStaticFieldWhereCommandsRunIsMutable() {
        noMutableStaticsWhereCommandsRun().check(CLASSES);
    }

    @Test
    void theLaunchersRoomsDependOnlyDownward() {
        launcherRoomsDependDownward().check(CLASSES);
    }
}
